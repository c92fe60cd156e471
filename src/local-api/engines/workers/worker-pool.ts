// Worker threads for engine work, kept warm between jobs and bounded: each worker has a V8 memory cap
// (resourceLimits: a runaway heap ends that worker, never the server), and each job has a deadline and
// an AbortSignal that TERMINATE its worker, so a cancelled or timed-out job frees its CPU and memory at
// once instead of running on unobserved. Idle workers are unreferenced (they never keep the process
// alive) and only a few are kept; a worker that failed or was stopped is never reused.

import { type ResourceLimits, Worker } from "node:worker_threads";
import { EngineError } from "../errors";

/** The heap a worker may use; past it V8 ends the worker (ERR_WORKER_OUT_OF_MEMORY). */
export const WORKER_RESOURCE_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 384,
  maxYoungGenerationSizeMb: 32,
  stackSizeMb: 8,
};

/** Every worker of every pool alive now (tests count them to see a stopped job really ended). */
const live = new Set<Worker>();

export function liveWorkerCount(): number {
  return live.size;
}

export interface PoolBounds {
  /** Jobs running at once; the rest wait in line. */
  maxBusy: number;
  /** Jobs waiting for a slot; one more is refused (rate_limit_exceeded) rather than queued. */
  maxWaiting: number;
  /** Idle workers kept warm. */
  maxIdle: number;
}

export const DEFAULT_POOL_BOUNDS: PoolBounds = { maxBusy: 2, maxWaiting: 32, maxIdle: 2 };

/** A worker's error after (or between) jobs: nothing is waiting for it, and the worker exits. */
function ignoreLateError(): void {}

export class WorkerPool {
  private readonly idle: Worker[] = [];
  /** The idle-exit listener of each idle worker, removed when the worker is taken again. */
  private readonly leaving = new Map<Worker, () => void>();
  private busy = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly url: URL,
    private readonly bounds: PoolBounds = DEFAULT_POOL_BOUNDS,
    private readonly limits: ResourceLimits = WORKER_RESOURCE_LIMITS,
  ) {}

  /**
   * Waits for a job slot, so at most maxBusy workers of this pool draw at once whatever the traffic;
   * refuses when the line is full. The returned function gives the slot back.
   */
  async acquire(signal: AbortSignal | undefined, what: string): Promise<() => void> {
    if (this.busy >= this.bounds.maxBusy) {
      if (this.waiting.length >= this.bounds.maxWaiting)
        throw new EngineError(
          "rate_limit_exceeded",
          `${what} was refused: the server is busy; retry shortly.`,
        );
      await new Promise<void>((resolve, reject) => {
        const resume = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        const onAbort = () => {
          this.waiting.splice(this.waiting.indexOf(resume) >>> 0, 1);
          reject(cancelled(signal, what));
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        this.waiting.push(resume);
      });
    } else {
      this.busy++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so `busy` never dips and overshoots.
      if (next) next();
      else this.busy--;
    };
  }

  take(): Worker {
    const reused = this.idle.pop();
    if (reused) {
      const leave = this.leaving.get(reused);
      if (leave) reused.off("exit", leave);
      this.leaving.delete(reused);
    }
    const worker = reused ?? this.start();
    worker.ref();
    return worker;
  }

  /** Takes back a worker whose job ended cleanly (the job has removed its own listeners). */
  release(worker: Worker): void {
    if (this.idle.length >= this.bounds.maxIdle) {
      void worker.terminate();
      return;
    }
    worker.unref();
    // A worker that dies while idle (killed, out of memory) just leaves the pool.
    const leave = () => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    };
    worker.once("exit", leave);
    this.leaving.set(worker, leave);
    this.idle.push(worker);
  }

  /** Ends every idle worker (shutdown, tests); running jobs are not affected. */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }

  private start(): Worker {
    const worker = new Worker(this.url, { resourceLimits: this.limits });
    live.add(worker);
    worker.once("exit", () => live.delete(worker));
    // A job listens for errors only while it runs. An error while idle, or between a job's end and
    // the worker's termination, would otherwise be an 'error' event nobody hears, which throws in the
    // server itself. The worker is ending anyway: its 'exit' takes it out of the pool.
    worker.on("error", ignoreLateError);
    return worker;
  }
}

/** What a job makes of one message from its worker. */
export type JobStep<T> =
  | { result: T }
  /** `reusable`: the worker reported the failure and is ready for another job. */
  | { error: EngineError; reusable: boolean }
  | undefined;

export interface WorkerJob<T> {
  message: unknown;
  transfer?: readonly ArrayBuffer[];
  timeoutMs: number;
  signal?: AbortSignal;
  /** Names the work in errors: "The render", "The conversion". */
  what: string;
  onMessage(message: unknown): JobStep<T>;
}

function cancelled(signal: AbortSignal | undefined, what: string): EngineError {
  return signal?.reason instanceof EngineError
    ? signal.reason
    : new EngineError("aborted", `${what} was cancelled.`);
}

function exitError(code: number, what: string, limits: ResourceLimits): EngineError {
  return new EngineError(
    "conversion_failed",
    `${what} stopped (exit ${code}); it may have passed its ${limits.maxOldGenerationSizeMb} MB memory limit.`,
  );
}

/**
 * Runs one job on a worker from `pool` once a slot is free; the deadline (counted from the start of
 * the work) or the signal terminates that worker.
 */
export async function runWorkerJob<T>(pool: WorkerPool, job: WorkerJob<T>): Promise<T> {
  if (job.signal?.aborted) throw cancelled(job.signal, job.what);
  const release = await pool.acquire(job.signal, job.what);
  try {
    return await runOnWorker(pool, job);
  } finally {
    release();
  }
}

function runOnWorker<T>(pool: WorkerPool, job: WorkerJob<T>): Promise<T> {
  const { signal, timeoutMs, what } = job;
  if (signal?.aborted) return Promise.reject(cancelled(signal, what));
  return new Promise<T>((resolve, reject) => {
    const worker = pool.take();
    let settled = false;
    let detach = () => {};
    const finish = (outcome: { result: T } | { error: EngineError }, reusable: boolean) => {
      if (settled) return;
      settled = true;
      detach();
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (reusable) pool.release(worker);
      else void worker.terminate();
      if ("error" in outcome) reject(outcome.error);
      else resolve(outcome.result);
    };
    const timer = setTimeout(
      () =>
        finish(
          { error: new EngineError("conversion_timeout", `${what} took longer than ${timeoutMs} ms.`) },
          false,
        ),
      timeoutMs,
    );
    const onAbort = () => finish({ error: cancelled(signal, what) }, false);
    signal?.addEventListener("abort", onAbort, { once: true });
    const onMessage = (message: unknown) => {
      if (settled) return;
      let step: JobStep<T>;
      try {
        step = job.onMessage(message);
      } catch (error) {
        // The worker may still be busy with this job: it cannot be handed to another.
        finish({ error: new EngineError("conversion_failed", `${what} failed: ${String(error)}`) }, false);
        return;
      }
      if (step === undefined) return;
      if ("result" in step) finish(step, true);
      else finish(step, step.reusable);
    };
    const onError = (error: Error & { code?: string }) => {
      const message =
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? `${what} passed its ${WORKER_RESOURCE_LIMITS.maxOldGenerationSizeMb} MB memory limit and was stopped.`
          : `${what} failed: ${error.message}`;
      finish({ error: new EngineError("conversion_failed", message) }, false);
    };
    const onExit = (code: number) => finish({ error: exitError(code, what, WORKER_RESOURCE_LIMITS) }, false);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    // Only this job's listeners go: the pool's own (live count, idle exit) stay.
    detach = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    worker.postMessage(job.message, (job.transfer ?? []) as ArrayBuffer[]);
  });
}
