// Which pixels are background, on the working copy of the image: each pixel's colour distance to the
// background model, a fill from the border through the pixels within tolerance, and a clean-up that
// gives back to the background the specks of texture the fill stepped around.

import type { BackgroundModel } from "./background-model";
import { modelRow } from "./background-model";
import { timeSlicer } from "./time-slicer";

/** Foreground islands under this share of the image (and at least 4 px) are specks, when background-like. */
const SPECK_SHARE = 0.0005;
/** A speck is background-like when its mean distance to the model is within this many tolerances. */
const SPECK_DISTANCE = 2;
/** Any island with under STRONG_SHARE of its pixels beyond STRONG tolerances is background: nothing in it stands out. */
const STRONG = 2;
const STRONG_SHARE = 0.01;

/** Colour distance (RGB) of each pixel of an RGB image to the model's colour at that pixel. */
export async function distanceMap(
  rgb: Buffer,
  width: number,
  height: number,
  model: BackgroundModel,
): Promise<Float32Array> {
  const distance = new Float32Array(width * height);
  const row = new Float32Array(width * 3);
  const slice = timeSlicer();
  for (let y = 0; y < height; y++) {
    const pause = slice(width);
    if (pause) await pause;
    modelRow(model, y, width, height, row);
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const dr = rgb[i]! - row[x * 3]!;
      const dg = rgb[i + 1]! - row[x * 3 + 1]!;
      const db = rgb[i + 2]! - row[x * 3 + 2]!;
      distance[y * width + x] = Math.sqrt(dr * dr + dg * dg + db * db);
    }
  }
  return distance;
}

/**
 * How the fill may go past the tolerance: into pixels up to `reach` times it, when the step of colour
 * from the background pixel it comes from is at most `step`. A texture's light and dark patches shade
 * smoothly into the rest of it; a subject's outline is a sharp step, which stops the fill.
 */
export interface SmoothReach {
  rgb: Buffer;
  reach: number;
  step: number;
}

/** Background mask: 1 where the fill from the border reached (4-connected, distance within tolerance). */
export async function floodBackground(
  distance: Float32Array,
  width: number,
  height: number,
  tolerance: number,
  smooth?: SmoothReach,
): Promise<Uint8Array> {
  const mask = new Uint8Array(width * height);
  const slice = timeSlicer();
  const stack: number[] = [];
  const far = smooth ? smooth.reach * tolerance : tolerance;
  const rgb = smooth?.rgb;
  const step2 = (smooth?.step ?? 0) ** 2;
  const visit = (q: number, from: number) => {
    if (mask[q]) return;
    const d = distance[q]!;
    if (d > far) return;
    if (d > tolerance) {
      const i = q * 3;
      const j = from * 3;
      const dr = rgb![i]! - rgb![j]!;
      const dg = rgb![i + 1]! - rgb![j + 1]!;
      const db = rgb![i + 2]! - rgb![j + 2]!;
      if (dr * dr + dg * dg + db * db > step2) return;
    }
    mask[q] = 1;
    stack.push(q);
  };
  const seed = (q: number) => {
    if (mask[q] || distance[q]! > tolerance) return;
    mask[q] = 1;
    stack.push(q);
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 1; y < height - 1; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  while (stack.length > 0) {
    const pause = slice();
    if (pause) await pause;
    const p = stack.pop()!;
    const x = p % width;
    if (x > 0) visit(p - 1, p);
    if (x < width - 1) visit(p + 1, p);
    if (p >= width) visit(p - width, p);
    if (p + width < mask.length) visit(p + width, p);
  }
  return mask;
}

/**
 * Gives back to the background the foreground islands the fill went around that are background after
 * all: small ones close to its colour on average (grain, texture), and any in which nothing stands out
 * (under STRONG_SHARE of the pixels beyond STRONG tolerances). A small island far from the background's
 * colour (a dot, a star's sparkle) is kept, and so is every island with a real subject in it.
 */
export async function dropSpecks(
  mask: Uint8Array,
  distance: Float32Array,
  width: number,
  tolerance: number,
): Promise<void> {
  const largest = Math.max(4, Math.round(mask.length * SPECK_SHARE));
  const seen = new Uint8Array(mask.length);
  const island = new Int32Array(mask.length); // the island being walked, at most the whole image
  const queue: number[] = [];
  const slice = timeSlicer();
  const join = (q: number) => {
    if (mask[q] || seen[q]) return;
    seen[q] = 1;
    queue.push(q);
  };
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] || seen[start]) continue;
    // Walk the island (depth-first), counting its pixels, its distance and the pixels that stand out.
    let size = 0;
    let sum = 0;
    let strong = 0;
    seen[start] = 1;
    queue.push(start);
    while (queue.length > 0) {
      const pause = slice();
      if (pause) await pause;
      const p = queue.pop()!;
      island[size] = p;
      size++;
      sum += distance[p]!;
      if (distance[p]! > STRONG * tolerance) strong++;
      const x = p % width;
      if (x > 0) join(p - 1);
      if (x < width - 1) join(p + 1);
      if (p >= width) join(p - width);
      if (p + width < mask.length) join(p + width);
    }
    if ((size < largest && sum / size <= SPECK_DISTANCE * tolerance) || strong < size * STRONG_SHARE) {
      for (let k = 0; k < size; k++) mask[island[k]!] = 1;
    }
  }
}
