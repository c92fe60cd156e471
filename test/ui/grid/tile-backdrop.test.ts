// The dark theme's tile behind a picture (tile-backdrop.ts), judged by WCAG contrast: black line art
// (useAnimations, OpenMoji's outlines) stays readable on its tile, while colour art (3D, AI images)
// sits on a quiet step off the window instead of a light grey slab.
import { describe, expect, it } from "vitest";
import { contrast, darkTile } from "../../../src/ui/grid/tile-backdrop";

const DARK_WINDOW = "#2c2c2c";
const BLACK = "#000000";

describe("the dark theme's tiles", () => {
  it("measures contrast as WCAG does", () => {
    expect(contrast(BLACK, "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#ffffff", BLACK)).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#777777")).toBe(1);
    // Figures from WCAG's own examples: #767676 on white is the lightest grey passing 4.5:1.
    expect(contrast("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast("#777777", "#ffffff")).toBeLessThan(4.5);
  });

  for (const type of ["lottie", "illustration"] as const) {
    it(`keeps black lines readable on a ${type}'s tile (at least 4.5:1)`, () => {
      const tile = darkTile(type)!;
      expect(contrast(BLACK, tile)).toBeGreaterThanOrEqual(4.5);
    });
  }

  for (const type of ["3d", "ai-image"] as const) {
    it(`keeps a ${type} tile a quiet step off the window, not a slab`, () => {
      const tile = darkTile(type)!;
      const step = contrast(tile, DARK_WINDOW);
      expect(step).toBeGreaterThan(1);
      expect(step).toBeLessThan(1.5);
      // White highlights in colour art keep their edge.
      expect(contrast("#ffffff", tile)).toBeGreaterThanOrEqual(7);
    });
  }

  it("gives icons no tile", () => {
    expect(darkTile("icon")).toBeNull();
  });
});
