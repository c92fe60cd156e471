// Checks a GIF made from a Lottie against the renderer's own frames: what a player shows (frames
// stacked with their disposal) must be clear exactly where the animation is.

import sharp from "sharp";
import { requireLottie } from "../../../src/local-api/engines/lottie/lottie-json";
import { renderFrames } from "../../../src/local-api/engines/lottie/render";
import { GIF_ALPHA } from "../../../src/local-api/engines/lottie/render-lottie";
import { planRender, type RenderRequest } from "../../../src/local-api/engines/lottie/render-params";

/**
 * A GIF's frames as a player stacks them (sharp's decoder applies each frame's disposal), beside the
 * renderer's own frames for the same request, drawn straight with no encoder involved. `cleared`
 * counts pixels the render has clear (alpha under the GIF threshold) but the GIF shows drawn: a frame
 * not cleared before the next leaves exactly those behind. `lost` counts the reverse.
 */
export async function gifAgainstRender(gif: Uint8Array, lottie: Uint8Array, size: RenderRequest) {
  const { json, animation } = requireLottie(lottie);
  const plan = planRender(animation, size);
  const rendered: Uint8Array[] = [];
  await renderFrames(json, plan, (pixels, index) => {
    rendered[index] = pixels;
  });
  const meta = await sharp(gif, { pages: -1 }).metadata();
  const [width, height, pages] = [meta.width!, meta.pageHeight!, meta.pages!];
  const data = await sharp(gif, { pages: -1 }).ensureAlpha().raw().toBuffer();
  // The encoder merges identical neighbours into one page with their delays summed: each page is
  // compared with the planned frame that starts when it does.
  const starts = plannedStarts(plan.fps, plan.frames.length);
  let time = 0;
  const frames = Array.from({ length: pages }, (_, page) => {
    const frame = data.subarray(page * width * height * 4, (page + 1) * width * height * 4);
    const index = starts.indexOf(time);
    if (index < 0) throw new Error(`page ${page} starts at ${time} ms, when no planned frame does`);
    time += meta.delay![page]!;
    const reference = rendered[index]!;
    const alpha = (x: number, y: number) => frame[(y * width + x) * 4 + 3]!;
    let [opaque, partial, cleared, lost] = [0, 0, 0, 0];
    for (let i = 3; i < frame.length; i += 4) {
      if (frame[i] === 255) opaque++;
      else if (frame[i] !== 0) partial++;
      const drawn = reference[i]! >= GIF_ALPHA.threshold;
      if (!drawn && frame[i] !== 0) cleared++;
      if (drawn && frame[i] === 0) lost++;
    }
    const corners = [alpha(0, 0), alpha(width - 1, 0), alpha(0, height - 1), alpha(width - 1, height - 1)];
    return { opaque, partial, cleared, lost, corners };
  });
  return { width, height, frames };
}

/** When each planned frame starts, in ms, rounded to GIF's centiseconds as the encoder does. */
function plannedStarts(fps: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.round((i * 1000) / fps / 10) * 10);
}
