// Inputs the engine tests share: built in code so every byte a test relies on is visible here.

import sharp from "sharp";

const still = (k: unknown) => ({ a: 0, k });

/** A 60-frame, 30 fps Lottie: a red square sliding left to right, a half-transparent blue disc. */
export function movingSquareLottie(extra: Record<string, unknown> = {}) {
  return {
    v: "5.7.4",
    fr: 30,
    ip: 0,
    op: 60,
    w: 200,
    h: 100,
    nm: "moving square",
    ddd: 0,
    assets: [],
    layers: [
      {
        ddd: 0,
        ind: 1,
        ty: 4,
        nm: "square",
        ip: 0,
        op: 60,
        st: 0,
        sr: 1,
        ks: {
          o: still(100),
          r: still(0),
          a: still([0, 0, 0]),
          s: still([100, 100, 100]),
          p: {
            a: 1,
            k: [
              {
                t: 0,
                s: [30.000001234, 50.00000987, 0],
                o: { x: [0.333], y: [0] },
                i: { x: [0.667], y: [1] },
              },
              { t: 59, s: [170.0000045, 50.0000012, 0] },
            ],
          },
        },
        shapes: [
          {
            ty: "gr",
            nm: "square group",
            it: [
              { ty: "rc", nm: "rect", p: still([0, 0]), s: still([40, 40]), r: still(0) },
              { ty: "fl", nm: "fill", c: still([1, 0, 0, 1]), o: still(100) },
              {
                ty: "tr",
                p: still([0, 0]),
                a: still([0, 0]),
                s: still([100, 100]),
                r: still(0),
                o: still(100),
              },
            ],
          },
        ],
      },
      {
        ddd: 0,
        ind: 2,
        ty: 4,
        nm: "disc",
        ip: 0,
        op: 60,
        st: 0,
        sr: 1,
        ks: {
          o: still(50),
          r: still(0),
          a: still([0, 0, 0]),
          s: still([100, 100, 100]),
          p: still([100, 50, 0]),
        },
        shapes: [
          { ty: "el", nm: "ellipse", p: still([0, 0]), s: still([60, 60]) },
          { ty: "fl", nm: "fill", c: still([0, 0, 1, 1]), o: still(100) },
        ],
      },
    ],
    ...extra,
  };
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
