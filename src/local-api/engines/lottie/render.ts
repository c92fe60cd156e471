// Runs frame rendering in worker threads (workers/worker-pool.ts) so a long render never blocks the
// server's event loop, and bounds it: a memory cap per worker, and a deadline or an AbortSignal that
// terminates the worker at once. Workers that finish a job wait for the next one, since loading the
// WebAssembly player is most of a short render's cost.

import { EngineError } from "../errors";
import { runWorkerJob, WorkerPool } from "../workers/worker-pool";
import type { RenderPlan } from "./render-params";

/** Default ceiling on one render; routes may pass a shorter one. */
export const RENDER_TIMEOUT_MS = 120_000;

export const WHITE = [255, 255, 255] as const;

/** One-bit alpha: pixels under `threshold` (0..255) become clear, the rest opaque on `matte`. */
export interface OneBitAlpha {
  threshold: number;
  matte: readonly [number, number, number];
}

export interface RenderControl {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Composite every frame onto this opaque colour (in the worker); default: keep alpha. */
  background?: readonly [number, number, number];
  /** Or make every frame's alpha all or nothing (in the worker), for GIF. */
  oneBitAlpha?: OneBitAlpha;
}

interface WorkerMessage {
  id: number;
  frame?: number;
  pixels?: Uint8Array;
  done?: true;
  error?: string;
}

const pool = new WorkerPool(new URL("./render-worker.mjs", import.meta.url));
let nextJob = 1;

/** Ends every idle worker (for tests and shutdown); running renders are not affected. */
export async function closeRenderWorkers(): Promise<void> {
  await pool.close();
}

/**
 * Draws every frame of the plan and hands each one (straight RGBA, width*height*4 bytes) to onFrame in
 * order. Resolves when the last frame has been delivered.
 */
export function renderFrames(
  /** Lottie JSON text, or a .lottie archive's bytes. */
  data: string | Uint8Array,
  plan: RenderPlan,
  onFrame: (pixels: Uint8Array, index: number) => void,
  control: RenderControl = {},
): Promise<void> {
  const { signal, timeoutMs = RENDER_TIMEOUT_MS, background, oneBitAlpha } = control;
  const id = nextJob++;
  return runWorkerJob<void>(pool, {
    message: {
      id,
      data,
      width: plan.width,
      height: plan.height,
      frames: plan.frames,
      background,
      oneBitAlpha,
    },
    timeoutMs,
    ...(signal ? { signal } : {}),
    what: "The render",
    onMessage(raw) {
      const message = raw as WorkerMessage;
      if (message.id !== id) return undefined;
      if (message.error !== undefined) {
        const error = new EngineError(
          "conversion_failed",
          `The animation could not be rendered: ${message.error}`,
        );
        return { error, reusable: true };
      }
      if (message.done) return { result: undefined };
      if (message.pixels && message.frame !== undefined) onFrame(message.pixels, message.frame);
      return undefined;
    },
  });
}
