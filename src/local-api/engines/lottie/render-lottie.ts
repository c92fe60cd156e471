// lottie-to-gif, lottie-to-webp, lottie-to-mp4, lottie-to-webm: validate, plan, render in a worker,
// encode. Frames stream straight into ffmpeg for video; GIF and WebP collect them for sharp.

import { startDeadline } from "./deadline";
import { allocateFrames, encodeAnimatedImage } from "./encode-animated-image";
import { startVideoEncoder } from "./encode-video";
import { requireLottie } from "./lottie-json";
import { type OneBitAlpha, RENDER_TIMEOUT_MS, type RenderControl, renderFrames, WHITE } from "./render";
import { planRender, type RenderRequest } from "./render-params";

export type LottieRenderFormat = "gif" | "webp" | "mp4" | "webm";

export interface LottieRenderOptions extends RenderRequest, RenderControl {}

/**
 * A GIF has one fully transparent palette entry and no partial alpha, so a placed animation keeps its
 * transparency only where it is all or nothing. Pixels under half alpha go clear, so a fade switches at
 * its midpoint; the soft edge that stays is matted against a mid grey rather than white, so it reads as
 * anti-aliasing on a light frame and a dark one alike (white would ring the art with a light halo on
 * dark frames, black the reverse). A quarter threshold was tried: lines at 32 px came out thicker with
 * a visible grey rim on white; half keeps them crisp and still unbroken.
 */
export const GIF_ALPHA: OneBitAlpha = { threshold: 128, matte: [128, 128, 128] };

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
  // Our video has no alpha: it is flattened onto white. GIF alpha is one bit (GIF_ALPHA). Both happen
  // in the worker, so the event loop never touches a pixel; WebP keeps full alpha.
  const control: RenderControl = {
    signal: deadline.signal,
    timeoutMs: options.timeoutMs ?? RENDER_TIMEOUT_MS,
    ...(video ? { background: WHITE } : format === "gif" ? { oneBitAlpha: GIF_ALPHA } : {}),
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
