// The results grid mounted alone over a whole app's stores, fed by one scripted page of icons: for the
// tests of what a cell shows. The grid reads the store's items at render, so it is rendered before
// the search and again after it.
import { type ComponentProps, render, type VNode } from "preact";
import { act } from "preact/test-utils";
import type { Asset } from "../../../src/api/contract/spec-objects";
import type { AssetType } from "../../../src/api/contract/tables";
import type { AppState } from "../../../src/ui/app-state";
import { Grid, type GridProps } from "../../../src/ui/grid/Grid";
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
  const renderGrid = () => render(appGrid(app), container);
  await act(renderGrid);
  await act(() => app.start());
  await settle();
  await act(renderGrid);
  // The frame that paints the first cells is past: the rows beyond view and the pictures are in.
  await settle();
  return { ...built, container };
}

const noop = () => {};

/** The results grid over a whole app's stores, as the window renders it, with a test's own props. */
export function appGrid(app: AppState, extra: Partial<ComponentProps<typeof PlacingGrid>> = {}) {
  return (
    <PlacingGrid
      stores={app.placing}
      items={app.search.items.value}
      type="icon"
      focusIndex={app.focusIndex}
      onPreviewFail={noop}
      onNearEnd={noop}
      onExitTop={noop}
      resetKey=""
      {...extra}
    />
  );
}

/**
 * The grid view alone, with no stores: every callback a no-op unless given. Once the frame that
 * paints its first cells is past (the rows beyond view and the pictures follow it).
 */
export async function mountGridView(items: Asset[], overrides: Partial<GridProps> = {}) {
  const container = document.createElement("div");
  document.body.append(container);
  const props: GridProps = {
    items,
    type: "icon",
    focusIndex: 0,
    busyUuid: null,
    onFocusIndex: noop,
    onInsert: noop,
    onDetail: noop,
    onDragStart: () => "drop-1",
    onDragEnd: noop,
    onNearEnd: noop,
    onExitTop: noop,
    ...overrides,
  };
  act(() => render(<Grid {...props} />, container));
  await settle();
  return container;
}

/**
 * The grid alone, with no stores behind it: `items` of one `type`, the focus kept here and every
 * other handler a no-op; `wrap` puts what the test provides (a context) around it. Nothing is
 * rendered until the test calls `draw` (and again after a layout, as the window re-renders).
 */
export function bareGrid(items: Asset[], type: AssetType, wrap: (grid: VNode) => VNode = (grid) => grid) {
  const container = document.createElement("div");
  document.body.append(container);
  let focusIndex = 0;
  const draw = () =>
    render(
      wrap(
        <Grid
          items={items}
          type={type}
          focusIndex={focusIndex}
          busyUuid={null}
          onFocusIndex={(i) => {
            focusIndex = i;
          }}
          onInsert={noop}
          onDetail={noop}
          onDragStart={() => ""}
          onDragEnd={noop}
          onNearEnd={noop}
          onExitTop={noop}
        />,
      ),
      container,
    );
  return { container, draw };
}
