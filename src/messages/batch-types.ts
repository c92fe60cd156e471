// Work on many layers at once, as messages: which selected layers a batch can take (and why the others
// cannot), placing one layer's result beside its kept original, and reverting to the originals.
// Part of the protocol (./types).
import type { InsertContent } from "./asset-types";

/** What a batch needs of a layer: an image fill (vectorize, remove background) or any exportable layer. */
export type BatchNeed = "image" | "exportable";

/** Why a selected layer is left out of a batch (the ui puts each in a designer's words). */
export type SkipReason = "hidden" | "locked" | "not-image" | "not-exportable" | "in-instance";

export interface BatchLayer {
  nodeId: string;
  name: string;
  width: number;
  height: number;
}

export interface SkippedLayer {
  nodeId: string;
  name: string;
  reason: SkipReason;
}

export interface BatchCandidatesRequest {
  need: BatchNeed;
}

/** Layers in the layer list's order; a selected frame or group stands for the image layers inside it. */
export interface BatchCandidatesResponse {
  layers: BatchLayer[];
  skipped: SkippedLayer[];
}

/**
 * One layer's result: it takes the original's name, position, size, constraints and place in the layer
 * list (and in auto-layout); the original stays, hidden, right below it. One undo step.
 */
export interface PlaceBatchResultRequest {
  sourceNodeId: string;
  content: InsertContent;
  batchId: string;
  /** The work done ("remove-background", "vectorize", "png-to-jpg"): recorded on the result. */
  madeBy?: string;
}

export interface PlaceBatchResultResponse {
  nodeId: string;
  originalId: string;
}

/** Results to revert, by id; or, with neither, the selected results (the relaunch button). */
export interface RevertRequest {
  nodeIds?: string[];
  batchId?: string;
}

export interface RevertResponse {
  /** The originals shown again. */
  restoredIds: string[];
  /** Results whose original was deleted meanwhile: left as they are. */
  missing: number;
}
