// What a selection command's small window says at each step, in a designer's words: the plan before
// anything is spent, each layer's step while the batch runs, and the sentence it ends on (also the
// notice Figma shows once the window closes).
import type { BatchOperation } from "../batch/batch-operations";
import type { BatchRun, LayerStatus, LeftOutReason } from "../batch/batch-types";

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const creditWords = (n: number) => plural(n, "credit");

/** The command's name as its button and title say it. */
export function commandName(op: BatchOperation): string {
  return op.operation === "vectorize" ? "Vectorize" : "Remove background";
}

/** What each layer a command takes must be, for the empty plan's advice. */
export function whatItTakes(op: BatchOperation): string {
  return op.operation === "vectorize"
    ? "Select one or more image layers (a photo, a logo, a scan) to turn into vectors"
    : "Select one or more photos or other image layers";
}

export const LEFT_OUT: Record<LeftOutReason, string> = {
  hidden: "Hidden",
  locked: "Locked",
  "not-image": "Not an image",
  "not-exportable": "Cannot be exported",
  "in-instance": "Inside an instance",
  "too-large": "Too large for your plan",
};

export const STEP: Record<LayerStatus, string> = {
  waiting: "Waiting",
  uploading: "Uploading",
  working: "Working",
  placing: "Placing",
  done: "Done",
  failed: "Failed",
  "not-started": "Not started",
  reverted: "Restored",
};

const BUSY: readonly LayerStatus[] = ["waiting", "uploading", "working", "placing"];
export const isRunning = (run: BatchRun) => run.layers.some((layer) => BUSY.includes(layer.status));

/** "Background removed from 3 layers", "Vectorized 2 of 3 layers; 1 failed". */
export function outcome(op: BatchOperation, run: BatchRun): string {
  const done = run.layers.filter((l) => l.status === "done").length;
  const failed = run.layers.filter((l) => l.status === "failed").length;
  const all = run.layers.length;
  const count = done === all ? plural(all, "layer") : `${done} of ${plural(all, "layer")}`;
  const head = op.operation === "vectorize" ? `Vectorized ${count}` : `Background removed from ${count}`;
  if (done === 0 && failed === 0) return `${commandName(op)} stopped: nothing was changed`;
  return failed > 0 ? `${head}; ${failed} failed (not charged)` : head;
}
