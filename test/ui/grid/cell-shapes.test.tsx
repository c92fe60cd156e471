// @vitest-environment happy-dom
// Each asset type's cells (cell-shape.ts): icons 48 px squares, 3D and Lottie in square tiles three to
// a row at a 360 px window, illustrations in square tiles three to a row too. Every row of one grid keeps one
// height, so virtualisation, the keys and the tooltip's placing work for every shape.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import type { AssetType } from "../../../src/api/contract/tables";
import { CELL_SHAPES, cellHeight } from "../../../src/ui/grid/cell-shape";
import { gridLayout } from "../../../src/ui/grid/visible-range";
import { fakeLayout, settle } from "../support/mount";
import { bareGrid } from "../support/mount-grid";

const layoutFor = (type: AssetType, width: number) => {
  const shape = CELL_SHAPES[type];
  return gridLayout({
    count: 60,
    width,
    height: 400,
    scrollTop: 0,
    cellSize: shape.minWidth,
    heightFor: (w) => cellHeight(shape, w),
    gap: 4,
  });
};

describe("cell shapes by type", () => {
  // The grid's widths at the 280, 360 and 600 px windows (less the 16 px gutters).
  const columns: Record<string, [number, number, number]> = {
    icon: [4, 6, 11],
    "3d": [2, 3, 5],
    lottie: [2, 3, 5],
    illustration: [2, 3, 5],
    "ai-image": [2, 2, 4],
  };
  for (const [type, expected] of Object.entries(columns)) {
    it(`lays ${type} out ${expected.join(", ")} to a row at 280, 360 and 600 px`, () => {
      const got = [248, 328, 568].map((w) => layoutFor(type as AssetType, w).columns);
      expect(got).toEqual(expected);
    });
  }

  it("keeps an icon a 48 px square and gives a picture its tile and a line for its name", () => {
    expect(layoutFor("icon", 328)).toMatchObject({ cellHeight: 48, rowHeight: 52 });
    const threeD = layoutFor("3d", 328);
    // 106.7 px columns: a 99 px square tile, its name under it, 4 px of padding round both.
    expect(threeD.cellWidth).toBeCloseTo(106.67, 2);
    expect(threeD.cellHeight).toBe(99 + 2 + 16 + 8);
    const illustration = layoutFor("illustration", 328);
    // Square drawings in square tiles, three to a row like 3D: no empty bands either side.
    expect(illustration.cellWidth).toBeCloseTo(106.67, 2);
    expect(illustration.cellHeight).toBe(99 + 2 + 16 + 8);
    expect(illustration.rowHeight).toBe(illustration.cellHeight + 4);
  });

  it("renders only a screenful of tall rows out of many (AI images: rows of 180 px and a 4 px gap)", () => {
    const layout = gridLayout({
      count: 1000,
      width: 328,
      height: 400,
      scrollTop: 184 * 10,
      cellSize: CELL_SHAPES["ai-image"].minWidth,
      heightFor: (w) => cellHeight(CELL_SHAPES["ai-image"], w),
      gap: 4,
    });
    expect(layout.first).toBe((10 - 2) * 2);
    expect(layout.last - layout.first).toBeLessThanOrEqual(2 * 8);
  });
});

const picture = (type: AssetType, i: number): Asset => ({
  uuid: `${type}-${i}`,
  name: `thing ${i}`,
  type,
  urls: { png_256: `http://local-api.invalid/previews/${type}-${i}/256.png` },
});

function mount(type: AssetType, count: number) {
  return bareGrid(
    Array.from({ length: count }, (_, i) => picture(type, i)),
    type,
  );
}

describe("the grid's cells by type", () => {
  beforeAll(() => fakeLayout(360, 400));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("draws 3D cells as tiles three to a row, and the arrows move by its rows", async () => {
    const { container, draw } = mount("3d", 12);
    await act(draw);
    await settle();
    await act(draw);
    const cells = [...container.querySelectorAll<HTMLElement>('[role="gridcell"]')];
    const first = cells[0]!;
    expect(first.classList.contains("cell--3d")).toBe(true);
    expect(first.style.height).toBe("125px");
    expect(first.style.getPropertyValue("--tile")).toBe("99px");
    expect(container.querySelector('[role="grid"]')?.getAttribute("aria-colcount")).toBe("3");
    const rows = [...container.querySelectorAll<HTMLElement>('[role="row"]')];
    expect(rows[1]?.style.top).toBe("129px");
    // Down from the first cell is the first of the next row: three on.
    first.focus();
    await act(() => {
      first.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    });
    await act(draw);
    await settle();
    expect(document.activeElement?.getAttribute("data-index")).toBe("3");
  });

  it("gives each picture cell its dark theme's tile: light for line art, dark grey for colour", async () => {
    const tiles: Record<string, string> = {};
    for (const type of ["3d", "lottie", "illustration", "ai-image"] as const) {
      const { container, draw } = mount(type, 3);
      await act(draw);
      await settle();
      await act(draw);
      const first = container.querySelector<HTMLElement>('[role="gridcell"]')!;
      tiles[type] = first.style.getPropertyValue("--tile-bg-dark");
      container.remove();
    }
    expect(tiles).toEqual({
      "3d": "#383838",
      lottie: "#d9d9d9",
      illustration: "#d9d9d9",
      "ai-image": "#383838",
    });
  });

  it("keeps icon cells 48 px squares without a tile", async () => {
    const { container, draw } = mount("icon", 12);
    await act(draw);
    await settle();
    await act(draw);
    const first = container.querySelector<HTMLElement>('[role="gridcell"]')!;
    expect(first.classList.contains("cell--icon")).toBe(true);
    expect(first.style.height).toBe("48px");
    expect(first.style.getPropertyValue("--tile")).toBe("");
  });
});
