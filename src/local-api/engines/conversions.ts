// The twelve conversions behind one call, plus what a route needs before running one: whether the
// upload is the right kind of file, and whether this server can run the operation at all.

import { CONVERSIONS, type ConversionOperation } from "../../api/contract/tables";
import { hasFfmpeg } from "./lottie/ffmpeg";
import type { RenderControl } from "./lottie/render";
import { renderLottie } from "./lottie/render-lottie";
import type { ConversionParams } from "./params";
import { jpgToPng, pngToJpg } from "./raster";
import {
  formatsOf,
  needsParsing,
  rasterFormatOf,
  requireFormat,
  requireInput,
  type SniffedFormat,
} from "./sniff";
import { SVG_LIMITS } from "./svg-cost";
import { SVG_MAX_EDGE, svgToJpg, svgToPng } from "./svg-render";
import { runEngineTask } from "./workers/run-engine";

export interface ConversionAvailability {
  available: boolean;
  /** Why not, in words an operator can act on. */
  reason?: string;
}

/** Which operations this server can run now (mp4 and webm need ffmpeg on the PATH or at FFMPEG_PATH). */
export function availableConversions(): Record<ConversionOperation, ConversionAvailability> {
  const video = hasFfmpeg();
  const out = {} as Record<ConversionOperation, ConversionAvailability>;
  for (const operation of Object.keys(CONVERSIONS) as ConversionOperation[]) {
    const needsVideo = operation === "lottie-to-mp4" || operation === "lottie-to-webm";
    out[operation] =
      needsVideo && !video
        ? { available: false, reason: "ffmpeg is not installed on this server." }
        : { available: true };
  }
  return out;
}

/** Inputs that passed validateConversionInput for an operation and size: runConversion does not redo it. */
const checked = new WeakMap<Uint8Array, string>();
const checkKey = (operation: ConversionOperation, params: ConversionParams) =>
  `${operation}|${params.width ?? ""}|${params.height ?? ""}`;

/**
 * Rejects (EngineError invalid_input_file) unless the bytes are the operation's input format and, for
 * SVG, within the cost limits (svg-cost.ts) at the requested size. A raster is told by its signature
 * here; anything else an SVG or Lottie operation gets is read in a worker thread, whatever its first
 * bytes look like (parsing a large upload must not hold the event loop, and no upload the sniffer
 * calls SVG may reach a renderer without its cost check). Raster operations never parse text at all.
 */
export async function validateConversionInput(
  operation: ConversionOperation,
  bytes: Uint8Array,
  params: ConversionParams = {},
  control: RenderControl = {},
): Promise<void> {
  const expected = CONVERSIONS[operation].input;
  const among = formatsOf(expected);
  const raster = rasterFormatOf(bytes);
  if (needsParsing(among) && !raster) {
    const pdf = operation === "svg-to-pdf";
    const cost = {
      ...params,
      maxEdge: SVG_MAX_EDGE,
      ...(pdf ? { maxElements: SVG_LIMITS.maxPdfElements } : {}),
    };
    const found = await runEngineTask("inspect", { bytes, cost, among }, control);
    requireFormat(found as SniffedFormat | undefined, expected);
  } else {
    requireInput(bytes, expected);
  }
  checked.set(bytes, checkKey(operation, params));
}

/**
 * Runs one conversion and returns the converted file (its Content-Type is CONVERSIONS[op].contentType).
 * The input is validated first unless validateConversionInput already passed it. The signal and the
 * deadline stop the work itself (a worker terminated, a render process killed), not just the wait.
 */
export async function runConversion(
  operation: ConversionOperation,
  bytes: Uint8Array,
  params: ConversionParams = {},
  control: RenderControl = {},
): Promise<Buffer> {
  if (checked.get(bytes) !== checkKey(operation, params))
    await validateConversionInput(operation, bytes, params, control);
  const size = { width: params.width, height: params.height };
  const task = { ...(control.signal ? { signal: control.signal } : {}), timeoutMs: control.timeoutMs };
  switch (operation) {
    case "png-to-jpg":
      return pngToJpg(bytes);
    case "jpg-to-png":
      return jpgToPng(bytes);
    case "svg-to-png":
      return svgToPng(bytes, size, task);
    case "svg-to-jpg":
      return svgToJpg(bytes, size, task);
    case "svg-to-pdf":
      return Buffer.from(await runEngineTask("svgToPdf", { bytes }, task));
    case "lottie-optimize":
      return Buffer.from(await runEngineTask("optimizeLottie", { bytes }, task));
    case "lottie-to-dotlottie":
      return Buffer.from(await runEngineTask("lottieToDotLottie", { bytes }, task));
    case "svg-to-lottie":
      return Buffer.from(
        await runEngineTask(
          "svgToLottie",
          { bytes, ...(params.preset ? { preset: params.preset } : {}) },
          task,
        ),
      );
    case "lottie-to-gif":
      return renderLottie(bytes, "gif", { ...size, ...control });
    case "lottie-to-webp":
      return renderLottie(bytes, "webp", { ...size, ...control });
    case "lottie-to-mp4":
      return renderLottie(bytes, "mp4", { ...size, ...control });
    case "lottie-to-webm":
      return renderLottie(bytes, "webm", { ...size, ...control });
  }
}
