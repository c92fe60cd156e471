// Work on layers as messages: exporting the selection for a conversion or a look-alike search, and
// placing a result back on the canvas. Part of the protocol (./types).
import type { AssetRef, InsertContent } from "./asset-types";

export type ExportFormat = "PNG" | "SVG" | "JPG";

export interface ExportSelectionRequest {
  format: ExportFormat;
  /** The exported image's long side is at most this many px (PNG/JPG); default 1024. */
  maxSide?: number;
  /** Export this node instead of the first exportable selected node (resumed work). */
  nodeId?: string;
}

/**
 * A layer's small picture for a row that lists it (the batch, the file's assets). Quiet: a layer that
 * cannot be drawn (gone, empty) answers without bytes, never with an error or a canvas notice.
 */
export interface LayerThumbRequest {
  nodeId: string;
  /** The picture's long side at most, in px. */
  maxSide: number;
}

export interface LayerThumbResponse {
  /** A PNG; absent when the layer draws nothing. */
  bytes?: Uint8Array;
}

export interface ExportSelectionResponse {
  nodeId: string;
  nodeName: string;
  format: ExportFormat;
  mimeType: string;
  bytes: Uint8Array;
  /** Size of the exported image (for SVG: the node's size). */
  width: number;
  height: number;
}

/**
 * How a result of work on a layer is placed. `over-source`: a vector placed exactly over the source
 * layer and named after it. `replace-fill`: the source's image fill swapped in place (one undo step).
 * `new-node`: a fresh node at the viewport centre (or beside the source when it still exists).
 */
export type PlaceMode = "over-source" | "replace-fill" | "new-node";

export interface PlaceResultRequest {
  mode: PlaceMode;
  content: InsertContent;
  /** The layer the work was done on; it may have been deleted meanwhile. */
  sourceNodeId?: string;
  /** Name of the new node when there is no source to name it after. */
  name?: string;
  /** over-source: hide the source layer (true) or keep it visible. */
  hideSource?: boolean;
  asset?: AssetRef;
  /** The work that made this result (an operation id such as "vectorize"), recorded on the layer. */
  madeBy?: string;
}

export interface PlaceResultResponse {
  nodeIds: string[];
  /** The source layer was gone, so the result went to the viewport centre (a notice was shown). */
  sourceMissing: boolean;
}
