// Where a hovered Lottie starts playing (lottie-start.ts): at the first drawn frame among the
// places its still is taken from, not on a blank or dot-sized frame 0.
import { describe, expect, it } from "vitest";
import { isDrawn, startFrame } from "../../../src/ui/grid/lottie-start";

describe("a hovered animation's first frame", () => {
  it("starts at frame 0 when that frame is drawn", () => {
    const asked: number[] = [];
    const drawnAt = (f: number) => {
      asked.push(f);
      return true;
    };
    expect(startFrame(60, drawnAt)).toBe(0);
    expect(asked).toEqual([0]);
  });

  it("skips a blank start for the middle, then a quarter, then three quarters", () => {
    const asked: number[] = [];
    const drawnAt = (f: number) => {
      asked.push(f);
      return f === 45;
    };
    expect(startFrame(60, drawnAt)).toBe(45);
    expect(asked).toEqual([0, 30, 15, 45]);
  });

  it("falls back to frame 0 when no place is drawn, and copes with no length", () => {
    expect(startFrame(60, () => false)).toBe(0);
    expect(startFrame(0, () => false)).toBe(0);
    expect(startFrame(1, (f) => f === 0)).toBe(0);
  });

  it("counts a dot or an empty trim as blank and a line or a shape as drawn", () => {
    const canvas = { width: 500, height: 500 };
    expect(isDrawn(0, canvas)).toBe(false);
    expect(isDrawn(12, canvas)).toBe(false);
    expect(isDrawn(300, canvas)).toBe(true);
    expect(isDrawn(50, { width: 32, height: 32 })).toBe(true);
    // An animation without a stated size is never held back.
    expect(isDrawn(0, { width: 0, height: 0 })).toBe(true);
  });
});
