// @vitest-environment happy-dom
// The results grid takes the few settings it draws with as signals of their own: a setting it does
// not use (as component, a Lottie's placing) does not render it again; one it uses (the variant) does.
// Renders are counted by Preact's own hook after each component's diff, so the count is what ran.
import { options, type VNode } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Grid } from "../../../src/ui/grid/Grid";
import { PlacingGrid } from "../../../src/ui/grid/PlacingGrid";
import { iconItem } from "../support/icon-items";
import { fakeLayout, settle } from "../support/mount";
import { mountGrid } from "../support/mount-grid";

const ITEMS = [
  ...["regular", "bold", "fill"].map((w) => iconItem("phosphor", "house", w)),
  iconItem("tabler", "home", "outline"),
];

const renders = new Map<unknown, number>();
const before = options.diffed;

describe("what renders the grid again", () => {
  beforeAll(() => fakeLayout(360, 400));
  afterEach(() => {
    options.diffed = before;
    document.body.innerHTML = "";
  });

  it("is a setting it draws with, never another one", async () => {
    const ui = await mountGrid(ITEMS);
    renders.clear();
    options.diffed = (vnode: VNode) => {
      renders.set(vnode.type, (renders.get(vnode.type) ?? 0) + 1);
      before?.(vnode);
    };
    const count = () => [renders.get(PlacingGrid) ?? 0, renders.get(Grid) ?? 0];
    await act(() => ui.app.settings.update({ insertAsComponent: true, lottieAs: "first-frame" }));
    await settle();
    expect(ui.app.settings.settings.peek()).toMatchObject({ insertAsComponent: true });
    expect(count()).toEqual([0, 0]);
    // The counter counts: the variant is drawn by every cell.
    await act(() => ui.app.settings.update({ iconVariant: "bold" }));
    await settle();
    expect(count()[0]).toBeGreaterThan(0);
    expect(ui.container.querySelector('[role="gridcell"]')?.getAttribute("aria-label")).toBe(
      "House, Phosphor, Bold",
    );
  });
});
