// @vitest-environment happy-dom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Asset } from "../../src/api/types";
import { Grid, type GridProps } from "../../src/ui/grid/Grid";
import { gridLayout } from "../../src/ui/grid/visible-range";
import { makeAssets, PROXY } from "./support/fake-service";
import { fakeLayout } from "./support/mount";

const noop = () => {};

function mountGrid(items: Asset[], overrides: Partial<GridProps> = {}) {
  const container = document.createElement("div");
  document.body.append(container);
  const props: GridProps = {
    items,
    type: "icon",
    proxyUrl: PROXY,
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
  return container;
}

describe("virtualised grid", () => {
  beforeAll(() => fakeLayout(344, 400));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("renders only the cells in view (plus overscan) out of 1,500 results", () => {
    const container = mountGrid(makeAssets(1500));
    const cells = container.querySelectorAll('[role="gridcell"]');
    // 344 px wide at 48 + 4 px: 6 columns; 400 px tall: 8 visible rows + 2 overscan below.
    const layout = gridLayout({ count: 1500, width: 344, height: 400, scrollTop: 0, cellSize: 48, gap: 4 });
    expect(layout.columns).toBe(6);
    expect(cells.length).toBe(layout.last - layout.first);
    expect(cells.length).toBeLessThanOrEqual(6 * 11);
    expect(container.querySelector('[role="grid"]')?.getAttribute("aria-rowcount")).toBe("250");
    // The sizer stands for every row, so the scrollbar is true to 1,500 results.
    const sizer = container.querySelector<HTMLElement>(".grid__sizer");
    expect(sizer?.style.height).toBe(`${250 * 52 - 4}px`);
    const first = container.querySelector<HTMLElement>('[data-index="7"]');
    expect([first?.style.left, first?.style.width]).toEqual(["52px", "48px"]);
  });

  it("renders other cells after a scroll, and still only a screenful", () => {
    const container = mountGrid(makeAssets(1500));
    const grid = container.querySelector<HTMLElement>('[role="grid"]');
    if (!grid) throw new Error("no grid");
    act(() => {
      grid.scrollTop = 52 * 100;
      grid.dispatchEvent(new Event("scroll"));
    });
    const indices = [...container.querySelectorAll<HTMLElement>('[role="gridcell"]')].map((c) =>
      Number(c.dataset.index),
    );
    expect(Math.min(...indices)).toBe(98 * 6);
    expect(indices).toContain(600);
    expect(indices).not.toContain(0);
    expect(indices.length).toBeLessThanOrEqual(6 * 12);
  });

  it("asks for the next page when the last rows come into view", () => {
    let asked = 0;
    mountGrid(makeAssets(30), { onNearEnd: () => asked++ });
    expect(asked).toBeGreaterThan(0);
    let askedBig = 0;
    mountGrid(makeAssets(600), { onNearEnd: () => askedBig++ });
    expect(askedBig).toBe(0);
  });

  it("has one tabbable cell (roving tabindex) and labels every cell with the asset's name", () => {
    const container = mountGrid(makeAssets(100), { focusIndex: 3 });
    const tabbable = container.querySelectorAll('[role="gridcell"][tabindex="0"]');
    expect(tabbable).toHaveLength(1);
    expect((tabbable[0] as HTMLElement).dataset.index).toBe("3");
    for (const cell of container.querySelectorAll('[role="gridcell"]')) {
      expect(cell.getAttribute("aria-label")).toMatch(/^asset \d+$/);
    }
  });

  it("loads previews lazily, through the relay when the file is not on the proxy", () => {
    const onProxy = mountGrid(makeAssets(2), { type: "icon" });
    expect(onProxy.querySelector("img")?.getAttribute("src")).toBe(`${PROXY}/previews/asset-0.svg`);
    expect(onProxy.querySelector("img")?.getAttribute("loading")).toBe("lazy");
    const elsewhere = mountGrid([{ uuid: "a", name: "a", urls: { png: "https://cdn.example.test/a.png" } }], {
      type: "illustration",
    });
    expect(elsewhere.querySelector("img")?.getAttribute("src")).toBe(
      `${PROXY}/relay?url=${encodeURIComponent("https://cdn.example.test/a.png")}`,
    );
  });

  it("shows a Lottie's video thumb as a muted video, and a placeholder when nothing can be shown", () => {
    const container = mountGrid(
      [
        { uuid: "v", name: "v", urls: { json: `${PROXY}/files/v.json`, mp4: `${PROXY}/previews/v.mp4` } },
        { uuid: "n", name: "n", urls: { json: `${PROXY}/files/n.json` } },
      ],
      { type: "lottie" },
    );
    const video = container.querySelector("video");
    expect(video?.getAttribute("src")).toBe(`${PROXY}/previews/v.mp4`);
    expect(video?.muted).toBe(true);
    expect(container.querySelectorAll(".preview--none")).toHaveLength(1);
  });
});
