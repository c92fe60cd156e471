// Splits a picture by opacity before tracing. vtracer knows only drawn or not drawn: every pixel it
// sees must be wholly opaque or wholly clear. Cutting at half opacity made an opaque shape's soft rim
// crisp, but it also dropped every part under 50 % (a duotone's 20 % tint, a 40 % shadow or glass)
// and painted every part above it solid. So the translucent areas are traced apart, one layer per
// opacity band, each later drawn as a group with that band's opacity; the rest is cut as before.

import type { Rgba } from "./decode";

/** At or above this alpha a pixel is opaque ink; below FAINT_ALPHA it is nothing. */
export const SOLID_ALPHA = 230;
const FAINT_ALPHA = 8;
/**
 * Translucent areas thinner than about twice this (px, at the trace size) are an opaque shape's
 * anti-aliased rim, not a part of their own: an opening of this radius removes them.
 */
const RIM_RADIUS = 2;
/** Opacity bands (quarters): 8-31 % is the first, 32-62 % the second, 63-90 % the third. */
const BANDS = 4;
/** A band covering less than this share of the picture is treated as rim (bounded work: <= 3 bands). */
const MIN_BAND_SHARE = 0.002;

export interface AlphaLayer {
  /** 0..1, the mean opacity of the band; undefined for the opaque layer. */
  opacity?: number;
  /** Straight RGBA of the picture's size, alpha 0 or 255 only. */
  data: Buffer;
}

/**
 * The translucent layers (faintest first, so they sit under the opaque shapes) and the opaque layer
 * last. Each band keeps only its areas (an opening removes anti-aliased rims), then takes the faint
 * pixels next to them (its own soft edge); any other pixel is cut at half opacity as before. A
 * wholly translucent picture too thin to have any area keeps its shapes as opaque (cut at half its
 * most opaque pixel) rather than vanishing.
 */
export function splitByOpacity({ width, height, data }: Rgba): AlphaLayer[] {
  const pixels = width * height;
  const least = pixels * MIN_BAND_SHARE;
  const bandOf = new Uint8Array(pixels);
  for (let p = 0; p < pixels; p++) {
    const alpha = data[p * 4 + 3]!;
    if (alpha >= FAINT_ALPHA && alpha < SOLID_ALPHA)
      bandOf[p] = Math.min(BANDS - 1, Math.max(1, Math.round((alpha / 255) * BANDS)));
  }
  /** Which layer (1-based) each pixel goes to; 0: the opaque layer's half cut decides. */
  const owner = new Uint8Array(pixels);
  const areas: Uint8Array[] = [];
  const opacities: number[] = [];
  for (let band = 1; band < BANDS; band++) {
    const mask = bandOf.map((b) => (b === band ? 1 : 0));
    if (countOf(mask) < least) continue;
    const area = open(mask, width, height, RIM_RADIUS);
    if (countOf(area) < least) continue;
    let alphaSum = 0;
    for (let p = 0; p < pixels; p++) {
      if (!area[p]) continue;
      owner[p] = areas.length + 1;
      alphaSum += data[p * 4 + 3]!;
    }
    opacities.push(Math.round((alphaSum / countOf(area) / 255) * 100) / 100);
    areas.push(area);
  }
  areas.forEach((area, index) => {
    const reach = dilate(area, width, height, RIM_RADIUS);
    for (let p = 0; p < pixels; p++) if (reach[p] && bandOf[p] && !owner[p]) owner[p] = index + 1;
  });
  const layers = [...opacities.map((opacity) => ({ opacity, data: Buffer.alloc(pixels * 4) }))];
  const solid = Buffer.alloc(pixels * 4);
  let inked = 0;
  for (let p = 0; p < pixels; p++) {
    const at = p * 4;
    const target = owner[p] ? layers[owner[p]! - 1]!.data : data[at + 3]! >= 128 ? solid : undefined;
    if (target === undefined) continue;
    data.copy(target, at, at, at + 3);
    target[at + 3] = 255;
    inked += 1;
  }
  if (inked === 0) return [{ data: cutAtHalfOfOpaquest(data) }];
  return [...layers, { data: solid }];
}

function countOf(mask: Uint8Array): number {
  let count = 0;
  for (const value of mask) count += value;
  return count;
}

/** The earlier rule, for a picture whose every pixel is faint: cut at half the most opaque pixel. */
function cutAtHalfOfOpaquest(data: Buffer): Buffer {
  const out = Buffer.from(data);
  let opaquest = 0;
  for (let i = 3; i < out.length; i += 4) opaquest = Math.max(opaquest, out[i]!);
  const cut = Math.max(1, Math.ceil(opaquest / 2));
  for (let i = 3; i < out.length; i += 4) {
    if (out[i]! < cut) out.fill(0, i - 3, i + 1);
    else out[i] = 255;
  }
  return out;
}

/** Morphological opening (erode, then dilate) of a 0/1 mask with a square of side 2r+1. */
function open(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const eroded = sweep(sweep(mask, width, height, r, 1, 0), width, height, r, 0, 0);
  return dilate(eroded, width, height, r);
}

function dilate(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  return sweep(sweep(mask, width, height, r, 1, 1), width, height, r, 0, 1);
}

/**
 * One pass along rows (`alongRows` 1) or columns. Erode (`want` 0): a pixel stays 1 only when no
 * pixel within r of it along that line is 0; dilate (`want` 1): a pixel becomes 1 when any is 1.
 * Linear in pixels times r.
 */
function sweep(
  mask: Uint8Array,
  width: number,
  height: number,
  r: number,
  alongRows: 0 | 1,
  want: 0 | 1,
): Uint8Array {
  const out = new Uint8Array(mask.length);
  const lines = alongRows ? height : width;
  const length = alongRows ? width : height;
  const step = alongRows ? 1 : width;
  for (let line = 0; line < lines; line++) {
    const base = alongRows ? line * width : line;
    for (let i = 0; i < length; i++) {
      let hit: 0 | 1 = want === 0 ? 1 : 0;
      for (let j = Math.max(0, i - r); j <= Math.min(length - 1, i + r); j++) {
        // Only pixels inside count: a part touching the picture's edge is not eroded by it.
        if (mask[base + j * step] === want) {
          hit = want;
          break;
        }
      }
      out[base + i * step] = hit;
    }
  }
  return out;
}
