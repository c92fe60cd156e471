// Writes walked SVG drawables as a Lottie animation: one shape layer, one group per SVG element (in
// reverse document order, because Lottie paints its first item on top), animated by a preset.

import { EngineError } from "../errors";
import type { Drawable } from "./walk";

/**
 * static:  the drawing, unanimated, for 1 second.
 * fade-in: opacity 0 -> 100 % over the first 0.6 s of 1.5 s.
 * draw:    strokes are drawn along their length (trim paths) over 1.2 s, fills fade in over the
 *          last 0.6 s of that, then the drawing holds until 2 s.
 */
export const SVG_LOTTIE_PRESETS = ["static", "fade-in", "draw"] as const;
export type SvgLottiePreset = (typeof SVG_LOTTIE_PRESETS)[number];
export const DEFAULT_PRESET: SvgLottiePreset = "static";

const FPS = 30;
const DURATION_FRAMES: Record<SvgLottiePreset, number> = { static: 30, "fade-in": 45, draw: 60 };
const LINE_CAP = { butt: 1, round: 2, square: 3 } as const;
const LINE_JOIN = { miter: 1, round: 2, bevel: 3 } as const;
const EASE = { o: { x: [0.33], y: [0] }, i: { x: [0.67], y: [1] } };

const still = (k: unknown) => ({ a: 0, k });
const ramp = (from: number, to: number, start: number, end: number) => ({
  a: 1,
  k: [
    { t: start, s: [from], ...EASE },
    { t: end, s: [to] },
  ],
});
const r4 = (n: number) => Math.round(n * 1e4) / 1e4;
const point = (p: [number, number]) => [r4(p[0]), r4(p[1])];

export function parsePreset(value: string | undefined): SvgLottiePreset {
  if (value === undefined || value === "") return DEFAULT_PRESET;
  if ((SVG_LOTTIE_PRESETS as readonly string[]).includes(value)) return value as SvgLottiePreset;
  throw new EngineError("invalid_request", `preset must be one of ${SVG_LOTTIE_PRESETS.join(", ")}.`);
}

function group(drawable: Drawable, preset: SvgLottiePreset, index: number) {
  const { paint } = drawable;
  const items: unknown[] = drawable.paths.map((p) => ({
    ty: "sh",
    ks: still({ c: p.c, v: p.v.map(point), i: p.i.map(point), o: p.o.map(point) }),
  }));
  const drawing = preset === "draw";
  if (drawing && paint.stroke)
    items.push({ ty: "tm", s: still(0), e: ramp(0, 100, 0, 36), o: still(0), m: 1 });
  if (paint.stroke && paint.strokeWidth > 0) {
    items.push({
      ty: "st",
      c: still(paint.stroke.slice(0, 3).map(r4)),
      o: still(r4(paint.stroke[3] * 100)),
      w: still(r4(paint.strokeWidth * drawable.strokeScale)),
      lc: LINE_CAP[paint.lineCap],
      lj: LINE_JOIN[paint.lineJoin],
      ml: paint.miterLimit,
    });
  }
  if (paint.fill) {
    const alpha = r4(paint.fill[3] * 100);
    items.push({
      ty: "fl",
      c: still(paint.fill.slice(0, 3).map(r4)),
      o: drawing
        ? {
            a: 1,
            k: [
              { t: 18, s: [0], ...EASE },
              { t: 36, s: [alpha] },
            ],
          }
        : still(alpha),
      r: paint.fillRule === "evenodd" ? 2 : 1,
    });
  }
  items.push({
    ty: "tr",
    p: still([0, 0]),
    a: still([0, 0]),
    s: still([100, 100]),
    r: still(0),
    o: still(r4(paint.opacity * 100)),
  });
  return { ty: "gr", nm: `element ${index + 1}`, it: items };
}

export function buildLottie(width: number, height: number, drawables: Drawable[], preset: SvgLottiePreset) {
  const op = DURATION_FRAMES[preset];
  const opacity = preset === "fade-in" ? ramp(0, 100, 0, 18) : still(100);
  const shapes = drawables
    .map((d, i) => group(d, preset, i))
    .filter((g) => g.it.length > 1 + g.it.filter((item) => (item as { ty: string }).ty === "sh").length)
    .reverse();
  return {
    v: "5.7.4",
    fr: FPS,
    ip: 0,
    op,
    w: width,
    h: height,
    nm: "svg",
    ddd: 0,
    assets: [],
    layers: [
      {
        ddd: 0,
        ind: 1,
        ty: 4,
        nm: "drawing",
        sr: 1,
        ks: { o: opacity, r: still(0), p: still([0, 0, 0]), a: still([0, 0, 0]), s: still([100, 100, 100]) },
        ao: 0,
        shapes,
        ip: 0,
        op,
        st: 0,
        bm: 0,
      },
    ],
  };
}
