// How far a Convert or AI run got, in a designer's words: its stage (waiting, working, placing on the
// canvas) and how long it has taken while it works; a finished one says what it did and what it cost.
// The same words as a batch's rows (batch/batch-words.ts): never a queue's "Queued" or "Running".

import type { AiOperation } from "../../api/contract/tables";
import { isAiOperation } from "../ai/ai-operations";
import type { WorkRun } from "./work-types";

/** The three steps a run shows while it works; sending counts as the first (it waits on the service too). */
// Each a word, so each fits one line in its third of a 280 px window ("Placing on canvas" wrapped).
export const RUN_STEPS = ["Waiting", "Working…", "Placing…"] as const;

/** What a run that has not started yet says (follow-job, follow-tasks). */
export const WAITING_WORDS = RUN_STEPS[0];
/** What a run the service is on says when the service names no stage of its own. */
export const WORKING_WORDS = RUN_STEPS[1];

/** Progress words meaning "not started yet": "Queued" as records kept before this wording still say. */
const WAITING = new Set(["Queued", WAITING_WORDS]);

/** The step a run in progress is on (0 queued, 1 running, 2 placing); undefined once it is over. */
export function runStep(run: WorkRun): number | undefined {
  if (run.status === "done" || run.status === "failed") return undefined;
  if (run.status === "placing") return 2;
  if (run.status === "submitting") return 0;
  return run.progress && WAITING.has(run.progress) ? 0 : 1;
}

/** What the run is doing now: the service's own word when it gave one ("Rendering", "2 of 4 tasks finished"). */
function stageWords(run: WorkRun): string {
  if (run.status === "submitting") return "Sending";
  if (run.status === "placing") return RUN_STEPS[2];
  if (run.progress && WAITING.has(run.progress)) return WAITING_WORDS;
  return run.progress ?? WORKING_WORDS;
}

/** "0:07", "12:30", "1:02:03": a stopwatch, as a designer reads one. */
export function elapsedWords(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

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
  return run.family === "ai" && isAiOperation(run.operation) ? AI_DONE[run.operation] : "Done";
}

/**
 * How far a run got, in words: in progress, its stage ("Rendering"); finished, what it did and what it
 * cost ("Background removed · 2 credits"). A run picked up again after the window was reopened says
 * so plainly ("Placed after reopening"), not as a flag in brackets.
 */
export function statusWords(run: WorkRun): string {
  if (run.status === "done") {
    if (!run.resumed) return withCharge(doneWords(run), run);
    const placed = run.results.some((result) => result.placedNodeIds?.length);
    return withCharge(placed ? "Placed after reopening" : "Finished after reopening", run);
  }
  if (run.status === "failed") return run.resumed ? "Failed after reopening" : "Failed";
  return run.resumed ? `${stageWords(run)} after reopening` : stageWords(run);
}

/** How long a run in progress has taken, given the time now ("0:12"); undefined once it is over. */
export function runElapsed(run: WorkRun, now: number): string | undefined {
  if (run.status === "done" || run.status === "failed" || run.startedAt === undefined) return undefined;
  return elapsedWords(now - run.startedAt);
}
