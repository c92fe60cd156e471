// The protocol between the ui (iframe) and the plugin (Figma's sandbox): one interface per message and
// one map that ties each message type to its payload and its answer. Both sides import only from here,
// so a renamed field breaks the build on both sides at once.
import type { AssetRef, InsertContent, InsertOptions } from "./asset-types";
import type {
  BatchCandidatesRequest,
  BatchCandidatesResponse,
  PlaceBatchResultRequest,
  PlaceBatchResultResponse,
  RevertRequest,
  RevertResponse,
} from "./batch-types";
import type { DropCancelRequest, DropContentRequest, DropResult } from "./drop-types";
import type { AssetsInFile, AssetsInFileRequest, ShowLayerRequest, ShowLayerResponse } from "./origin-types";
import type {
  ApplyOptionsRequest,
  ApplyOptionsResponse,
  DocumentColours,
  FileColourSetRequest,
  FileColourState,
  SelectionInfo,
} from "./selection-types";
import type {
  PendingWorkPutRequest,
  PendingWorkRemoveRequest,
  Settings,
  StorageGetRequest,
  StorageGetResponse,
  StorageSetRequest,
} from "./storage-types";
import type { SwapApplyRequest, SwapFindRequest, SwapFound } from "./swap-types";
import type {
  ExportSelectionRequest,
  ExportSelectionResponse,
  LayerThumbRequest,
  LayerThumbResponse,
  PlaceResultRequest,
  PlaceResultResponse,
} from "./work-types";

// The protocol's parts, each in its own file, all reachable from here.
export type * from "./asset-types";
export type * from "./batch-types";
export type * from "./drop-types";
export type * from "./origin-types";
export type * from "./protocol-error";
export type * from "./selection-types";
export type * from "./storage-types";
export type * from "./swap-types";
export type * from "./work-types";

/**
 * Where an insert lands. `auto`: into the selected frame or group (auto-layout appends), else the
 * viewport centre. `replace`: stands in for these nodes. (A drop is placed by `drop-content`.)
 */
export type Placement = { kind: "auto" } | { kind: "replace"; nodeIds: string[] };

/** `beside`: the selection was an inserted asset, so the new one goes next to it, in the same parent. */
export type PlacedWhere = "frame" | "auto-layout" | "group" | "centre" | "beside" | "point" | "replace";

export interface InsertRequest {
  asset: AssetRef;
  content: InsertContent;
  options?: InsertOptions;
  placement: Placement;
}

export interface InsertResponse {
  nodeIds: string[];
  placedWhere: PlacedWhere;
}

/** Replace every selected node with the asset, keeping position, size, constraints, index and colour. */
export interface ReplaceSelectionRequest {
  asset: AssetRef;
  content: InsertContent;
  options?: InsertOptions;
}

export interface NotifyRequest {
  message: string;
  error?: boolean;
  timeoutMs?: number;
}

/** Ends the plugin, with a notice on the canvas when there is something to say. */
export interface ClosePluginRequest {
  message?: string;
}

export interface ResizeRequest {
  width: number;
  height: number;
}

/** Menu commands that work on the selection in a small window of their own (plan, then progress). */
export type SelectionCommand = "vectorize" | "remove-background";

/** How the plugin was started: the menu, a relaunch button, or the search quick action. */
export interface LaunchInfo {
  command: "open" | "replace" | "similar" | "search" | "assets" | "swap" | SelectionCommand;
  /** The quick action's query (figma.parameters "query"). */
  query?: string;
}

export interface ReadyResponse {
  launch: LaunchInfo;
  selection: SelectionInfo;
  settings: Settings;
  editorType: string;
  /** The home last painted ("" when none), so the window paints it before the service answers. */
  home?: string;
}

/** Nothing to send or nothing to answer. */
export type Empty = Record<string, never>;

/** Every request the ui sends and the plugin answers: [payload, answer]. */
export interface RequestMap {
  /** The ui is listening: tells it how the plugin was launched, the selection and the settings. */
  ready: [Empty, ReadyResponse];
  insert: [InsertRequest, InsertResponse];
  "replace-selection": [ReplaceSelectionRequest, InsertResponse];
  "get-selection": [Empty, SelectionInfo];
  "export-selection": [ExportSelectionRequest, ExportSelectionResponse];
  "layer-thumb": [LayerThumbRequest, LayerThumbResponse];
  "place-result": [PlaceResultRequest, PlaceResultResponse];
  "storage-get": [StorageGetRequest, StorageGetResponse];
  "storage-set": [StorageSetRequest, Empty];
  "pending-work-put": [PendingWorkPutRequest, Empty];
  "pending-work-remove": [PendingWorkRemoveRequest, Empty];
  notify: [NotifyRequest, Empty];
  resize: [ResizeRequest, Empty];
  "close-plugin": [ClosePluginRequest, Empty];
  "drop-content": [DropContentRequest, InsertResponse];
  "drop-cancel": [DropCancelRequest, Empty];
  /** The file's colour variables and paint styles, for the colour picker. */
  "document-colours": [Empty, DocumentColours];
  "apply-options": [ApplyOptionsRequest, ApplyOptionsResponse];
  /** The icon colour chosen in this file (a variable or paint style), and whether it still exists. */
  "file-colour-get": [Empty, FileColourState];
  "file-colour-set": [FileColourSetRequest, Empty];
  /** The layers that carry Assetport's records, page by page ("Assets in this file"). */
  "assets-in-file": [AssetsInFileRequest, AssetsInFile];
  /** Selects a layer (and any others with it on its page) and brings it into view, switching page when needed. */
  "show-layer": [ShowLayerRequest, ShowLayerResponse];
  /** The Assetport icons in the selection or on the page, for a set swap. */
  "swap-find": [SwapFindRequest, SwapFound];
  /** Every pair put in place at once: all or nothing, one undo step. */
  "swap-apply": [SwapApplyRequest, InsertResponse];
  /** The selected layers a batch can take, and the others with why not. */
  "batch-candidates": [BatchCandidatesRequest, BatchCandidatesResponse];
  "place-batch-result": [PlaceBatchResultRequest, PlaceBatchResultResponse];
  /** Brings back the originals of processed layers; their results go. */
  revert: [RevertRequest, RevertResponse];
}
export type RequestType = keyof RequestMap;
export type RequestPayload<K extends RequestType> = RequestMap[K][0];
export type ResponsePayload<K extends RequestType> = RequestMap[K][1];

/** Events the plugin sends on its own (no request). */
export interface EventMap {
  "selection-changed": SelectionInfo;
  "drop-result": DropResult;
  /** The designer went to another page ("Assets in this file" reads the page now in view). */
  "page-changed": { pageId: string };
}
export type EventType = keyof EventMap;
