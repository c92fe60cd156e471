// How well remove-background separates a subject, shared by its tests and bench/remove-background.bench.mjs:
// twelve of the catalogue's 3D emoji (WebP with alpha) laid over four kinds of background drawn here
// (flat, gradient, noisy, textured) and a fifth, busy (hard-edged shapes of many colours, standing in for
// a photo's room or street), so the true mask is the emoji's own alpha. Nothing is downloaded: the
// subjects come from the installed package, the backgrounds from a seeded generator.

import { join } from "node:path";
import sharp from "sharp";
import { packageDir } from "../../../src/local-api/catalog/package-dir";

/** Twelve subjects of many colours and outlines: round, spiky, thin parts, white and dark areas. */
export const CUTOUT_EMOJI = [
  "1f34e", // red apple
  "1f680", // rocket
  "1f3e0", // house
  "2b50", // star
  "1f4a1", // light bulb
  "1f436", // dog face
  "1f33b", // sunflower
  "1f697", // car
  "1f4f7", // camera
  "1f381", // gift
  "1f3b8", // guitar
  "1f9f8", // teddy bear
] as const;

export const BACKGROUND_KINDS = ["flat", "gradient", "noisy", "textured", "busy"] as const;
export type BackgroundKind = (typeof BACKGROUND_KINDS)[number];

/** The picture a designer uploads: the subject at SUBJECT px, off-centre, on a WIDTH x HEIGHT canvas. */
export const CANVAS = { width: 320, height: 256 } as const;
const SUBJECT = 176;

/** Backdrop colours of product shots and slides: light, mid, dark and saturated. */
const PALETTE: ReadonlyArray<readonly [number, number, number]> = [
  [236, 238, 242],
  [250, 246, 236],
  [205, 225, 245],
  [128, 132, 140],
  [40, 44, 52],
  [244, 214, 200],
  [60, 120, 200],
  [230, 240, 214],
];

export interface CutoutCase {
  emoji: string;
  kind: BackgroundKind;
  /** The composited picture, as PNG. */
  png: Buffer;
  /** 1 where the subject is at least half opaque, per pixel of the canvas. */
  truth: Uint8Array;
}

/** A small seeded generator (mulberry32), so every run draws the same backgrounds. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal sample (Box-Muller). */
const gaussian = (next: () => number) =>
  Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** Smooth value noise in 0..1 with `octaves` octaves, the base cell `cell` px (paper, concrete, cloth). */
function valueNoise(
  width: number,
  height: number,
  cell: number,
  octaves: number,
  seed: number,
): Float32Array {
  const out = new Float32Array(width * height);
  const next = random(seed);
  let amplitude = 1;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    const size = Math.max(1, cell / 2 ** o);
    const gw = Math.ceil(width / size) + 2;
    const grid = Float32Array.from({ length: gw * (Math.ceil(height / size) + 2) }, next);
    for (let y = 0; y < height; y++) {
      const gy = y / size;
      const y0 = Math.floor(gy);
      const fy = gy - y0;
      const sy = fy * fy * (3 - 2 * fy);
      for (let x = 0; x < width; x++) {
        const gx = x / size;
        const x0 = Math.floor(gx);
        const fx = gx - x0;
        const sx = fx * fx * (3 - 2 * fx);
        const top = grid[y0 * gw + x0]! * (1 - sx) + grid[y0 * gw + x0 + 1]! * sx;
        const bottom = grid[(y0 + 1) * gw + x0]! * (1 - sx) + grid[(y0 + 1) * gw + x0 + 1]! * sx;
        out[y * width + x]! += amplitude * (top * (1 - sy) + bottom * sy);
      }
    }
    total += amplitude;
    amplitude /= 2;
  }
  for (let p = 0; p < out.length; p++) out[p]! /= total;
  return out;
}

/** The backdrop of case `index` of `kind`, as raw RGB. */
export function drawBackground(kind: BackgroundKind, index: number, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height * 3);
  const base = PALETTE[index % PALETTE.length]!;
  const other = PALETTE[(index + 3) % PALETTE.length]!;
  const angle = (index * 47 * Math.PI) / 180;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const span = Math.abs(dx) * width + Math.abs(dy) * height;
  const texture = kind === "textured" ? valueNoise(width, height, 24, 5, 1000 + index) : undefined;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      // Position along the gradient's direction, 0 at one corner and 1 at the opposite one.
      const t = ((x - (dx < 0 ? width : 0)) * dx + (y - (dy < 0 ? height : 0)) * dy) / span;
      for (let c = 0; c < 3; c++) {
        let v = base[c]!;
        if (kind === "gradient") v = base[c]! + (other[c]! - base[c]!) * t;
        if (kind === "textured") v = base[c]! + (texture![p]! - 0.5) * 90;
        out[p * 3 + c] = clamp(v);
      }
    }
  }
  if (kind === "busy") drawShapes(out, width, height, random(4000 + index));
  return out;
}

/** Forty overlapping rectangles and discs of random colours: edges everywhere, no one background colour. */
function drawShapes(rgb: Buffer, width: number, height: number, next: () => number): void {
  for (let s = 0; s < 40; s++) {
    const colour = [next() * 255, next() * 255, next() * 255];
    const [cx, cy] = [next() * width, next() * height];
    const [rx, ry] = [10 + next() * width * 0.25, 10 + next() * height * 0.25];
    const disc = next() < 0.5;
    for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(height, cy + ry); y++) {
      for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(width, cx + rx); x++) {
        if (disc && ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 > 1) continue;
        for (let c = 0; c < 3; c++) rgb[(y * width + x) * 3 + c] = clamp(colour[c]!);
      }
    }
  }
}

/** Sensor-like grain over the whole picture, subject included: sigma 8 per channel, as a camera adds. */
function addGrain(rgb: Buffer, seed: number): void {
  const next = random(seed);
  for (let i = 0; i < rgb.length; i++) rgb[i] = clamp(rgb[i]! + 8 * gaussian(next));
}

/** Case `index` (0..11) of `kind`: the emoji composited over its backdrop, and the true mask. */
export async function cutoutCase(kind: BackgroundKind, index: number): Promise<CutoutCase> {
  const emoji = CUTOUT_EMOJI[index % CUTOUT_EMOJI.length]!;
  const { width, height } = CANVAS;
  const file = join(packageDir("@lobehub/fluent-emoji-3d"), "assets", `${emoji}.webp`);
  const subject = await sharp(file).resize(SUBJECT, SUBJECT).ensureAlpha().raw().toBuffer();
  // Off-centre by case, never touching the border (the flood starts there).
  const left = 24 + ((index * 37) % (width - SUBJECT - 48));
  const top = 24 + ((index * 23) % (height - SUBJECT - 48));
  const rgb = drawBackground(kind, index, width, height);
  const truth = new Uint8Array(width * height);
  for (let y = 0; y < SUBJECT; y++) {
    for (let x = 0; x < SUBJECT; x++) {
      const s = (y * SUBJECT + x) * 4;
      const p = (top + y) * width + left + x;
      const a = subject[s + 3]! / 255;
      for (let c = 0; c < 3; c++) rgb[p * 3 + c] = clamp(subject[s + c]! * a + rgb[p * 3 + c]! * (1 - a));
      truth[p] = subject[s + 3]! >= 128 ? 1 : 0;
    }
  }
  if (kind === "noisy") addGrain(rgb, 3000 + index);
  const png = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { emoji, kind, png, truth };
}

/** Intersection over union of the true mask and the answer's at-least-half-opaque pixels. */
export async function cutoutIoU(truth: Uint8Array, answer: Uint8Array): Promise<number> {
  const { data } = await sharp(answer).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let both = 0;
  let either = 0;
  for (let p = 0; p < truth.length; p++) {
    const kept = data[p * 4 + 3]! >= 128 ? 1 : 0;
    both += kept & truth[p]!;
    either += kept | truth[p]!;
  }
  return either === 0 ? 1 : both / either;
}
