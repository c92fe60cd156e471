// How far a Convert or AI run got, in a designer's words.

import type { AiOperation } from "../../api/contract";
import { isAiOperation } from "../ai/ai-operations";
import type { WorkRun } from "./work-types";

const STATUS_WORDS: Readonly<Record<WorkRun["status"], string>> = {
  submitting: "Sending…",
  running: "Working…",
  placing: "Placing…",
  done: "Done",
  failed: "Failed",
};

/** What a finished AI run did, said as its outcome ("Background removed"), not a bare "Done". */
const AI_DONE: Readonly<Record<AiOperation, string>> = {
  vectorize: "Vectorized",
  "remove-background": "Background removed",
  "smart-group": "Grouped",
  "text-to-image": "Image made",
  "image-to-image": "Image made",
  "text-to-3d": "3D model made",
  "image-to-3d": "3D model made",
};

/** "2 credits" after what was done, when the run was charged. */
function withCharge(words: string, run: WorkRun): string {
  const n = run.creditsCharged;
  return n ? `${words} · ${n} ${n === 1 ? "credit" : "credits"}` : words;
}

function doneWords(run: WorkRun): string {
  return run.family === "ai" && isAiOperation(run.operation) ? AI_DONE[run.operation] : STATUS_WORDS.done;
}

/**
 * How far a run got, in words; a finished one says what it did and what it cost
 * ("Background removed · 2 credits"). A run picked up again after the window was reopened says so plainly
 * ("Placed after reopening"), not as a flag in brackets.
 */
export function statusWords(run: WorkRun): string {
  const over = run.status === "done" || run.status === "failed";
  if (run.progress && !over) return run.progress;
  if (!run.resumed) return run.status === "done" ? withCharge(doneWords(run), run) : STATUS_WORDS[run.status];
  if (run.status === "done") {
    const placed = run.results.some((result) => result.placedNodeIds?.length);
    return withCharge(placed ? "Placed after reopening" : "Finished after reopening", run);
  }
  if (run.status === "failed") return "Failed after reopening";
  return `${STATUS_WORDS[run.status]} (picked up after reopening)`;
}
