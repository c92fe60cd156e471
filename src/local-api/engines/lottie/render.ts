// Runs frame rendering in worker threads so a long render never blocks the server's event loop, and
// bounds it: a deadline or an AbortSignal terminates the worker at once. Workers that finish a job
// wait (unreferenced, so they never keep the process alive) for the next one, since loading the
// WebAssembly player is most of a short render's cost.

import { Worker } from "node:worker_threads";
import { EngineError } from "../errors";
import type { RenderPlan } from "./render-params";

/** Default ceiling on one render; routes may pass a shorter one. */
export const RENDER_TIMEOUT_MS = 120_000;
/** Idle workers kept for later renders; more concurrent renders start more workers, then let them go. */
const MAX_IDLE_WORKERS = 2;

export const WHITE = [255, 255, 255] as const;

export interface RenderControl {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Composite every frame onto this opaque colour (in the worker); default: keep alpha. */
  background?: readonly [number, number, number];
}

interface WorkerMessage {
  id: number;
  frame?: number;
  pixels?: Uint8Array;
  done?: true;
  error?: string;
}

const WORKER_URL = new URL("./render-worker.mjs", import.meta.url);
const idle: Worker[] = [];
let nextJob = 1;

function takeWorker(): Worker {
  const worker = idle.pop() ?? new Worker(WORKER_URL);
  worker.ref();
  return worker;
}

function releaseWorker(worker: Worker): void {
  // Only our own events: Worker keeps internal listeners that start its message port.
  for (const event of ["message", "error", "exit"]) worker.removeAllListeners(event);
  if (idle.length >= MAX_IDLE_WORKERS) {
    void worker.terminate();
    return;
  }
  worker.unref();
  // A worker that dies while idle (out of memory, killed) just leaves the pool.
  worker.once("exit", () => idle.splice(idle.indexOf(worker) >>> 0, 1));
  idle.push(worker);
}

/** Ends every idle worker (for tests and shutdown); running renders are not affected. */
export async function closeRenderWorkers(): Promise<void> {
  await Promise.all(idle.splice(0).map((w) => w.terminate()));
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
  const { signal, timeoutMs = RENDER_TIMEOUT_MS, background } = control;
  if (signal?.aborted) {
    return Promise.reject(
      signal.reason instanceof EngineError
        ? signal.reason
        : new EngineError("aborted", "The render was cancelled."),
    );
  }
  return new Promise((resolve, reject) => {
    const id = nextJob++;
    const worker = takeWorker();
    let settled = false;
    const finish = (error?: EngineError, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (reusable) releaseWorker(worker);
      else void worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(
      () => finish(new EngineError("conversion_timeout", `The render took longer than ${timeoutMs} ms.`)),
      timeoutMs,
    );
    const onAbort = () =>
      finish(
        signal?.reason instanceof EngineError
          ? signal.reason
          : new EngineError("aborted", "The render was cancelled."),
      );
    signal?.addEventListener("abort", onAbort, { once: true });

    worker.on("message", (message: WorkerMessage) => {
      if (settled || message.id !== id) return;
      if (message.error !== undefined) {
        finish(
          new EngineError("conversion_failed", `The animation could not be rendered: ${message.error}`),
          true,
        );
      } else if (message.done) finish(undefined, true);
      else if (message.pixels && message.frame !== undefined) {
        try {
          onFrame(message.pixels, message.frame);
        } catch (error) {
          // The worker is still drawing this job's frames: it cannot be handed to another job.
          finish(new EngineError("conversion_failed", `A frame could not be encoded: ${String(error)}`));
        }
      }
    });
    worker.on("error", (error) => finish(new EngineError("conversion_failed", error.message)));
    worker.on("exit", (code) =>
      finish(new EngineError("conversion_failed", `The renderer stopped (exit ${code}).`)),
    );
    worker.postMessage({ id, data, width: plan.width, height: plan.height, frames: plan.frames, background });
  });
}
