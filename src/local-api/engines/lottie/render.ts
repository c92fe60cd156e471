// Runs the frame renderer in a worker thread so a long render never blocks the server's event loop,
// and bounds it: a deadline or an AbortSignal terminates the worker at once.

import { Worker } from "node:worker_threads";
import { EngineError } from "../errors";
import type { RenderPlan } from "./render-params";

/** Default ceiling on one render; routes may pass a shorter one. */
export const RENDER_TIMEOUT_MS = 120_000;

export interface RenderControl {
  signal?: AbortSignal;
  timeoutMs?: number;
}

const WORKER_URL = new URL("./render-worker.mjs", import.meta.url);

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
  const { signal, timeoutMs = RENDER_TIMEOUT_MS } = control;
  if (signal?.aborted) return Promise.reject(new EngineError("aborted", "The render was cancelled."));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { data, width: plan.width, height: plan.height, frames: plan.frames },
    });
    let settled = false;
    const finish = (error?: EngineError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(
      () => finish(new EngineError("conversion_timeout", `The render took longer than ${timeoutMs} ms.`)),
      timeoutMs,
    );
    const onAbort = () => finish(new EngineError("aborted", "The render was cancelled."));
    signal?.addEventListener("abort", onAbort, { once: true });

    worker.on("message", (message: { frame?: number; pixels?: Uint8Array; done?: true; error?: string }) => {
      if (settled) return;
      if (message.error !== undefined) {
        finish(new EngineError("conversion_failed", `The animation could not be rendered: ${message.error}`));
      } else if (message.done) finish();
      else if (message.pixels && message.frame !== undefined) {
        try {
          onFrame(message.pixels, message.frame);
        } catch (error) {
          finish(new EngineError("conversion_failed", `A frame could not be encoded: ${String(error)}`));
        }
      }
    });
    worker.on("error", (error) => finish(new EngineError("conversion_failed", error.message)));
    worker.on("exit", (code) => {
      if (!settled)
        finish(
          new EngineError("conversion_failed", `The renderer could not load the animation (exit ${code}).`),
        );
    });
  });
}
