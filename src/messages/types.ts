// The protocol between the ui (iframe) and the plugin (Figma's sandbox): one interface per message and
// one map that ties each message type to its payload and its answer. Both sides import only from here,
// so a renamed field breaks the build on both sides at once.
import type { KeptDownload } from "./kept-downloads";

/** The asset types of the service (kept literal here: messages import nothing else from src/). */
export type AssetKind = "icon" | "illustration" | "3d" | "lottie" | "ai-image";

/** Which asset a node came from; recorded on the node so Replace and Find similar know it later. */
export interface AssetRef {
  uuid: string;
  name: string;
  type: AssetKind;
}

/** Image formats Figma can show as a fill (createImage accepts PNG, JPEG and GIF only). */
export type ImageFormat = "png" | "jpg" | "gif";

/** What to put on the canvas: SVG text for vectors, encoded bytes for images (GIF stays animated). */
export type InsertContent =
  | { kind: "svg"; svg: string }
  | { kind: "image"; format: ImageFormat; bytes: Uint8Array };

/** Options applied to a vector before it reaches the canvas. */
export interface InsertOptions {
  /** Long side in px (16, 20, 24, 32, 48 or custom); absent keeps the asset's own size. */
  size?: number;
  /**
   * "#rrggbb" recolours strokes and fills; absent keeps the asset's colours. At most one of `color`,
   * `colorVariableId` and `colorStyleId` is given.
   */
  color?: string;
  /** A colour variable of the file (DocumentColours): solid fills and strokes are bound to it. */
  colorVariableId?: string;
  /** A paint style of the file: the painted fills and strokes take the style. */
  colorStyleId?: string;
  /** Stroke width in px, absolute: kept at any size. Only stroked (line) icons have strokes to change. */
  strokeWidth?: number;
  /** When replacing, reuse the colour of the node being replaced (wins over `color`). */
  keepReplacedColor?: boolean;
  /**
   * Each asset variant becomes a main component on the "Assetport components" page, made once and
   * reused; the canvas gets an instance, and Replace swaps an instance's main component.
   */
  insertAsComponent?: boolean;
}

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

/** A colour variable of the file, for the ui's picker. */
export interface DocumentColourVariable {
  id: string;
  name: string;
  /** The variable collection's name. */
  collection: string;
  /** "#rrggbb" in the mode the current page shows (aliases followed); null when it cannot be resolved. */
  color: string | null;
}

/** A local paint style; `color` only when its first showing paint is solid. */
export interface DocumentPaintStyle {
  id: string;
  name: string;
  color: string | null;
}

export interface DocumentColours {
  variables: DocumentColourVariable[];
  styles: DocumentPaintStyle[];
}

/**
 * The icon colour picked among the file's own colours. Kept in the file, not per designer: variable
 * and style ids mean nothing in another file. `name` is how the picker showed it, to say which is gone.
 */
export interface FileColourChoice {
  kind: "variable" | "style";
  id: string;
  name: string;
}

/** The file's colour choice; `gone` when its variable or style was deleted since (then not to be sent). */
export interface FileColourState {
  choice: FileColourChoice | null;
  gone: boolean;
}

export interface FileColourSetRequest {
  choice: FileColourChoice | null;
}

/** Size, colour and stroke width for the selected icons Assetport inserted (other layers are left alone). */
export interface ApplyOptionsRequest {
  options: InsertOptions;
}

export interface ApplyOptionsResponse {
  /** The icons changed. */
  nodeIds: string[];
  /** Selected layers that are not Assetport's and were left alone. */
  skipped: number;
}

/** One selected node as the ui needs to know it. */
export interface SelectedNode {
  id: string;
  name: string;
  /** Figma's node type, e.g. "FRAME", "VECTOR", "RECTANGLE". */
  nodeType: string;
  width: number;
  height: number;
  /** Can be exported as PNG/SVG/JPG (a scene node with a size). */
  exportable: boolean;
  /** Carries an image fill (a raster layer: vectorize and remove-background apply). */
  hasImageFill: boolean;
  /** The Assetport asset this node was inserted from, if any. */
  assetUuid?: string;
  assetType?: AssetKind;
  /** The stroke width Assetport gave this icon, kept at any size; absent: the icon's own strokes. */
  strokeWidth?: number;
  /** The one plain colour this icon is painted in ("#E11D48"); absent: several, or a variable or style. */
  colour?: string;
}

export interface SelectionInfo {
  count: number;
  /** At most the first 50 nodes; `count` is the true total. */
  nodes: SelectedNode[];
  /** Distinct node types in the selection. */
  kinds: string[];
  anyExportable: boolean;
  anyImageFill: boolean;
  anyAsset: boolean;
}

export type ExportFormat = "PNG" | "SVG" | "JPG";

export interface ExportSelectionRequest {
  format: ExportFormat;
  /** The exported image's long side is at most this many px (PNG/JPG); default 1024. */
  maxSide?: number;
  /** Export this node instead of the first exportable selected node (resumed work). */
  nodeId?: string;
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
}

export interface PlaceResultResponse {
  nodeIds: string[];
  /** The source layer was gone, so the result went to the viewport centre (a notice was shown). */
  sourceMissing: boolean;
}

// ---- storage (clientStorage, owned by the plugin) ----

export interface Settings {
  iconSize: number;
  /** "#rrggbb", or null to keep the asset's own colours. */
  iconColor: string | null;
  keepReplacedColor: boolean;
  /** A colour variable of the file for icons (wins over `iconColor`), or null. */
  iconColorVariableId: string | null;
  /** A paint style of the file for icons (wins over `iconColor`), or null. */
  iconColorStyleId: string | null;
  /** Stroke width in px for line icons, kept at any size; null lets it scale with the icon. */
  iconStrokeWidth: number | null;
  /** Inserts land as instances of a component made once per asset variant (see InsertOptions). */
  insertAsComponent: boolean;
  /** The icon variant every result cell shows ("bold", "fill"), or null for each icon's first. */
  iconVariant: string | null;
  /** Long side in px of raster downloads. */
  rasterSize: number;
  /** Lottie assets go in as an animated GIF fill or as their first frame. */
  lottieAs: "gif" | "first-frame";
  /** After vectorize, hide the source layer (true) or keep it visible. */
  hideSourceAfterVectorize: boolean;
  windowWidth: number;
  windowHeight: number;
  proxyUrl: string;
  accessToken: string;
}

export interface RecentAsset extends AssetRef {
  previewUrl?: string;
  /** ms since epoch. */
  usedAt: number;
}

export interface RecentSearch {
  query: string;
  type?: AssetKind;
  /** ms since epoch. */
  at: number;
}

/** A submission that may outlive the plugin window: saved before the request leaves. */
export interface PendingWork {
  idempotencyKey: string;
  family: "convert" | "ai";
  operation: string;
  /** ms since epoch. */
  createdAt: number;
  /** `submitting`: request may or may not have reached the service; retry with the same key. */
  status: "submitting" | "submitted";
  taskIds?: string[];
  jobId?: string;
  /** Where the result goes when it is ready. */
  target?: { nodeId?: string; nodeName?: string; mode: PlaceMode; hideSource?: boolean };
  /** Parameters of the submission (prompt, model, width...), to retry it identically. */
  params?: Record<string, string | number | boolean>;
  /** The upload was the target layer exported this way: a retry after a restart exports it again. */
  exportAs?: { format: ExportFormat; maxSide?: number };
  /** Tasks (or the job) whose result is already on the canvas: a resume never places them twice. */
  placed?: string[];
}

export interface StorageValues {
  settings: Settings;
  "recent-assets": RecentAsset[];
  "recent-searches": RecentSearch[];
  "pending-work": PendingWork[];
  /** Files already downloaded, most recently used first (see kept-downloads.ts). */
  "kept-downloads": KeptDownload[];
  /** The home last painted, as JSON text ("" when none): see home-snapshot.ts. */
  "home-snapshot": string;
}
export type StorageKey = keyof StorageValues;

export type StorageGetRequest = { key: StorageKey };
export type StorageGetResponse = { value: StorageValues[StorageKey] };

/** Settings are patched (only the given fields change); lists are replaced and trimmed to their bound. */
export type StorageSetRequest =
  | { key: "settings"; value: Partial<Settings> }
  | { key: "recent-assets"; value: RecentAsset[] }
  | { key: "recent-searches"; value: RecentSearch[] }
  | { key: "pending-work"; value: PendingWork[] }
  | { key: "kept-downloads"; value: KeptDownload[] }
  | { key: "home-snapshot"; value: string };

/** Add or update one pending-work record by its idempotency key (no read-modify-write race in the ui). */
export interface PendingWorkPutRequest {
  work: PendingWork;
}
export interface PendingWorkRemoveRequest {
  idempotencyKey: string;
}

export interface NotifyRequest {
  message: string;
  error?: boolean;
  timeoutMs?: number;
}

export interface ResizeRequest {
  width: number;
  height: number;
}

/** How the plugin was started: the menu, a relaunch button, or the search quick action. */
export interface LaunchInfo {
  command: "open" | "replace" | "similar" | "search";
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
  "place-result": [PlaceResultRequest, PlaceResultResponse];
  "storage-get": [StorageGetRequest, StorageGetResponse];
  "storage-set": [StorageSetRequest, Empty];
  "pending-work-put": [PendingWorkPutRequest, Empty];
  "pending-work-remove": [PendingWorkRemoveRequest, Empty];
  notify: [NotifyRequest, Empty];
  resize: [ResizeRequest, Empty];
  "drop-content": [DropContentRequest, InsertResponse];
  "drop-cancel": [DropCancelRequest, Empty];
  /** The file's colour variables and paint styles, for the colour picker. */
  "document-colours": [Empty, DocumentColours];
  "apply-options": [ApplyOptionsRequest, ApplyOptionsResponse];
  /** The icon colour chosen in this file (a variable or paint style), and whether it still exists. */
  "file-colour-get": [Empty, FileColourState];
  "file-colour-set": [FileColourSetRequest, Empty];
}
export type RequestType = keyof RequestMap;
export type RequestPayload<K extends RequestType> = RequestMap[K][0];
export type ResponsePayload<K extends RequestType> = RequestMap[K][1];

/**
 * What the ui attaches as `dropMetadata` to `pluginDrop`, at dragend, before anything is downloaded.
 * Plain data only (Figma documents no more for it): the asset's content follows as `drop-content`.
 */
export interface DropMetadata {
  assetport: 1;
  /** Chosen by the ui; `drop-content`, `drop-cancel` and the `drop-result` event name the drop by it. */
  dropId: string;
  asset: AssetRef;
}

/** The dropped asset, once downloaded: the plugin places it where the drop landed (recorded then). */
export interface DropContentRequest {
  dropId: string;
  asset: AssetRef;
  content: InsertContent;
  options?: InsertOptions;
}

/** The download behind a drop failed: the plugin forgets where it landed and takes its notice down. */
export interface DropCancelRequest {
  dropId: string;
}

/** A drop the plugin refused on arrival (its metadata malformed); a placed drop answers `drop-content`. */
export interface DropResult {
  dropId: string;
  ok: false;
  error: ProtocolError;
}

/** Events the plugin sends on its own (no request). */
export interface EventMap {
  "selection-changed": SelectionInfo;
  "drop-result": DropResult;
}
export type EventType = keyof EventMap;

/** Why a request failed. The ui turns each reason into words and an action. */
export type ProtocolErrorReason =
  | "invalid_message"
  | "unknown_type"
  | "nothing_selected"
  | "not_exportable"
  | "node_not_found"
  | "invalid_svg"
  | "unsupported_image"
  | "image_too_large"
  | "storage_full"
  | "figma_error"
  | "timeout"
  /** Content came for a drop Figma never reported on the canvas (released over its panels). */
  | "drop_missed"
  /** A layer inside a component instance: its structure is locked, so it cannot be replaced. */
  | "instance_locked"
  /** Content came after the plugin gave up waiting for it (a download that hung). */
  | "drop_expired"
  /** The colour variable or paint style asked for is not in the file (deleted since it was listed). */
  | "colour_missing"
  | "internal_error";

export interface ProtocolError {
  reason: ProtocolErrorReason;
  message: string;
}
