// What a repeated Idempotency-Key gets, row by row from the spec's "Idempotency key runs" table.
// The original job (conversions) or tasks (AI) are looked up live, so the answer follows them.

import { ApiError } from "../../api/contract/errors";
import type { IdempotentRun } from "./idempotency";

export interface RepeatLookups {
  /** The job of an async render: its status decides between "202 the job" and already_failed. */
  jobStatus(jobId: string): string | undefined;
  /** Whether every task of an AI run has finished (COMPLETED or FAILED). */
  tasksFinished(taskIds: readonly string[]): boolean;
}

function conflict(reason: string, message: string, tasks?: readonly string[]): ApiError {
  return new ApiError(409, reason, message, tasks ? { tasks: [...tasks] } : {});
}

/**
 * The refusal for a repeated key, or `{ job }` when the answer is 202 with the original job (a
 * completed asynchronous render submission: "poll it as usual").
 */
export function answerRepeat(run: IdempotentRun, lookups: RepeatLookups): ApiError | { jobId: string } {
  if (run.family === "ai") {
    if (run.state === "failed") {
      return conflict(
        "idempotency_already_failed",
        "This Idempotency-Key's request was refused and nothing was charged; use a new key to try again.",
      );
    }
    if (!run.taskIds) {
      return conflict("idempotency_in_progress", "This Idempotency-Key's request is still being dispatched.");
    }
    return lookups.tasksFinished(run.taskIds)
      ? conflict(
          "idempotency_already_completed",
          "This Idempotency-Key's work has finished; its tasks are listed in data.tasks. Nothing was re-dispatched.",
          run.taskIds,
        )
      : conflict(
          "idempotency_in_progress",
          "This Idempotency-Key's work is still running; poll the tasks in data.tasks.",
          run.taskIds,
        );
  }
  switch (run.state) {
    case "in_flight":
      return conflict("idempotency_in_progress", "This Idempotency-Key's conversion is still running.");
    case "completed_sync":
      return conflict(
        "idempotency_already_completed",
        "This Idempotency-Key's conversion completed and its output was streamed, not kept; a new key converts (and charges) again.",
      );
    case "failed":
      return conflict(
        "idempotency_already_failed",
        "This Idempotency-Key's conversion failed and was not charged; use a new key to try again.",
      );
    case "job":
      return lookups.jobStatus(run.jobId) === "failed"
        ? conflict(
            "idempotency_already_failed",
            "This Idempotency-Key's render failed and was not charged; use a new key to try again.",
          )
        : { jobId: run.jobId };
  }
}
