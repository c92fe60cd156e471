// @vitest-environment happy-dom
// Under a weight only some sets draw, the cells showing a real drawing of it come first, then the
// stand-ins (Tabler's outline drawn bolder for Bold), each in the service's order, across the pages
// loaded; the cells the grid has rendered never move, a later page's real drawings come after them.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { groupVariants } from "../../../src/ui/variants/group-variants";
import { realFirst } from "../../../src/ui/variants/real-first";
import { type IconItem, iconItem } from "../support/icon-items";
import { appGrid, mountGrid } from "../support/mount-grid";

afterEach(() => {
  document.body.innerHTML = "";
});

const phosphor = (name: string) => [
  iconItem("phosphor", name, "regular"),
  iconItem("phosphor", name, "bold"),
  iconItem("phosphor", name, "thin"),
];
const tabler = (name: string) => iconItem("tabler", name, "outline");

/** The first page: Tabler's outlines ranked above Phosphor's houses, as the service ranks "home". */
const pageOne: IconItem[] = [tabler("home"), tabler("home-2"), ...phosphor("house"), tabler("door")];
const pageTwo: IconItem[] = [tabler("sofa"), ...phosphor("house-line"), tabler("window")];

/** The names of the cells in view (the grid renders only those: the first two here), in order. */
const names = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[role="gridcell"]')]
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
    .map((cell) => cell.dataset.name);

describe("the real drawings of the chosen weight first", () => {
  it("orders one page: real Bold first, then the stand-ins, each in the service's order", async () => {
    const { container } = await mountGrid(pageOne, { iconVariant: "bold", iconStrokeWidth: null });
    expect(names(container)).toEqual(["house", "home"]);
  });

  it("keeps the service's order under a weight every cell draws", async () => {
    const { container } = await mountGrid(pageOne, { iconVariant: "regular", iconStrokeWidth: null });
    expect(names(container)).toEqual(["home", "home-2"]);
  });

  it("puts a later page's real drawings straight after the cells shown, before unseen stand-ins", async () => {
    // Phosphor's real Bold "house" last on page one; only the first two cells are rendered.
    const first: IconItem[] = [
      tabler("home"),
      tabler("home-2"),
      tabler("door"),
      tabler("sofa"),
      ...phosphor("house"),
    ];
    const { app, container } = await mountGrid(first, { iconVariant: "bold", iconStrokeWidth: null });
    expect(names(container)).toEqual(["house", "home"]);
    // Page two brings a real Bold "house-line": no one has seen "home-2", "door" or "sofa" yet.
    const all = [...app.search.items.value, tabler("window"), ...phosphor("house-line")];
    await act(() => render(appGrid(app, { items: all as never }), container));
    expect(names(container)).toEqual(["house", "home"]);
    // Two rows further down: the third cell is the real drawing, not page one's stand-in.
    const grid = container.querySelector<HTMLElement>('[role="grid"]')!;
    grid.scrollTop = 2 * 52;
    await act(() => {
      grid.dispatchEvent(new Event("scroll"));
    });
    expect(names(container)).toEqual(["house", "home", "house-line", "home-2"]);
  });

  it("keeps every cell rendered once in its place, scrolled past or not", async () => {
    const first: IconItem[] = [
      tabler("home"),
      tabler("home-2"),
      tabler("door"),
      tabler("sofa"),
      ...phosphor("house"),
    ];
    const { app, container } = await mountGrid(first, { iconVariant: "bold", iconStrokeWidth: null });
    const grid = container.querySelector<HTMLElement>('[role="grid"]')!;
    const scrollTo = (top: number) => {
      grid.scrollTop = top;
      return act(() => {
        grid.dispatchEvent(new Event("scroll"));
      });
    };
    await scrollTo(2 * 52);
    expect(names(container)).toEqual(["house", "home", "home-2", "door"]);
    await scrollTo(0);
    const all = [...app.search.items.value, ...phosphor("house-line")];
    await act(() => render(appGrid(app, { items: all as never }), container));
    await scrollTo(4 * 52);
    // "home-2" and "door" were on screen: the real drawing goes after them, before "sofa".
    expect(names(container)).toEqual(["home-2", "door", "house-line", "sofa"]);
  });

  it("asks the next page once, early, when nothing loaded below the cells shown draws the weight", async () => {
    // Far from the end: the grid's own paging asks nothing yet.
    const first: IconItem[] = [
      ...phosphor("house"),
      ...["home", "door", "sofa", "window", "lamp"].map(tabler),
    ];
    const { app, container } = await mountGrid(first, { iconVariant: "bold", iconStrokeWidth: null });
    let asked = 0;
    const again = () => render(appGrid(app, { onNearEnd: () => asked++, resetKey: "home" }), container);
    // "house" and "home" shown; the four below are all stand-ins.
    await act(again);
    expect(names(container)).toEqual(["house", "home"]);
    expect(asked).toBe(1);
    await act(again);
    expect(asked).toBe(1);
    // Under Regular every cell draws the weight itself: nothing to look ahead for.
    await act(() => app.settings.update({ iconVariant: "regular" }));
    await act(() =>
      render(
        appGrid(app, { onNearEnd: () => asked++, resetKey: "home", items: [...app.search.items.value] }),
        container,
      ),
    );
    expect(asked).toBe(1);
  });

  it("never moves a cell already shown when the next page comes", async () => {
    const { app, container } = await mountGrid(pageOne, { iconVariant: "bold", iconStrokeWidth: null });
    expect(names(container)).toEqual(["house", "home"]);
    // Page two brings a real Bold house: it goes after the cells shown, not before "home".
    const all = [...app.search.items.value, ...pageTwo];
    await act(() => render(appGrid(app, { items: all as never }), container));
    expect(names(container)).toEqual(["house", "home"]);
  });
});

describe("realFirst", () => {
  const groups = groupVariants([...pageOne, ...pageTwo] as never);

  it("leaves the order alone with no weight chosen", () => {
    expect(realFirst(groups, null).map((g) => g.members[0]!.name)).toEqual(
      groups.map((g) => g.members[0]!.name),
    );
  });

  it("keeps the placed cells where they were and bands only the new ones", () => {
    const placed = realFirst(groupVariants(pageOne as never), "bold").map((g) => g.key);
    const order = realFirst(groups, "bold", placed).map((g) => g.members[0]!.name);
    expect(order).toEqual(["house", "home", "home-2", "door", "house-line", "sofa", "window"]);
  });

  it("a later member joining a placed stand-in does not move it", () => {
    // Page one holds only the regular drawing of "house"; its Bold comes on page two.
    const first = [tabler("home"), iconItem("phosphor", "house", "regular"), tabler("door")];
    const placed = realFirst(groupVariants(first as never), "bold").map((g) => g.key);
    const later = groupVariants([...first, iconItem("phosphor", "house", "bold")] as never);
    expect(realFirst(later, "bold", placed).map((g) => g.key)).toEqual(placed);
  });
});
