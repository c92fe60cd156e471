// Size, frame rate and frame count of a Lottie render, resolved from the animation and the caller's
// width/height, inside bounds that keep one render's memory and time predictable.

import { EngineError } from "../errors";

/** Smallest and largest edge a caller may ask for, in pixels. */
export const RENDER_MIN_EDGE = 16;
export const RENDER_MAX_EDGE = 1024;
/** With no width or height the animation's own size is used, scaled down so its long edge fits this. */
export const RENDER_DEFAULT_MAX_EDGE = 512;
/** Output frame rate: the animation's own, capped here (GIF and video players rarely show more). */
export const RENDER_MAX_FPS = 30;
export const RENDER_MAX_FRAMES = 300;
/** Longest animation rendered: 10 minutes (GIF frame delays top out at about 65 s, players far sooner). */
export const RENDER_MAX_SECONDS = 600;
/** Width x height x frames ceiling: 64 Mpx is 256 MB of RGBA, the most one render may hold. */
export const RENDER_MAX_PIXELS = 64 * 1024 * 1024;

export interface RenderRequest {
  width?: number;
  height?: number;
}

export interface RenderPlan {
  width: number;
  height: number;
  fps: number;
  /** Source-animation frame (relative to ip) to draw for each output frame. */
  frames: number[];
}

export interface LottieTiming {
  w: number;
  h: number;
  fr: number;
  ip: number;
  op: number;
}

function checkEdge(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < RENDER_MIN_EDGE || value > RENDER_MAX_EDGE) {
    throw new EngineError(
      "invalid_request",
      `${name} must be an integer from ${RENDER_MIN_EDGE} to ${RENDER_MAX_EDGE} pixels.`,
    );
  }
  return value;
}

const clampEdge = (n: number) => Math.min(RENDER_MAX_EDGE, Math.max(RENDER_MIN_EDGE, Math.round(n)));

/** Resolves the output size; `even` rounds down to even numbers, which yuv420p video requires. */
export function planRender(timing: LottieTiming, request: RenderRequest, even = false): RenderPlan {
  const askedW = checkEdge("width", request.width);
  const askedH = checkEdge("height", request.height);
  const aspect = timing.w / timing.h;
  let width: number;
  let height: number;
  if (askedW !== undefined && askedH !== undefined) [width, height] = [askedW, askedH];
  else if (askedW !== undefined) [width, height] = [askedW, clampEdge(askedW / aspect)];
  else if (askedH !== undefined) [width, height] = [clampEdge(askedH * aspect), askedH];
  else {
    const scale = Math.min(1, RENDER_DEFAULT_MAX_EDGE / Math.max(timing.w, timing.h));
    [width, height] = [clampEdge(timing.w * scale), clampEdge(timing.h * scale)];
  }
  if (even) [width, height] = [width - (width % 2), height - (height % 2)];

  const sourceFrames = timing.op - timing.ip;
  const duration = sourceFrames / timing.fr;
  if (duration > RENDER_MAX_SECONDS) {
    throw new EngineError(
      "invalid_input_file",
      `The animation lasts longer than ${RENDER_MAX_SECONDS} s, too long to render.`,
    );
  }
  const byBudget = Math.floor(RENDER_MAX_PIXELS / (width * height));
  const count = Math.max(
    1,
    Math.min(RENDER_MAX_FRAMES, byBudget, Math.ceil(duration * Math.min(timing.fr, RENDER_MAX_FPS))),
  );
  const fps = count / duration;
  const frames = Array.from({ length: count }, (_, i) => Math.min(sourceFrames - 1, (i * timing.fr) / fps));
  return { width, height, fps, frames };
}
