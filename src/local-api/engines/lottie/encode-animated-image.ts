// Builds animated GIF and WebP from rendered frames with sharp: the frames are stacked into one tall
// raw image whose pageHeight tells libvips where each frame starts.

import sharp from "sharp";
import { asConversionFailure } from "../errors";
import type { RenderPlan } from "./render-params";

export type AnimatedImageFormat = "gif" | "webp";

/** A frame store sized for the whole plan, filled in place as frames arrive. */
export function allocateFrames(plan: RenderPlan): {
  buffer: Buffer;
  put: (pixels: Uint8Array, index: number) => void;
} {
  const frameBytes = plan.width * plan.height * 4;
  // Not zero-filled (hundreds of MB would stall the event loop): a render either fills every frame or fails.
  const buffer = Buffer.allocUnsafeSlow(frameBytes * plan.frames.length);
  return { buffer, put: (pixels, index) => buffer.set(pixels, index * frameBytes) };
}

export async function encodeAnimatedImage(
  frames: Buffer,
  plan: RenderPlan,
  format: AnimatedImageFormat,
): Promise<Buffer> {
  const count = plan.frames.length;
  // GIF delays are in centiseconds; rounding each one keeps the total duration right on average.
  const delay = Array.from(
    { length: count },
    (_, i) => Math.round(((i + 1) * 1000) / plan.fps / 10) * 10 - Math.round((i * 1000) / plan.fps / 10) * 10,
  );
  try {
    const image = sharp(frames, {
      raw: { width: plan.width, height: plan.height * count, channels: 4, pageHeight: plan.height },
      limitInputPixels: false,
    });
    // libvips gives GIF frames with clear pixels (render-lottie's GIF_ALPHA) a transparent palette
    // entry and clears each frame before the next (disposal 2) unless the next covers all it drew,
    // so a moving part leaves no trail; test/local-api/lottie-gif-transparency checks as a player sees.
    return format === "gif"
      ? await image.gif({ delay, loop: 0, effort: 7 }).toBuffer()
      : await image.webp({ delay, loop: 0, quality: 85, alphaQuality: 90, effort: 4 }).toBuffer();
  } catch (error) {
    throw asConversionFailure(error, `Encoding ${format.toUpperCase()}`);
  }
}
