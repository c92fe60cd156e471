// How far a Convert or AI run got, in a designer's words.

import type { WorkRun } from "./work-types";

const STATUS_WORDS: Readonly<Record<WorkRun["status"], string>> = {
  submitting: "Sending…",
  running: "Working…",
  placing: "Placing…",
  done: "Done",
  failed: "Failed",
};

/**
 * How far a run got, in words. A run picked up again after the window was reopened says so plainly
 * ("Placed after reopening"), not as a flag in brackets.
 */
export function statusWords(run: WorkRun): string {
  const over = run.status === "done" || run.status === "failed";
  if (run.progress && !over) return run.progress;
  if (!run.resumed) return STATUS_WORDS[run.status];
  if (run.status === "done") {
    const placed = run.results.some((result) => result.placedNodeIds?.length);
    return placed ? "Placed after reopening" : "Finished after reopening";
  }
  if (run.status === "failed") return "Failed after reopening";
  return `${STATUS_WORDS[run.status]} (picked up after reopening)`;
}
