// The twelve conversions behind one call, plus what a route needs before running one: whether the
// upload is the right kind of file, and whether this server can run the operation at all.

import { CONVERSIONS, type ConversionOperation } from "../../api/contract";
import { lottieToDotLottie } from "./lottie/dotlottie";
import { hasFfmpeg } from "./lottie/ffmpeg";
import { optimizeLottie } from "./lottie/optimize";
import type { RenderControl } from "./lottie/render";
import { renderLottie } from "./lottie/render-lottie";
import type { ConversionParams } from "./params";
import { jpgToPng, pngToJpg } from "./raster";
import { requireInput } from "./sniff";
import { svgToLottie } from "./svg-lottie/index";
import { svgToPdf } from "./svg-pdf";
import { svgToJpg, svgToPng } from "./svg-render";

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

/** Throws EngineError invalid_input_file unless the bytes are the operation's input format. */
export function validateConversionInput(operation: ConversionOperation, bytes: Uint8Array): void {
  requireInput(bytes, CONVERSIONS[operation].input);
}

/** Runs one conversion and returns the converted file (its Content-Type is CONVERSIONS[op].contentType). */
export async function runConversion(
  operation: ConversionOperation,
  bytes: Uint8Array,
  params: ConversionParams = {},
  control: RenderControl = {},
): Promise<Buffer> {
  const size = { width: params.width, height: params.height };
  switch (operation) {
    case "png-to-jpg":
      return pngToJpg(bytes);
    case "jpg-to-png":
      return jpgToPng(bytes);
    case "svg-to-png":
      return svgToPng(bytes, size);
    case "svg-to-jpg":
      return svgToJpg(bytes, size);
    case "svg-to-pdf":
      return svgToPdf(bytes);
    case "lottie-optimize":
      return optimizeLottie(bytes);
    case "lottie-to-dotlottie":
      return lottieToDotLottie(bytes);
    case "svg-to-lottie":
      return svgToLottie(bytes, { preset: params.preset });
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
