// Runs an engine task (engine-tasks.ts) in a pooled, memory-capped worker thread, with a deadline and
// an AbortSignal that terminate the worker. A task's own EngineError keeps its reason across the
// thread boundary; anything else it throws is conversion_failed.

import { EngineError, type EngineErrorReason } from "../errors";
import type { EngineTaskName, EngineTasks } from "./engine-tasks";
import { runWorkerJob, WorkerPool } from "./worker-pool";

/** Default limit of one task when the caller names none. */
export const ENGINE_TASK_TIMEOUT_MS = 30_000;

const pool = new WorkerPool(new URL("./engine-worker.mjs", import.meta.url));
let nextJob = 1;

const REASONS = new Set<string>([
  "invalid_input_file",
  "invalid_request",
  "conversion_failed",
  "conversion_timeout",
]);

export interface EngineTaskControl {
  signal?: AbortSignal;
  timeoutMs?: number;
}

interface Reply {
  id: number;
  output?: unknown;
  error?: { reason?: string; message: string };
}

type TaskOutput<K extends EngineTaskName> = Awaited<ReturnType<EngineTasks[K]>>;

export function runEngineTask<K extends EngineTaskName>(
  task: K,
  input: Parameters<EngineTasks[K]>[0],
  control: EngineTaskControl = {},
): Promise<TaskOutput<K>> {
  const id = nextJob++;
  return runWorkerJob<TaskOutput<K>>(pool, {
    message: { id, task, input },
    timeoutMs: control.timeoutMs ?? ENGINE_TASK_TIMEOUT_MS,
    ...(control.signal ? { signal: control.signal } : {}),
    what: "The conversion",
    onMessage(raw) {
      const reply = raw as Reply;
      if (reply.id !== id) return undefined;
      if (reply.error) {
        const reason = (
          REASONS.has(reply.error.reason ?? "") ? reply.error.reason : "conversion_failed"
        ) as EngineErrorReason;
        return { error: new EngineError(reason, reply.error.message), reusable: true };
      }
      return { result: reply.output as TaskOutput<K> };
    },
  });
}

/** Ends the idle engine workers (shutdown, tests). */
export function closeEngineWorkers(): Promise<void> {
  return pool.close();
}
