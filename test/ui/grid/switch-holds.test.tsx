// @vitest-environment happy-dom
// The variant switch shows its first choice as chosen when none is saved: the cells follow that
// choice, and a look-alike whose only drawing among the results is another variant (Find similar's
// filled eye, say) carries the lacking mark, as it would with Regular chosen by hand.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { PlacingGrid } from "../../../src/ui/grid/PlacingGrid";
import { fakePlugin } from "../support/fake-plugin";
import { json, PROXY, type Route } from "../support/fake-service";
import { type IconItem, iconItem } from "../support/icon-items";
import { buildApp, settle } from "../support/mount";
import { downloadRoute, fileRoute } from "../support/routes";

const searchRoute =
  (items: IconItem[]): Route =>
  (url) =>
    url.pathname === "/v3/search" ? json({ items: { total: items.length, data: items } }) : undefined;

afterEach(() => {
  document.body.innerHTML = "";
});

async function mount(items: IconItem[], iconVariant: string | null) {
  const storage = new Map<string, unknown>([["settings", { proxyUrl: PROXY, iconVariant }]]);
  const built = buildApp({
    routes: [searchRoute(items), downloadRoute(), fileRoute],
    plugin: fakePlugin({ storage }),
  });
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
  return container;
}

const items = [
  iconItem("tabler", "arrow", "outline"),
  iconItem("tabler", "arrow", "filled"),
  // Only its filled drawing came back.
  iconItem("tabler", "eye", "filled"),
];

describe("with no variant saved", () => {
  it("marks the cells that cannot show the switch's first choice", async () => {
    const container = await mount(items, null);
    const chosen = container.querySelector('[role="radio"][aria-checked="true"]');
    expect(chosen?.textContent).toMatch(/Outline/);
    const eye = container.querySelector('[data-name="eye"]');
    const arrow = container.querySelector('[data-name="arrow"]');
    expect(eye?.hasAttribute("data-lacking")).toBe(true);
    expect(arrow?.hasAttribute("data-lacking")).toBe(false);
  });
});
