// When a batch is worth offering, what the offer says, and when the batch card takes the tab over:
// one action per screen, so the single-layer form is not shown under a plan, a run or its result.
import type { SelectionInfo } from "../../messages/types";
import { type BatchOperation, findOperation, operationName } from "./batch-operations";
import type { BatchStore } from "./batch-types";
import { layers } from "./batch-words";

const CONTAINERS = ["FRAME", "GROUP", "SECTION"];

/** Several layers, or a frame that may hold several: a batch is worth offering. */
export function offersBatch(selection: SelectionInfo | null): boolean {
  if (!selection) return false;
  return selection.count > 1 || selection.kinds.some((k) => CONTAINERS.includes(k));
}

/** The batch an AI operation becomes on this selection, or undefined when it stays a single run. */
export function aiBatchFor(
  operation: string | null,
  selection: SelectionInfo | null,
): BatchOperation | undefined {
  if (!operation || !offersBatch(selection)) return undefined;
  return findOperation("ai", operation);
}

/** The main button's words for a batch: "Vectorize 3 layers", or "Vectorize each layer" in a frame. */
export function batchButtonLabel(op: BatchOperation, selection: SelectionInfo): string {
  const name = operationName(op);
  return selection.count > 1 ? `${name} ${layers(selection.count)}` : `${name} each layer`;
}

/**
 * The Convert tab's button on several selected layers: "Convert 3 layers…". The dots say a review
 * comes first: the plan, with each layer's cost, before anything is spent.
 */
export function convertBatchLabel(selection: SelectionInfo): string {
  return `Convert ${layers(selection.count)}…`;
}

/** What the form says goes: the selected layers, or the layers inside the selected frame. */
export function batchSourceWords(selection: SelectionInfo): string {
  if (selection.count > 1) return `${layers(selection.count)} selected`;
  const name = selection.nodes[0]?.name;
  return name ? `Image layers in ${name}` : "Image layers inside";
}

/** A plan, a check of the layers or a run is on screen: the batch card is the tab's one action. */
export function batchCardOpen(batch: BatchStore): boolean {
  return batch.plan.value !== null || batch.run.value !== null || batch.planning.value;
}
