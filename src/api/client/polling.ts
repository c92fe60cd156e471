// Following a conversion job or a set of AI tasks to the end: every task id (Location names only the
// first), at the interval Retry-After asks for, until each is finished, or until the caller cancels.

import { ApiError } from "../contract/errors";
import type { AiTask, ConversionJob } from "../contract/spec-objects";
import { isJobFinished, isTaskFinished } from "./answer-readers";
import type { CallOptions } from "./client-assets";
import type { JobAnswer, TaskAnswer } from "./method-results";

export interface PollOptions<Snapshot> extends CallOptions {
  /** Called after every check with the latest state. */
  onUpdate?: (snapshot: Snapshot) => void;
  /** Seconds before the first check (the submission's Retry-After); later checks follow each answer's. */
  retryAfterSeconds?: number;
  /** Interval when no Retry-After is given. Default 2 s. */
  defaultIntervalMs?: number;
  /** Give up after this many checks: ApiError reason "poll_timeout" (ours, listed in ERROR_REASONS). Default 900. */
  maxChecks?: number;
}

export interface PollDeps {
  conversionJob(uuid: string, options?: CallOptions): Promise<JobAnswer>;
  aiTask(taskId: string, options?: CallOptions): Promise<TaskAnswer>;
  wait(ms: number, signal?: AbortSignal): Promise<void>;
}

const MIN_INTERVAL_MS = 250;
const MAX_INTERVAL_MS = 60_000;

function intervalMs(seconds: number | undefined, fallback: number): number {
  const ms = seconds === undefined ? fallback : seconds * 1000;
  return Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, ms));
}

function gaveUp(checks: number, what: string): ApiError {
  return new ApiError(
    0,
    "poll_timeout",
    `Stopped following ${what} after ${checks} checks; it had not finished.`,
  );
}

/** Polls a job until its status is a finished one (see isJobFinished); resolves to the last job seen. */
export async function pollConversionJob(
  deps: PollDeps,
  job: string | ConversionJob,
  options: PollOptions<ConversionJob> = {},
): Promise<ConversionJob> {
  const fallback = options.defaultIntervalMs ?? 2000;
  const maxChecks = options.maxChecks ?? 900;
  let current: ConversionJob | undefined = typeof job === "string" ? undefined : job;
  if (current && isJobFinished(current)) return current;
  const uuid = typeof job === "string" ? job : job.uuid;
  let delay = intervalMs(options.retryAfterSeconds, fallback);
  for (let checks = 0; checks < maxChecks; checks++) {
    await deps.wait(delay, options.signal);
    const answer = await deps.conversionJob(uuid, { signal: options.signal });
    current = answer.job;
    options.onUpdate?.(current);
    if (isJobFinished(current)) return current;
    delay = intervalMs(answer.retryAfterSeconds, fallback);
  }
  throw gaveUp(maxChecks, `conversion job ${uuid}`);
}

/**
 * Polls every task until each is COMPLETED or FAILED; resolves to the tasks in the order of `tasks`.
 * A FAILED task is a result, not an exception: the others still finish.
 */
export async function pollAiTasks(
  deps: PollDeps,
  tasks: readonly (string | AiTask)[],
  options: PollOptions<AiTask[]> = {},
): Promise<AiTask[]> {
  const fallback = options.defaultIntervalMs ?? 2000;
  const maxChecks = options.maxChecks ?? 900;
  const latest: AiTask[] = tasks.map((task) => (typeof task === "string" ? { task_id: task } : task));
  if (latest.every(isTaskFinished)) return latest;
  let delay = intervalMs(options.retryAfterSeconds, fallback);
  for (let checks = 0; checks < maxChecks; checks++) {
    await deps.wait(delay, options.signal);
    const open = latest.flatMap((task, index) => (isTaskFinished(task) ? [] : [index]));
    const answers = await Promise.all(
      open.map((index) => deps.aiTask(latest[index]!.task_id, { signal: options.signal })),
    );
    let nextSeconds: number | undefined;
    answers.forEach((answer, i) => {
      latest[open[i]!] = answer.task;
      // The slowest Retry-After of the round paces the next one.
      if (answer.retryAfterSeconds !== undefined)
        nextSeconds = Math.max(nextSeconds ?? 0, answer.retryAfterSeconds);
    });
    options.onUpdate?.([...latest]);
    if (latest.every(isTaskFinished)) return latest;
    delay = intervalMs(nextSeconds, fallback);
  }
  throw gaveUp(maxChecks, `${latest.filter((t) => !isTaskFinished(t)).length} AI task(s)`);
}
