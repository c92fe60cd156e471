// The clean-up after remove-background's fill (background-mask.ts): which islands the fill went around
// are given back to the background, and which are kept as subject.

import { describe, expect, it } from "vitest";
import { dropSpecks } from "../../../src/local-api/engines/ai/background-mask";

const SIDE = 200;
const TOLERANCE = 20;

/** An all-background mask with a w x h foreground island at (x, y), every pixel of it `distance` off. */
function withIsland(
  mask: Uint8Array,
  distance: Float32Array,
  [x, y, w, h]: readonly number[],
  off: number,
): void {
  for (let yy = y!; yy < y! + h!; yy++) {
    for (let xx = x!; xx < x! + w!; xx++) {
      mask[yy * SIDE + xx] = 0;
      distance[yy * SIDE + xx] = off;
    }
  }
}

const foreground = (mask: Uint8Array, [x, y, w, h]: readonly number[]) => {
  let n = 0;
  for (let yy = y!; yy < y! + h!; yy++)
    for (let xx = x!; xx < x! + w!; xx++) n += mask[yy * SIDE + xx] ? 0 : 1;
  return n;
};

describe("dropSpecks", () => {
  it("gives back a large island in which nothing stands out, all of it, and keeps real subjects", async () => {
    const mask = new Uint8Array(SIDE * SIDE).fill(1);
    const distance = new Float32Array(SIDE * SIDE);
    const patch = [10, 10, 80, 60] as const; // 4800 px of texture just past the tolerance
    const subject = [110, 110, 60, 60] as const; // far from the background's colour
    const dot = [10, 150, 3, 3] as const; // small, but far off: a sparkle, not grain
    const grain = [150, 10, 3, 3] as const; // small and close: grain
    withIsland(mask, distance, patch, 1.5 * TOLERANCE);
    withIsland(mask, distance, subject, 8 * TOLERANCE);
    withIsland(mask, distance, dot, 8 * TOLERANCE);
    withIsland(mask, distance, grain, 1.2 * TOLERANCE);
    await dropSpecks(mask, distance, SIDE, TOLERANCE);
    expect(foreground(mask, patch)).toBe(0);
    expect(foreground(mask, grain)).toBe(0);
    expect(foreground(mask, subject)).toBe(60 * 60);
    expect(foreground(mask, dot)).toBe(9);
  });

  it("keeps a subject whose inside is close to the background when its outline stands out", async () => {
    const mask = new Uint8Array(SIDE * SIDE).fill(1);
    const distance = new Float32Array(SIDE * SIDE);
    const body = [50, 50, 100, 100] as const;
    withIsland(mask, distance, body, 1.2 * TOLERANCE);
    withIsland(mask, distance, [50, 50, 100, 4], 6 * TOLERANCE); // a dark top edge, 4 % of the island
    await dropSpecks(mask, distance, SIDE, TOLERANCE);
    expect(foreground(mask, body)).toBe(100 * 100);
  });
});
