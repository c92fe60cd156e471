// The background as a smooth function of position, fitted to the image's border: each channel is a
// quadratic in x and y, so a flat backdrop, a linear gradient and a vignette (a radial fall-off) are all
// followed across the picture instead of being cut at one colour. The fit is robust: border pixels that
// belong to a subject touching the edge are dropped and the fit redone. How far the kept border pixels
// stray from the model (noise, grain, texture) sets how forgiving the flood is.

import { BG_MAX_TOLERANCE, BG_MIN_TOLERANCE } from "./border-colour";

export interface BackgroundModel {
  /** Per channel (RGB), the coefficients of 1, u, v, u², v², uv; u and v run from -0.5 to 0.5 across the image. */
  readonly coefficients: readonly Float64Array[];
  /** Colour distance (RGB, 0..441) within which a pixel matches the model: three times the border's spread. */
  readonly tolerance: number;
}

const TERMS = 6;
/** Depth of the border band the model is fitted to, as a share of the short side (at least 1 px). */
const BAND_SHARE = 0.02;
/** Each refit keeps the border pixels within this many times the 60th-percentile distance (or 4). */
const KEEP_FACTOR = 2;
const FITS = 4;
/** Most border pixels the fit reads. */
const MAX_SAMPLES = 8192;
/** The spread (and so the tolerance) counts the border pixels within this many times the same percentile. */
const SPREAD_FACTOR = 4;

/** The terms of the model at (u, v). */
function termsAt(u: number, v: number, out: Float64Array): Float64Array {
  out[0] = 1;
  out[1] = u;
  out[2] = v;
  out[3] = u * u;
  out[4] = v * v;
  out[5] = u * v;
  return out;
}

/** u or v of pixel `i` of `n` (its centre), from -0.5 to 0.5. */
export const axis = (i: number, n: number) => (i + 0.5) / n - 0.5;

/** Solves the symmetric system `m` x = `b` (Gaussian elimination with partial pivoting); `m`, `b` are overwritten. */
function solve(m: Float64Array, b: Float64Array): Float64Array {
  const n = TERMS;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(m[r * n + col]!) > Math.abs(m[pivot * n + col]!)) pivot = r;
    for (let c = 0; c < n; c++) [m[col * n + c], m[pivot * n + c]] = [m[pivot * n + c]!, m[col * n + c]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    const diagonal = m[col * n + col]!;
    if (Math.abs(diagonal) < 1e-12) continue;
    for (let r = col + 1; r < n; r++) {
      const f = m[r * n + col]! / diagonal;
      for (let c = col; c < n; c++) m[r * n + c]! -= f * m[col * n + c]!;
      b[r]! -= f * b[col]!;
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let c = r + 1; c < n; c++) s -= m[r * n + c]! * x[c]!;
    const diagonal = m[r * n + r]!;
    x[r] = Math.abs(diagonal) < 1e-12 ? 0 : s / diagonal;
  }
  return x;
}

/** Least-squares coefficients over the kept samples; a small ridge keeps a thin or tiny image solvable. */
function leastSquares(terms: Float64Array, colours: Uint8Array, kept: Uint8Array): Float64Array[] {
  const m = new Float64Array(TERMS * TERMS);
  const b = [0, 1, 2].map(() => new Float64Array(TERMS));
  let count = 0;
  for (let s = 0; s < kept.length; s++) {
    if (!kept[s]) continue;
    count++;
    const t = s * TERMS;
    for (let r = 0; r < TERMS; r++) {
      const tr = terms[t + r]!;
      for (let c = 0; c < TERMS; c++) m[r * TERMS + c]! += tr * terms[t + c]!;
      for (let ch = 0; ch < 3; ch++) b[ch]![r]! += tr * colours[s * 3 + ch]!;
    }
  }
  // Ridge on the shape terms only: with few samples the model falls back towards a flat colour.
  for (let r = 1; r < TERMS; r++) m[r * TERMS + r]! += 1e-5 * Math.max(1, count);
  return b.map((bc) => solve(Float64Array.from(m), bc));
}

/** The model's colour (channel `ch`) at the terms `t` (offset `at`). */
const colourAt = (k: Float64Array, t: Float64Array, at = 0) =>
  k[0]! * t[at]! +
  k[1]! * t[at + 1]! +
  k[2]! * t[at + 2]! +
  k[3]! * t[at + 3]! +
  k[4]! * t[at + 4]! +
  k[5]! * t[at + 5]!;

/**
 * Fits the model to the border band of an RGB image (3 channels). The first fit takes the whole band;
 * each refit keeps only the pixels close to the last one, so a subject crossing the edge stops pulling.
 */
export function fitBackground(rgb: Buffer, width: number, height: number): BackgroundModel {
  const depth = Math.max(1, Math.round(Math.min(width, height) * BAND_SHARE));
  const picked: number[] = [];
  for (let y = 0; y < height; y++) {
    const edgeRow = y < depth || y >= height - depth;
    for (let x = 0; x < width; x++) {
      if (edgeRow || x < depth || x >= width - depth) picked.push(y * width + x);
      else x = width - depth - 1; // skip the interior of the row
    }
  }
  // An even sample of the band: enough for six coefficients, and a fixed cost at any size.
  const stride = Math.max(1, Math.ceil(picked.length / MAX_SAMPLES));
  const n = Math.ceil(picked.length / stride);
  const terms = new Float64Array(n * TERMS);
  const colours = new Uint8Array(n * 3);
  const t = new Float64Array(TERMS);
  for (let s = 0; s < n; s++) {
    const p = picked[s * stride]!;
    terms.set(termsAt(axis(p % width, width), axis(Math.floor(p / width), height), t), s * TERMS);
    for (let ch = 0; ch < 3; ch++) colours[s * 3 + ch] = rgb[p * 3 + ch]!;
  }
  const kept = new Uint8Array(n).fill(1);
  const distance = new Float64Array(n);
  let coefficients = leastSquares(terms, colours, kept);
  let typical = 0;
  for (let round = 1; ; round++) {
    const [kr, kg, kb] = coefficients as [Float64Array, Float64Array, Float64Array];
    for (let s = 0; s < n; s++) {
      const dr = colours[s * 3]! - colourAt(kr, terms, s * TERMS);
      const dg = colours[s * 3 + 1]! - colourAt(kg, terms, s * TERMS);
      const db = colours[s * 3 + 2]! - colourAt(kb, terms, s * TERMS);
      distance[s] = Math.sqrt(dr * dr + dg * dg + db * db);
    }
    typical = Float64Array.from(distance).sort()[Math.floor((n - 1) * 0.6)]!;
    for (let s = 0; s < n; s++) kept[s] = distance[s]! <= Math.max(4, KEEP_FACTOR * typical) ? 1 : 0;
    if (round === FITS) break;
    coefficients = leastSquares(terms, colours, kept);
  }
  // The spread is measured over a wider set than the fit kept: a texture's light and dark tails are
  // background too, while a subject crossing the edge is usually much further off.
  let sumSquares = 0;
  let count = 0;
  for (let s = 0; s < n; s++) {
    if (distance[s]! > Math.max(4, SPREAD_FACTOR * typical)) continue;
    sumSquares += distance[s]! ** 2;
    count++;
  }
  const rms = Math.sqrt(sumSquares / Math.max(1, count));
  return { coefficients, tolerance: Math.min(BG_MAX_TOLERANCE, Math.max(BG_MIN_TOLERANCE, 3 * rms)) };
}

/** The model's colours along row `y` of a `width` x `height` image, RGB interleaved into `out`. */
export function modelRow(
  model: BackgroundModel,
  y: number,
  width: number,
  height: number,
  out: Float32Array,
): void {
  const v = axis(y, height);
  const [r, g, b] = model.coefficients as [Float64Array, Float64Array, Float64Array];
  // Along one row the quadratic is a + b·u + c·u², per channel.
  const r0 = r[0]! + r[2]! * v + r[4]! * v * v;
  const r1 = r[1]! + r[5]! * v;
  const g0 = g[0]! + g[2]! * v + g[4]! * v * v;
  const g1 = g[1]! + g[5]! * v;
  const b0 = b[0]! + b[2]! * v + b[4]! * v * v;
  const b1 = b[1]! + b[5]! * v;
  const [r2, g2, b2] = [r[3]!, g[3]!, b[3]!];
  for (let x = 0; x < width; x++) {
    const u = (x + 0.5) / width - 0.5;
    const uu = u * u;
    out[x * 3] = r0 + r1 * u + r2 * uu;
    out[x * 3 + 1] = g0 + g1 * u + g2 * uu;
    out[x * 3 + 2] = b0 + b1 * u + b2 * uu;
  }
}
