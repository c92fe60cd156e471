// The one colour an image's border is mostly made of, and how noisy it is: what the reverse image
// search takes as an icon's background (similarity/mask.ts). remove-background fits a smooth model
// of the border instead (background-model.ts), which also follows gradients.

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

/** Pixel indices of the outermost ring, each once. */
export function borderIndices(width: number, height: number): number[] {
  const out: number[] = [];
  for (let x = 0; x < width; x++) out.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) out.push(y * width, y * width + width - 1);
  return out;
}

/** True when most of the RGBA border is under half opaque: the image is already cut out. */
export function borderIsTransparent(data: Buffer, width: number, height: number): boolean {
  const border = borderIndices(width, height);
  return border.filter((p) => data[p * 4 + 3]! < 128).length > border.length / 2;
}

/** The border's dominant colour (mode of a 4-bit-per-channel histogram, then the mean of that bin). */
export function estimateBackground(data: Buffer, width: number, height: number): BackgroundEstimate {
  const border = borderIndices(width, height);
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
  return { colour, tolerance, alreadyTransparent: borderIsTransparent(data, width, height) };
}
