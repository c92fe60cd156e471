// @vitest-environment happy-dom
// The frame that paints a grid's first results builds only what a designer sees: the grid reads its
// box once the browser has laid it out (a ResizeObserver's notice), never in the middle of a render,
// and renders the rows in view and the next, with their placeholders; the rows beyond them, and the
// pictures' requests, come after that frame is painted.
import { options, render } from "preact";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { Grid, type GridProps } from "../../../src/ui/grid/Grid";
import { iconItem } from "../support/icon-items";

const noop = () => {};
const ITEMS = Array.from({ length: 120 }, (_, i) => iconItem("tabler", `icon-${i}`, "outline")) as Asset[];

/** A ResizeObserver that tells of the box only when the test says the browser has laid it out. */
const observers: { notify(): void }[] = [];
class HeldObserver implements ResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {
    observers.push({ notify: () => this.callback([], this) });
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** The scroller's box a 360 px wide window gives it, and how often it was read. */
let reads = 0;
function layout(width: number, height: number) {
  Object.defineProperty(HTMLElement.prototype, "clientWidth", {
    configurable: true,
    get: () => {
      reads++;
      return width;
    },
  });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => height });
}

/** Frame callbacks (Preact's effects wait for one too): held until the test paints a frame. */
let painted: (() => void)[] = [];
const beforeRaf = options.requestAnimationFrame;
const saved = { raf: globalThis.requestAnimationFrame, cancel: globalThis.cancelAnimationFrame };
/** Every re-render queued so far has run (Preact queues them as microtasks). */
const rendered = () => new Promise((resolve) => setTimeout(resolve, 0));

function mount(items: Asset[]) {
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
  };
  render(<Grid {...props} />, container);
  return {
    container,
    cells: () => container.querySelectorAll('[role="gridcell"]').length,
    rows: () => container.querySelectorAll('[role="row"]').length,
    /** The pictures asked for: an <img> with its link. */
    asked: () =>
      [...container.querySelectorAll<HTMLImageElement>('[role="gridcell"] img')].filter((img) =>
        img.getAttribute("src"),
      ).length,
    /** Cells showing their placeholder. */
    waiting: () => container.querySelectorAll('[role="gridcell"] > .preview[data-loading]').length,
    fill: (next: Asset[]) => render(<Grid {...props} items={next} loading={false} />, container),
  };
}

describe("the frame that paints a grid's first results", () => {
  beforeEach(() => {
    globalThis.ResizeObserver = HeldObserver;
    observers.length = 0;
    reads = 0;
    painted = [];
    options.requestAnimationFrame = (paint) => painted.push(paint);
    globalThis.requestAnimationFrame = (paint) => painted.push(() => paint(0));
    globalThis.cancelAnimationFrame = () => {};
    // 360 px wide (six 48 px columns), 400 px high: eight rows of 52 px in view, the last in part.
    layout(360, 400);
  });
  afterEach(() => {
    options.requestAnimationFrame = beforeRaf;
    globalThis.requestAnimationFrame = saved.raf;
    globalThis.cancelAnimationFrame = saved.cancel;
    document.body.innerHTML = "";
  });

  it("reads the grid's box once laid out, not while rendering", async () => {
    const grid = mount(ITEMS);
    await rendered();
    expect(reads).toBe(0);
    for (const observer of observers) observer.notify();
    await rendered();
    expect(reads).toBeGreaterThan(0);
    // Laid out in six columns from the box it was told of.
    expect(grid.container.querySelector('[data-index="5"]')?.getAttribute("aria-colindex")).toBe("6");
  });

  it("renders the rows in view and the next, and the rest once painted", async () => {
    const grid = mount([]);
    for (const observer of observers) observer.notify();
    await rendered();
    for (const paint of painted.splice(0)) paint();
    await rendered();
    // The first results come in.
    grid.fill(ITEMS);
    await rendered();
    expect(grid.rows()).toBe(9);
    expect(grid.cells()).toBe(54);
    // That frame is painted: two rows beyond view, as a scroll needs.
    for (const paint of painted.splice(0)) paint();
    await rendered();
    expect(grid.rows()).toBe(10);
    expect(grid.cells()).toBe(60);
  });

  it("asks for the pictures once the frame with their placeholders is painted", async () => {
    const grid = mount([]);
    for (const observer of observers) observer.notify();
    await rendered();
    for (const paint of painted.splice(0)) paint();
    await rendered();
    grid.fill(ITEMS);
    await rendered();
    expect(grid.asked()).toBe(0);
    expect(grid.waiting()).toBe(54);
    // Laid out again within that frame (a scrollbar appears as the rows fill the grid): still so.
    for (const observer of observers) observer.notify();
    await rendered();
    expect(grid.asked()).toBe(0);
    expect(grid.cells()).toBe(54);
    for (const paint of painted.splice(0)) paint();
    await rendered();
    expect(grid.asked()).toBe(60);
  });
});
