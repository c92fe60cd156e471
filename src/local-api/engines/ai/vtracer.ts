// vtracer, through @neplex/vectorizer (MIT; a prebuilt native binding of visioncortex's vtracer, which
// is MIT too), with the settings vectorize uses. The binding is loaded on first use: a machine that has
// no binary for its platform loses vectorize alone (a clear conversion_failed), not the other engines
// that share this worker.

import type { Config } from "@neplex/vectorizer";
import { EngineError } from "../errors";
import type { Rgba } from "./decode";

type Vectorizer = typeof import("@neplex/vectorizer");

/** Flat art keeps curves; a poster (a photograph's trace) is drawn with straight edges. */
export type TraceStyle = "flat-art" | "poster";

let loading: Promise<Vectorizer> | undefined;

function vectorizer(): Promise<Vectorizer> {
  loading ??= import("@neplex/vectorizer").catch((error: unknown) => {
    loading = undefined;
    throw new EngineError(
      "conversion_failed",
      `Vectorize is not available on this server: its tracer did not load (${(error as Error)?.message ?? error}).`,
    );
  });
  return loading;
}

/**
 * The settings of each style; tuned on the bench's packaged icons (bench/vectorize.bench.mjs). Longer
 * segments and fewer smoothing passes (lengthThreshold 16, maxIterations 2) would cut the anchor
 * points by a third (median 56 -> 40) but visibly bend straight lines, so they were not taken.
 */
function settings(v: Vectorizer, style: TraceStyle): Config {
  const flatArt: Config = {
    colorMode: v.ColorMode.Color,
    // Layers stacked (each shape whole, painted over the one below): fewer, simpler paths than cut-outs.
    hierarchical: v.Hierarchical.Stacked,
    filterSpeckle: 4,
    // Colours equal in their top 4 bits are one colour: a JPEG's fringes and blocks around a brand-red
    // icon otherwise come back as dozens of tints, each its own path (95 paths for the rocket, now 5).
    colorPrecision: 4,
    layerDifference: 16,
    mode: v.PathSimplifyMode.Spline,
    cornerThreshold: 60,
    lengthThreshold: 8,
    maxIterations: 10,
    spliceThreshold: 45,
    pathPrecision: 2,
    // vtracer drops transparent pixels only when enough of a few scanlines are transparent; 0 makes it
    // always do so, so a hole inside an opaque picture stays a hole instead of a black shape.
    keyingThreshold: 0,
  };
  if (style === "flat-art") return flatArt;
  // A poster's curves, fitted to grainy outlines, triple the size for no visible gain; specks under
  // 8 x 8 px of the poster are merged into their surroundings.
  return { ...flatArt, mode: v.PathSimplifyMode.Polygon, filterSpeckle: 8, pathPrecision: 1 };
}

/**
 * The traced SVG, then optimised (transforms folded into the outlines, shorter numbers: about a third
 * smaller). Synchronous native calls: the caller bounds the pixels and colours beforehand.
 */
export async function runVtracer(pixels: Rgba, style: TraceStyle): Promise<string> {
  const v = await vectorizer();
  try {
    const svg = v.vectorizeRawSync(
      pixels.data,
      { width: pixels.width, height: pixels.height },
      settings(v, style),
    );
    return v.optimizeSync(svg);
  } catch (error) {
    throw new EngineError(
      "conversion_failed",
      `The picture could not be traced: ${(error as Error)?.message ?? error}`,
    );
  }
}
