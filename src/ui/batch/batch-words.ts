// A batch in a designer's words: why a layer is left out, how far each layer got, the plan's sums.

import { sizeName } from "../convert/convert-names";
import { countText } from "../count-text";
import { copyFor } from "../errors/reasons";
import { type BatchOperation, operationName } from "./batch-operations";
import type { BatchRun, LayerRun, LeftOutReason } from "./batch-types";

export function leftOutWords(reason: LeftOutReason, maxUploadKb?: number): string {
  switch (reason) {
    case "hidden":
      return "Hidden";
    case "locked":
      return "Locked";
    case "not-image":
      return "Not an image";
    case "not-exportable":
      return "Cannot be exported";
    case "in-instance":
      return "Inside a component instance";
    case "too-large":
      return maxUploadKb === undefined
        ? "Too large to upload"
        : `Larger than your plan's ${sizeName(maxUploadKb)} upload limit`;
  }
}

export const credits = (n: number) => `${countText(n)} ${n === 1 ? "credit" : "credits"}`;
export const layers = (n: number) => `${countText(n)} ${n === 1 ? "layer" : "layers"}`;

/** The heading over the layers a batch leaves out, the same in the panel and the command window. */
export const skippedWords = (n: number) => `${layers(n)} skipped`;

/** The verb a batch's button leads with, before its count: "Remove background from 3 layers". */
function verbOf(op: BatchOperation): string {
  if (op.operation === "remove-background") return "Remove background from";
  return op.family === "ai" ? operationName(op) : "Convert";
}

/** What the layers become, after the count, for a conversion: "Convert 3 layers to PNG". */
function objectOf(op: BatchOperation): string {
  return op.family === "convert" ? ` to ${op.operation.split("-to-")[1]!.toUpperCase()}` : "";
}

/**
 * The button that starts a batch, with its count and its cost when the cost is known: "Vectorize
 * 3 layers · 6 credits". Two forms: the full one, and a short one for a narrow window that drops
 * the word "layers" rather than cut anything ("Vectorize 3 · 6 credits").
 */
export function startWords(
  op: BatchOperation,
  count: number,
  total?: number,
): { full: string; short: string } {
  const cost = total ? ` · ${credits(total)}` : "";
  return {
    full: `${batchTitle(op, count)}${cost}`,
    short: `${verbOf(op)} ${countText(count)}${objectOf(op)}${cost}`,
  };
}

/** What a batch does, to how many layers: "Vectorize 3 layers", "Convert 3 layers to JPG". */
export function batchTitle(op: BatchOperation, count: number): string {
  return `${verbOf(op)} ${layers(count)}${objectOf(op)}`;
}

const DONE: Record<BatchOperation["operation"], string> = {
  vectorize: "Vectorized",
  "remove-background": "Background removed",
  "svg-to-png": "Converted",
  "svg-to-jpg": "Converted",
  "png-to-jpg": "Converted",
  "jpg-to-png": "Converted",
};

export function layerWords(op: BatchOperation, layer: LayerRun): string {
  switch (layer.status) {
    case "waiting":
      return "Waiting";
    case "uploading":
      return "Uploading…";
    case "working":
      return "Working…";
    case "placing":
      return "Placing…";
    case "done":
      return layer.charged ? `${DONE[op.operation]} · ${credits(layer.charged)}` : DONE[op.operation];
    case "failed": {
      const title = layer.error ? copyFor(layer.error.reason).title : "Failed";
      return layer.charged === 0 ? `${title} · not charged` : title;
    }
    case "not-started":
      return "Not started · not charged";
    case "reverted":
      return "Restored";
  }
}

const BUSY = new Set(["waiting", "uploading", "working", "placing"]);
export const isBusy = (layer: LayerRun) => BUSY.has(layer.status);

/** Every layer the batch changed is back to its original (Revert all): what the card now says. */
function allRestored(run: BatchRun): boolean {
  return (
    run.layers.some((l) => l.status === "reverted") &&
    !run.layers.some((l) => l.status === "done" || isBusy(l))
  );
}

/**
 * The batch's title: what it does, to how many layers ("Vectorize 5 layers"); once every changed
 * layer is reverted, what it came to instead ("3 layers restored"), not an action that is undone.
 */
export function runTitle(run: BatchRun): string {
  if (allRestored(run)) return `${layers(run.layers.filter((l) => l.status === "reverted").length)} restored`;
  return batchTitle(run.op, run.layers.length);
}

/**
 * How far it got: "2 of 5 finished", then what it came to, the first count naming its layers
 * ("4 layers done · 1 failed · 8 credits spent", "2 layers done · 1 restored · 6 credits spent,
 * not refunded"). Once every changed layer is restored the title says so, and this only what is
 * left: "6 credits spent, not refunded".
 */
export function runSummary(run: BatchRun): string {
  const total = run.layers.length;
  const count = (status: LayerRun["status"]) => run.layers.filter((l) => l.status === status).length;
  if (run.layers.some(isBusy)) return `${run.layers.filter((l) => !isBusy(l)).length} of ${total} finished`;
  const done = count("done");
  const spent = run.layers.reduce((sum, l) => sum + (l.charged ?? 0), 0);
  const parts: string[] = [];
  const add = (n: number, words: string) => {
    if (n) parts.push(parts.length ? `${countText(n)} ${words}` : `${layers(n)} ${words}`);
  };
  add(done, "done");
  add(count("failed"), "failed");
  add(count("not-started"), "not started");
  // Said by the title once every changed layer is restored ("3 layers restored").
  if (!allRestored(run)) add(count("reverted"), "restored");
  // Last and said as spent: restoring an original is done on the canvas alone, the service is not
  // asked, so the credits stay spent; said outright once anything is restored.
  const refund = count("reverted") ? ", not refunded" : "";
  if (spent) parts.push(`${credits(spent)} spent${refund}`);
  return parts.join(" · ") || `${layers(0)} done`;
}
