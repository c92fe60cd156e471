// Foreground of an icon-like image as a soft mask (0..1), independent of its colours: from alpha when the
// image is cut out, else from each pixel's colour distance to the background estimated on the border.

import { estimateBackground } from "../ai/remove-background";

/** Colour distances (RGB) between which a pixel ramps from background to foreground. */
const RAMP_START = 20;
const RAMP_END = 70;

export function foregroundMask(data: Buffer, width: number, height: number): Float32Array {
  const mask = new Float32Array(width * height);
  const bg = estimateBackground(data, width, height);
  if (bg.alreadyTransparent) {
    for (let p = 0; p < mask.length; p++) mask[p] = data[p * 4 + 3]! / 255;
    return mask;
  }
  const [r, g, b] = bg.colour;
  // A flat background lets the ramp start low; a noisy one (JPEG, texture) pushes it up.
  const start = Math.max(RAMP_START, bg.tolerance);
  const end = Math.max(RAMP_END, start + 30);
  for (let p = 0; p < mask.length; p++) {
    const i = p * 4;
    const a = data[i + 3]! / 255;
    const d = Math.hypot(data[i]! - r, data[i + 1]! - g, data[i + 2]! - b) * a;
    mask[p] = Math.min(1, Math.max(0, (d - start) / (end - start)));
  }
  return mask;
}

/**
 * Crops the mask to its foreground's bounding box, centres that in a square and resamples it to
 * size x size by area averaging, so scale and position stop mattering. Returns the box's aspect too.
 */
export function normaliseMask(
  mask: Float32Array,
  width: number,
  height: number,
  size: number,
): { grid: Float32Array; aspect: number } {
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]! > 0.35) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  const grid = new Float32Array(size * size);
  if (x1 < 0) return { grid, aspect: 1 };
  const boxW = x1 - x0 + 1;
  const boxH = y1 - y0 + 1;
  const side = Math.max(boxW, boxH);
  const ox = x0 - (side - boxW) / 2;
  const oy = y0 - (side - boxH) / 2;
  const step = side / size;
  const taps = Math.max(2, Math.min(6, Math.ceil(step * 2)));
  for (let gy = 0; gy < size; gy++) {
    for (let gx = 0; gx < size; gx++) {
      let sum = 0;
      for (let ty = 0; ty < taps; ty++) {
        const sy = Math.floor(oy + (gy + (ty + 0.5) / taps) * step);
        if (sy < 0 || sy >= height) continue;
        for (let tx = 0; tx < taps; tx++) {
          const sx = Math.floor(ox + (gx + (tx + 0.5) / taps) * step);
          if (sx >= 0 && sx < width) sum += mask[sy * width + sx]!;
        }
      }
      grid[gy * size + gx] = sum / (taps * taps);
    }
  }
  return { grid, aspect: boxW / boxH };
}
