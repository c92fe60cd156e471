// The first search leaves from the page's boot data (how the plugin was started, the settings), not
// after the plugin's `ready` answer: that round trip no longer sits before what the designer waits
// for. `ready` then confirms it without a second search; Replace and Find similar still wait for it.
import { afterEach, expect, it } from "vitest";
import type { ResponsePayload } from "../../src/messages/types";
import { SEARCH_PAGE } from "../../src/ui/search/search-store";
import { PROXY, searchRoute } from "./support/fake-service";
import { buildApp, settle } from "./support/mount";

/** A page of the results, told apart from the small counting searches by its size. */
const PAGE = String(SEARCH_PAGE);

const SETTINGS = { proxyUrl: PROXY, accessToken: "design-token" };
let dispose = () => {};
afterEach(() => dispose());

/** The plugin's `ready`, held until `answer` is called. */
function heldReady(command: "open" | "search" | "similar", query?: string) {
  let answer = () => {};
  const ready = new Promise<ResponsePayload<"ready">>((resolve) => {
    answer = () =>
      resolve({
        launch: { command, ...(query ? { query } : {}) },
        selection: { count: 0, nodes: [] },
        settings: SETTINGS,
        editorType: "figma",
      } as unknown as ResponsePayload<"ready">);
  });
  return { ready, answer: () => answer() };
}

it.each([
  ["search", "arrow", "arrow"],
  ["open", undefined, null],
] as const)("a %s launch searches before `ready` answers, and once", async (command, query, sent) => {
  const built = buildApp({ routes: [searchRoute(500)] });
  dispose = () => built.app.search.dispose();
  const held = heldReady(command, query);
  const boot = { settings: SETTINGS, launch: { command, ...(query ? { query } : {}) } };
  built.app.prime(boot);
  built.app.searchFromLaunch(boot);
  const started = built.app.start(held.ready);
  await settle();
  const early = built.service.searches().filter((url) => url.searchParams.get("per_page") === PAGE);
  expect(early.map((url) => url.searchParams.get("query"))).toEqual([sent]);
  held.answer();
  await started;
  await settle();
  const pages = built.service.searches().filter((url) => url.searchParams.get("per_page") === PAGE);
  expect(pages).toHaveLength(1);
  expect(built.app.search.items.value.length).toBeGreaterThan(0);
});

it("Find similar waits for `ready`: it reads the selection first", async () => {
  const built = buildApp({ routes: [searchRoute(500)] });
  dispose = () => built.app.search.dispose();
  const held = heldReady("similar");
  const boot = { settings: SETTINGS, launch: { command: "similar" as const } };
  built.app.prime(boot);
  built.app.searchFromLaunch(boot);
  const started = built.app.start(held.ready);
  await settle();
  expect(built.service.searches()).toEqual([]);
  held.answer();
  await started.catch(() => undefined);
});

/** Every credits read the window sent. */
const creditReads = (built: ReturnType<typeof buildApp>) =>
  built.service.requests.filter((r) => new URL(r.url).pathname === "/v3/credits").length;

const creditsRoute = (url: URL) =>
  url.pathname === "/v3/credits"
    ? new Response(JSON.stringify({ response: { credits: { used: 3, allowance: 100 } } }), {
        headers: { "content-type": "application/json" },
      })
    : undefined;

it("takes its own settings as it opens without asking the server anything again", async () => {
  const built = buildApp({ routes: [searchRoute(500), creditsRoute] });
  dispose = () => built.app.search.dispose();
  const held = heldReady("open");
  const boot = { settings: SETTINGS, launch: { command: "open" as const } };
  built.app.prime(boot);
  built.app.searchFromLaunch(boot);
  const started = built.app.start(held.ready);
  held.answer();
  await started;
  await settle();
  // The meter read once, after `ready`; one browse.
  expect(creditReads(built)).toBe(1);
  expect(built.service.searches().filter((u) => u.searchParams.get("per_page") === PAGE)).toHaveLength(1);

  // Another token later is another account: its credits are read again, and its results.
  await built.app.settings.update({ accessToken: "another-token" });
  await settle();
  expect(creditReads(built)).toBe(2);
  expect(built.service.searches().filter((u) => u.searchParams.get("per_page") === PAGE)).toHaveLength(2);
});
