// lottie-to-gif, lottie-to-webp, lottie-to-mp4, lottie-to-webm: validate, plan, render in a worker,
// encode. Frames stream straight into ffmpeg for video; GIF and WebP collect them for sharp.

import { startDeadline } from "./deadline";
import { allocateFrames, encodeAnimatedImage } from "./encode-animated-image";
import { startVideoEncoder } from "./encode-video";
import { requireLottie } from "./lottie-json";
import { RENDER_TIMEOUT_MS, type RenderControl, renderFrames, WHITE } from "./render";
import { planRender, type RenderRequest } from "./render-params";

export type LottieRenderFormat = "gif" | "webp" | "mp4" | "webm";

export interface LottieRenderOptions extends RenderRequest, RenderControl {}

export async function renderLottie(
  bytes: Uint8Array,
  format: LottieRenderFormat,
  options: LottieRenderOptions = {},
): Promise<Buffer> {
  const { json, animation } = requireLottie(bytes);
  const video = format === "mp4" || format === "webm";
  const plan = planRender(animation, options, video);
  // The deadline covers rendering and encoding alike.
  const deadline = startDeadline(options.timeoutMs ?? RENDER_TIMEOUT_MS, options.signal);
  // GIF alpha is one bit (a half-transparent edge would vanish) and our video has none: both are
  // flattened onto white, in the worker, so the event loop never touches a pixel.
  const control: RenderControl = {
    signal: deadline.signal,
    timeoutMs: options.timeoutMs ?? RENDER_TIMEOUT_MS,
    ...(format === "webp" ? {} : { background: WHITE }),
  };
  try {
    if (!video) {
      const store = allocateFrames(plan);
      await renderFrames(json, plan, store.put, control);
      // sharp cannot be stopped mid-encode; the caller gets its answer on time and the result is dropped.
      return await deadline.race(encodeAnimatedImage(store.buffer, plan, format));
    }
    const encoder = await startVideoEncoder(plan, format);
    deadline.signal.addEventListener("abort", () => encoder.abort(), { once: true });
    let written: Promise<void> = Promise.resolve();
    try {
      await renderFrames(
        json,
        plan,
        (pixels) => {
          written = written.then(() => encoder.write(pixels));
        },
        control,
      );
      await deadline.race(written);
      return await deadline.race(encoder.finish());
    } catch (error) {
      encoder.abort();
      throw error;
    }
  } finally {
    deadline.dispose();
  }
}
