// One frame of a Lottie (JSON text or .lottie bytes) as straight RGBA: previews, and the checks that
// prove optimize, dotLottie and svg-to-lottie output still renders.

import { type RenderControl, renderFrames } from "./render";

export interface FrameRequest {
  width: number;
  height: number;
  /** Frame number relative to the animation's in-point (fractions interpolate). */
  frame: number;
}

export async function renderLottieFrame(
  data: string | Uint8Array,
  request: FrameRequest,
  control?: RenderControl,
): Promise<Uint8Array> {
  let result: Uint8Array | undefined;
  const plan = { width: request.width, height: request.height, fps: 1, frames: [request.frame] };
  await renderFrames(
    data,
    plan,
    (pixels) => {
      result = pixels;
    },
    control,
  );
  return result!;
}
