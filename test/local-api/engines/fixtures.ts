// Inputs the engine tests share: built in code so every byte a test relies on is visible here.

import sharp from "sharp";

const still = (k: unknown) => ({ a: 0, k });

interface SquareAnimation {
  name: string;
  width: number;
  height: number;
  fps: number;
  frames: number;
  /** Side of the red square, px. */
  side: number;
  /** Where the square's centre starts and ends (decimals past a minifier's precision are kept on purpose). */
  from: [number, number];
  to: [number, number];
  /** A half-transparent blue disc at the canvas centre, for renders that check blending. */
  disc?: boolean;
}

/** A Lottie of a red square sliding between two points, optionally over a blue disc. */
export function slidingSquareLottie(a: SquareAnimation, extra: Record<string, unknown> = {}) {
  const layer = (ind: number, nm: string, ks: Record<string, unknown>, shapes: unknown[]) => ({
    // Loosely typed on purpose: tests reach into it to add expression fields.
    ddd: 0,
    ind,
    ty: 4,
    nm,
    ip: 0,
    op: a.frames,
    st: 0,
    sr: 1,
    ks: { r: still(0), a: still([0, 0, 0]), s: still([100, 100, 100]), ...ks } as Record<string, unknown>,
    shapes,
  });
  const square = layer(
    1,
    "square",
    {
      o: still(100),
      p: {
        a: 1,
        k: [
          { t: 0, s: [...a.from, 0], o: { x: [0.333], y: [0] }, i: { x: [0.667], y: [1] } },
          { t: a.frames - 1, s: [...a.to, 0] },
        ],
      },
    },
    [
      {
        ty: "gr",
        nm: "square group",
        it: [
          { ty: "rc", nm: "rect", p: still([0, 0]), s: still([a.side, a.side]), r: still(0) },
          { ty: "fl", nm: "fill", c: still([1, 0, 0, 1]), o: still(100) },
          { ty: "tr", p: still([0, 0]), a: still([0, 0]), s: still([100, 100]), r: still(0), o: still(100) },
        ],
      },
    ],
  );
  const disc = layer(2, "disc", { o: still(50), p: still([a.width / 2, a.height / 2, 0]) }, [
    { ty: "el", nm: "ellipse", p: still([0, 0]), s: still([60, 60]) },
    { ty: "fl", nm: "fill", c: still([0, 0, 1, 1]), o: still(100) },
  ]);
  return {
    v: "5.7.4",
    fr: a.fps,
    ip: 0,
    op: a.frames,
    w: a.width,
    h: a.height,
    nm: a.name,
    ddd: 0,
    assets: [],
    layers: a.disc ? [square, disc] : [square],
    ...extra,
  };
}

/** A small Lottie at 24 fps (a second by default): a red square sliding across a 64x48 canvas. */
export function slidingSquare(frames = 24): Record<string, unknown> {
  return slidingSquareLottie({
    name: "sliding square",
    width: 64,
    height: 48,
    fps: 24,
    frames,
    side: 16,
    from: [12.000001, 24.000001],
    to: [52, 24],
  });
}

/** A 60-frame, 30 fps Lottie: a red square sliding left to right, a half-transparent blue disc. */
export function movingSquareLottie(extra: Record<string, unknown> = {}) {
  return slidingSquareLottie(
    {
      name: "moving square",
      width: 200,
      height: 100,
      fps: 30,
      frames: 60,
      side: 40,
      from: [30.000001234, 50.00000987],
      to: [170.0000045, 50.0000012],
      disc: true,
    },
    extra,
  );
}

export const lottieBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** A 64x48 PNG: white with a red rectangle. */
export async function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 4, background: "#ffffff" } })
    .composite([{ input: await solid(32, 24, "#ff0000"), left: 16, top: 12 }])
    .png()
    .toBuffer();
}

export function solid(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

export const SAMPLE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 60 40">
  <rect x="5" y="5" width="20" height="30" fill="#00ff00"/>
  <circle cx="45" cy="20" r="10" fill="blue"/>
</svg>`;

export const svgBytes = (svg: string) => new TextEncoder().encode(svg);

/** Decodes any image to straight RGBA for pixel checks. */
export async function rgba(bytes: Uint8Array, page = 0) {
  const { data, info } = await sharp(bytes, { page })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!] as const;
  };
  return { data, width: info.width, height: info.height, at };
}
