// The grid's columns share its whole width (the controls' gutters), and a cell's tooltip stays whole
// inside the window: centred under its cell, slid in at either edge, above the last rows in view.
import { describe, expect, it } from "vitest";
import { placeTip } from "../../../src/ui/grid/tip-place";
import { gridLayout } from "../../../src/ui/grid/visible-range";

describe("grid columns", () => {
  for (const windowWidth of [280, 360, 600]) {
    it(`fill the width between the 16 px gutters at ${windowWidth} px`, () => {
      const width = windowWidth - 32;
      const layout = gridLayout({ count: 100, width, height: 400, scrollTop: 0, cellSize: 48, gap: 4 });
      const lastRight = (layout.columns - 1) * layout.columnStep + layout.cellWidth;
      expect(lastRight).toBeCloseTo(width, 6);
      expect(layout.cellWidth).toBeGreaterThanOrEqual(48);
      // Rows keep their height: virtualisation and the keys' page size are unchanged.
      expect(layout.rowHeight).toBe(52);
    });
  }

  it("keeps a cell's own size when the grid is narrower than one cell", () => {
    const layout = gridLayout({ count: 3, width: 0, height: 0, scrollTop: 0, cellSize: 48, gap: 4 });
    expect(layout.columns).toBe(1);
    expect(layout.cellWidth).toBe(48);
  });
});

describe("a cell's tooltip", () => {
  const base = { cellTop: 0, cellWidth: 50, cellHeight: 48, tipHeight: 40, viewTop: 0, viewBottom: 400 };

  it("is centred under a cell in the middle", () => {
    const place = placeTip({ ...base, cellLeft: 150, tipWidth: 100, width: 344 });
    expect(place).toEqual({ left: 125, top: 52, above: false });
  });

  for (const width of [264, 344, 584]) {
    it(`slides in from either edge at a ${width} px grid, never squeezed`, () => {
      const tipWidth = Math.min(240, width);
      const right = placeTip({ ...base, cellLeft: width - 50, tipWidth, width });
      expect(right.left + tipWidth).toBeLessThanOrEqual(width);
      expect(right.left).toBeGreaterThanOrEqual(0);
      const left = placeTip({ ...base, cellLeft: 0, tipWidth, width });
      expect(left.left).toBe(0);
    });
  }

  it("goes above a cell on the last row in view, and below when only below fits", () => {
    const last = placeTip({ ...base, cellLeft: 0, cellTop: 364, tipWidth: 100, width: 344 });
    expect(last).toMatchObject({ above: true, top: 364 - 4 - 40 });
    const first = placeTip({ ...base, cellLeft: 0, cellTop: 0, tipWidth: 100, width: 344, viewBottom: 60 });
    expect(first.above).toBe(false);
  });
});
