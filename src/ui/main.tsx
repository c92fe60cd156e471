// The iframe's entry: builds the stores over the real message port and api client, renders the app.

// The tokens and base controls first: the views' own styles, imported with them, build on these.
import "./app.css";
import { render } from "preact";
import { createUiPort } from "../messages/ui-port";
import { searchesBeforeRender } from "./app/start";
import { createAppState, READY_TIMEOUT_MS } from "./app-state";
import { readBoot } from "./boot/boot-data";
import { earlyReadyAnswer } from "./boot/early-ready-answer";
import { renderWhenAnswered } from "./boot/first-render";
import { withFirstSearch } from "./boot/first-search";
import { withFirstSets } from "./boot/first-sets";
import { WindowChoice } from "./command/WindowChoice";
import { StrokedPreviewsContext } from "./preview/stroked-previews";
import { createUiApi } from "./services/ui-api";
import { applySystemTheme } from "./theme";
import { windowResizer } from "./window/resize-window";
// Last: in the built window it hands the rarely opened views the modules above (rare/shared-modules.ts).
import "./rare/shared-modules";

const port = createUiPort();
// The first search the page's first script sent (boot/first-search.ts): the search store's own
// request for that page takes its answer instead of asking again.
// So do the set searches it sent once that answered, on a first-ever home (boot/first-sets.ts).
const fetchEarly = withFirstSets(
  globalThis.__assetportFirstSets,
  withFirstSearch(globalThis.__assetportFirstSearch),
);
const app = createAppState({
  port,
  makeApi: (proxyUrl, token) => createUiApi(proxyUrl, token, { fetch: fetchEarly }),
});

const resizeWindow = windowResizer(port);

applySystemTheme();
// The plugin is asked how it was started before the first render, not after: its answer (and the
// first search it lets leave) crosses to the sandbox and back while this frame renders the window.
// In the built page the question left earlier still, before this script was parsed (early-ready.ts).
// What the plugin wrote into the page (settings, the home the last window kept): shown by the first
// render, before any round trip.
const boot = readBoot();
app.prime(boot);
const early = globalThis.__assetportEarlyReady;
void app.start(early ? earlyReadyAnswer(early, READY_TIMEOUT_MS) : undefined);
// A quick action's words, or a first-ever open (no home kept: nothing to paint before the browse
// answers), have nothing to paint first: the search leaves before the first render, and its round
// trip to the service runs while this frame renders the window.
const searchFirst = searchesBeforeRender(boot, app.sets.list.peek().length > 0);
if (searchFirst) app.searchFromLaunch(boot);
const root = document.getElementById("app");
function renderWindow() {
  // Every preview, wherever a view draws one, shows the stroke width chosen in the insert bar.
  if (root)
    render(
      <StrokedPreviewsContext.Provider value={app.strokedPreviews}>
        <WindowChoice app={app} resizeWindow={resizeWindow} />
      </StrokedPreviewsContext.Provider>,
      root,
    );
  // For the bench's account of the cold start (bench/ui.bench.mjs): the first render is done.
  performance.mark("assetport:rendered");
  // Opening on a kept home, the first search leaves in the next task, not before the first render:
  // setting it off runs the search, sets and counts stores' effects (tens of ms), which the kept
  // home, painted by that render, must not wait for. It still leaves well before `ready` comes back.
  if (!searchFirst) setTimeout(() => app.searchFromLaunch(boot), 0);
}
// The search the page's first script sent may be answered already: the first render waits a moment
// for it, so the first frame paints the results rather than their placeholders (first-render.ts).
if (searchFirst && globalThis.__assetportFirstSearch) renderWhenAnswered(app.search.status, renderWindow);
else renderWindow();
