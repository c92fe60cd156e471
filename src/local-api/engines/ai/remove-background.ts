// remove-background for flat and simple backgrounds: the background colour is estimated from the
// image border, flood-filled inwards from the edges within a colour tolerance, and the cut edge is
// feathered (soft alpha from colour distance, colour un-mixed from the background).

import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import sharp from "sharp";
import { asConversionFailure } from "../errors";
import { decodeRaster } from "./decode";

/** Longest stretch of pixel work between yields, so a large image never stalls the server: ms. */
const SLICE_MS = 10;

/** Returns a function to call inside hot loops: it yields to the event loop once the slice is used up. */
function timeSlicer(): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  let calls = 0;
  return () => {
    if (++calls % 4096 !== 0 || performance.now() - sliceStart < SLICE_MS) return undefined;
    return yieldToEventLoop().then(() => {
      sliceStart = performance.now();
    });
  };
}

/** Colour distance (RGB, 0..441) always counted as background, and the most the tolerance can grow to. */
export const BG_MIN_TOLERANCE = 18;
export const BG_MAX_TOLERANCE = 70;

export interface BackgroundEstimate {
  colour: [number, number, number];
  tolerance: number;
  /** True when most of the border is already transparent: there is nothing to remove. */
  alreadyTransparent: boolean;
}

const dist = (d: Buffer, i: number, c: readonly number[]) =>
  Math.hypot(d[i]! - c[0]!, d[i + 1]! - c[1]!, d[i + 2]! - c[2]!);

function borderIndices(width: number, height: number): number[] {
  const out: number[] = [];
  for (let x = 0; x < width; x++) out.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) out.push(y * width, y * width + width - 1);
  return out;
}

/** The border's dominant colour (mode of a 4-bit-per-channel histogram, then the mean of that bin). */
export function estimateBackground(data: Buffer, width: number, height: number): BackgroundEstimate {
  const border = borderIndices(width, height);
  const transparent = border.filter((p) => data[p * 4 + 3]! < 128).length;
  const bins = new Map<number, number[]>();
  for (const p of border) {
    const i = p * 4;
    const key = ((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4);
    const bin = bins.get(key) ?? [];
    bin.push(i);
    bins.set(key, bin);
  }
  const top = [...bins.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const colour = [0, 1, 2].map(
    (c) => top.reduce((s, i) => s + data[i + c]!, 0) / Math.max(1, top.length),
  ) as [number, number, number];
  // Spread of the border pixels that look like background sets how forgiving the fill is (noise, JPEG).
  const near = border.map((p) => dist(data, p * 4, colour)).filter((d) => d < BG_MAX_TOLERANCE);
  const rms = Math.sqrt(near.reduce((s, d) => s + d * d, 0) / Math.max(1, near.length));
  const tolerance = Math.min(BG_MAX_TOLERANCE, Math.max(BG_MIN_TOLERANCE, 3 * rms));
  return { colour, tolerance, alreadyTransparent: transparent > border.length / 2 };
}

/** Background mask: 1 where the fill from the border reached (4-connected, within tolerance). */
export async function floodBackground(
  data: Buffer,
  width: number,
  height: number,
  bg: BackgroundEstimate,
): Promise<Uint8Array> {
  const mask = new Uint8Array(width * height);
  const slice = timeSlicer();
  const stack: number[] = [];
  for (const p of borderIndices(width, height)) {
    if (!mask[p] && dist(data, p * 4, bg.colour) <= bg.tolerance) {
      mask[p] = 1;
      stack.push(p);
    }
  }
  const visit = (q: number) => {
    if (mask[q] || dist(data, q * 4, bg.colour) > bg.tolerance) return;
    mask[q] = 1;
    stack.push(q);
  };
  while (stack.length > 0) {
    const pause = slice();
    if (pause) await pause;
    const p = stack.pop()!;
    const x = p % width;
    if (x > 0) visit(p - 1);
    if (x < width - 1) visit(p + 1);
    if (p >= width) visit(p - width);
    if (p + width < mask.length) visit(p + width);
  }
  return mask;
}

/**
 * Alpha for each pixel: 0 on the filled background, 255 inside, and on the foreground's rim (pixels
 * touching the background) a ramp by colour distance, with the background colour un-mixed out.
 */
async function applyAlpha(
  data: Buffer,
  width: number,
  mask: Uint8Array,
  bg: BackgroundEstimate,
): Promise<void> {
  const soft = bg.tolerance * 2.5;
  const slice = timeSlicer();
  for (let p = 0; p < mask.length; p++) {
    const pause = slice();
    if (pause) await pause;
    const i = p * 4;
    if (mask[p]) {
      data[i + 3] = 0;
      continue;
    }
    const x = p % width;
    const touches =
      (x > 0 && mask[p - 1]) ||
      (x < width - 1 && mask[p + 1]) ||
      mask[p - width] === 1 ||
      mask[p + width] === 1;
    if (!touches) continue;
    const a = Math.min(1, Math.max(0.15, (dist(data, i, bg.colour) - bg.tolerance * 0.5) / soft));
    for (let c = 0; c < 3; c++) {
      data[i + c] = Math.round(Math.min(255, Math.max(0, (data[i + c]! - (1 - a) * bg.colour[c]!) / a)));
    }
    data[i + 3] = Math.round(Math.min(data[i + 3]!, a * 255));
  }
}

export async function removeBackground(bytes: Uint8Array): Promise<Buffer> {
  const image = await decodeRaster(bytes);
  const { data, width, height } = image;
  const bg = estimateBackground(data, width, height);
  if (!bg.alreadyTransparent)
    await applyAlpha(data, width, await floodBackground(data, width, height, bg), bg);
  try {
    return await sharp(data, { raw: { width, height, channels: 4 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    throw asConversionFailure(error, "Writing the PNG");
  }
}
