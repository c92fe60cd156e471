// How a run is named in the list: what was done, to what.

import type { PendingWork } from "../../messages/types";
import { AI_LABELS, isAiOperation } from "../ai/ai-operations";
import { conversionResult } from "../convert/convert-names";

/** The AI tab's name for the operation; removing a background reads "of" the layer it works on. */
function aiVerb(operation: string): string {
  if (!isAiOperation(operation)) return operation;
  return operation === "remove-background" ? `${AI_LABELS[operation]} of` : AI_LABELS[operation];
}

export function runLabel(family: "convert" | "ai", operation: string, sourceName: string): string {
  // A conversion is named by what it made, from what: "Animated GIF from “slide”".
  const what = family === "ai" ? aiVerb(operation) : `${conversionResult(operation)} from`;
  return sourceName ? `${what} “${sourceName}”` : what;
}

/** The name results are given: the layer's or file's, else a prompt's first words, else the operation. */
export function sourceNameOf(record: Pick<PendingWork, "target" | "params" | "operation">): string {
  const fromParams = record.params?.sourceName ?? record.params?.prompt;
  const name = record.target?.nodeName ?? (typeof fromParams === "string" ? fromParams : undefined);
  return (name ?? record.operation).slice(0, 60);
}
