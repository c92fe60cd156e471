// rescaleBy against the emulator's rules: Figma refuses rescale below 0.01 and a side below 0.01 px,
// so any factor (however small, zero, or not a number) must end within them without a throw.
import { describe, expect, it } from "vitest";
import { rescaleBy } from "../../src/plugin/placement";
import { createFigma } from "../figma/figma";

describe("rescaleBy", () => {
  it("takes any factor to Figma's floor of 0.01 px a side, never below and never throwing", () => {
    const { figma } = createFigma();
    const rect = figma.createRectangle();
    rect.resize(4000, 2000);
    rescaleBy(rect, 1e-9);
    expect([rect.width, rect.height].map((v) => Number(v.toFixed(6)))).toEqual([0.02, 0.01]);
    rescaleBy(rect, 0); // a zero-height line's box asks for this
    expect(rect.height).toBeCloseTo(0.01, 9);
    rescaleBy(rect, Number.NaN);
    expect(rect.height).toBeCloseTo(0.01, 9);
  });
});
