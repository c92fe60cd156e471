// What a selection command's small window says at each step, in a designer's words: the plan before
// anything is spent, each layer's step while the batch runs, and the sentence it ends on (also the
// notice Figma shows once the window closes).
// The counts, reasons and steps are the batch panel's own (batch/batch-words.ts): the two say alike.
import { type BatchOperation, operationName } from "../batch/batch-operations";
import type { BatchRun } from "../batch/batch-types";
import { layers } from "../batch/batch-words";

/** What each layer a command takes must be, for the empty plan's advice. */
export function whatItTakes(op: BatchOperation): string {
  return op.operation === "vectorize"
    ? "Select one or more image layers (a photo, a logo, a scan) to turn into vectors"
    : "Select one or more photos or other image layers";
}

/** "Background removed from 3 layers", "Vectorized 2 of 3 layers; 1 failed". */
export function outcome(op: BatchOperation, run: BatchRun): string {
  const done = run.layers.filter((l) => l.status === "done").length;
  const failed = run.layers.filter((l) => l.status === "failed").length;
  const all = run.layers.length;
  const count = done === all ? layers(all) : `${done} of ${layers(all)}`;
  const head = op.operation === "vectorize" ? `Vectorized ${count}` : `Background removed from ${count}`;
  if (done === 0 && failed === 0) return `${operationName(op)} stopped: nothing was changed`;
  return failed > 0 ? `${head}; ${failed} failed (not charged)` : head;
}
