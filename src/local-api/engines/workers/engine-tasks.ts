// What the engine worker (engine-worker.mjs) can run: each task takes and returns structured-cloneable
// values. Everything here is synchronous, library-bound work that must never run on the server's event
// loop: parsing and counting an SVG, writing a PDF, walking an SVG into Lottie, tracing a raster (vtracer),
// cutting out a background.

import { removeBackground } from "../ai/remove-background";
import { traceToSvg, type VectorizePalette } from "../ai/trace";
import { lottieToDotLottie } from "../lottie/dotlottie";
import { optimizeLottie } from "../lottie/optimize";
import { describe } from "../similarity/describe";
import { type SniffedFormat, sniff } from "../sniff";
import { checkSvgCost, type SvgCostOptions } from "../svg-cost";
import { svgToLottie } from "../svg-lottie/index";
import { svgToPdf } from "../svg-pdf";

export const ENGINE_TASKS = {
  /** The sniffed format; for an SVG, its cost checked too (throws invalid_input_file past a limit). */
  inspect({
    bytes,
    cost,
    among,
  }: {
    bytes: Uint8Array;
    cost: SvgCostOptions;
    among?: readonly SniffedFormat[];
  }): string | undefined {
    const format = sniff(bytes, among);
    if (format === "svg") checkSvgCost(new TextDecoder().decode(bytes), cost);
    return format;
  },
  /** The sniffed format alone, among the formats the caller takes (text is parsed to tell). */
  sniff: ({ bytes, among }: { bytes: Uint8Array; among?: readonly SniffedFormat[] }) => sniff(bytes, among),
  removeBackground: ({ bytes }: { bytes: Uint8Array }) =>
    removeBackground(bytes).then((b) => new Uint8Array(b)),
  /** A reverse search upload's shape descriptor. */
  describe: ({ bytes }: { bytes: Uint8Array }) => describe(bytes),
  optimizeLottie: ({ bytes }: { bytes: Uint8Array }) => optimizeLottie(bytes).then((b) => new Uint8Array(b)),
  lottieToDotLottie: ({ bytes }: { bytes: Uint8Array }) =>
    lottieToDotLottie(bytes).then((b) => new Uint8Array(b)),
  svgToPdf: ({ bytes }: { bytes: Uint8Array }) => svgToPdf(bytes).then((b) => new Uint8Array(b)),
  svgToLottie: ({ bytes, preset }: { bytes: Uint8Array; preset?: string }) =>
    svgToLottie(bytes, preset === undefined ? {} : { preset }).then((b) => new Uint8Array(b)),
  /** vectorize's tracing, decode to SVG: its native call cannot be interrupted, so it stays off the server's thread. */
  vectorize: ({ bytes, colours }: { bytes: Uint8Array; colours: VectorizePalette }) =>
    traceToSvg(bytes, colours),
} as const;

export type EngineTasks = typeof ENGINE_TASKS;
export type EngineTaskName = keyof EngineTasks;
