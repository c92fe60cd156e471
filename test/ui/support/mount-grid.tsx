// The results grid mounted alone over a whole app's stores, fed by one scripted page of icons: for the
// tests of what a cell shows. The grid reads the store's items at render, so it is rendered before
// the search and again after it.
import { render } from "preact";
import { act } from "preact/test-utils";
import { PlacingGrid } from "../../../src/ui/grid/PlacingGrid";
import { fakePlugin } from "./fake-plugin";
import { json, PROXY, type Route } from "./fake-service";
import type { IconItem } from "./icon-items";
import { buildApp, settle } from "./mount";
import { downloadRoute, fileRoute } from "./routes";

/** Every search answers these icons, all on one page. */
export const iconsRoute =
  (items: IconItem[]): Route =>
  (url) =>
    url.pathname === "/v3/search" ? json({ items: { total: items.length, data: items } }) : undefined;

export async function mountGrid(
  items: IconItem[],
  settings: Record<string, unknown> = {},
  respond?: (type: string, payload: Record<string, unknown>) => unknown,
) {
  const storage = new Map<string, unknown>([["settings", { proxyUrl: PROXY, ...settings }]]);
  const plugin = fakePlugin({ storage, ...(respond ? { respond } : {}) });
  const built = buildApp({ routes: [iconsRoute(items), downloadRoute(), fileRoute], plugin });
  const { app } = built;
  const container = document.createElement("div");
  document.body.append(container);
  const renderGrid = () =>
    render(
      <PlacingGrid
        stores={app.placing}
        items={app.search.items.value}
        type="icon"
        focusIndex={app.focusIndex}
        onPreviewFail={() => undefined}
        onNearEnd={() => undefined}
        onExitTop={() => undefined}
        resetKey=""
      />,
      container,
    );
  await act(renderGrid);
  await act(() => app.start());
  await settle();
  await act(renderGrid);
  return { ...built, container };
}
