// Validation of what the ui sends, applied by the plugin where each message enters. A message that
// fails is refused whole with an `invalid_message` reply: nothing is half-applied.
import { CHANNEL, errorReply, isOurs, type RequestEnvelope, type ResponseEnvelope } from "./envelope";
import {
  bool,
  bytes,
  type Guard,
  hasOwn,
  Invalid,
  list,
  nullable,
  num,
  object,
  oneOf,
  optional,
  scalars,
  text,
  variant,
} from "./guard";
import { HOME_SNAPSHOT_MAX_CHARS } from "./home-snapshot";
import {
  KEPT_DATA_MAX_CHARS,
  KEPT_DOWNLOADS_BUDGET,
  KEPT_DOWNLOADS_MAX_ENTRIES,
  type KeptDownload,
  keptWeight,
} from "./kept-downloads";
import { SWAP_MAX_ICONS } from "./swap-types";
import type { DropMetadata, RequestMap, RequestType } from "./types";

const nonEmpty = (max: number) => text(1, max);
const px = (min: number, max: number) => num(min, max);
const hex = text(7, 7, /^#[0-9a-fA-F]{6}$/, "expected a colour as #rrggbb");
const nodeId = nonEmpty(200);
// A stroke over 100 px on an icon is no line icon any more; Figma's own field goes to 1000.
const strokeWidth = px(0.01, 100);
const epochMs = num(0, Number.MAX_SAFE_INTEGER, true);

const assetKind = oneOf("icon", "illustration", "3d", "lottie", "ai-image");
const assetFields = { uuid: nonEmpty(200), name: text(0, 500), type: assetKind };
const asset = object({
  ...assetFields,
  set: optional(text(0, 200)),
  licence: optional(text(0, 200)),
  licenceUrl: optional(text(0, 2000)),
});

// 20 MB of bytes or SVG text is far beyond any asset the service sends, and stops a runaway payload.
const MAX_CONTENT = 20 * 1024 * 1024;
const content = variant("kind", {
  svg: object({ kind: oneOf("svg"), svg: nonEmpty(MAX_CONTENT) }),
  image: object({
    kind: oneOf("image"),
    format: oneOf("png", "jpg", "gif"),
    bytes: bytes(MAX_CONTENT),
    density: optional(oneOf(1, 2)),
  }),
});

const insertOptions = object({
  size: optional(px(1, 4096)),
  color: optional(hex),
  colorVariableId: optional(nonEmpty(200)),
  colorStyleId: optional(nonEmpty(200)),
  strokeWidth: optional(strokeWidth),
  // A tenth to ten times the drawing's own lines: far past any weight (Thin is a half, Bold 1.375).
  strokeScale: optional(num(0.1, 10)),
  keepReplacedColor: optional(bool),
  insertAsComponent: optional(bool),
});
const options = optional(insertOptions);

const placement = variant("kind", {
  auto: object({ kind: oneOf("auto") }),
  replace: object({ kind: oneOf("replace"), nodeIds: list(nodeId, 500, 1) }),
});

/**
 * A swap's pairs carry one icon's content each: the whole message is held to what one insert may
 * carry, so a runaway payload is refused whole rather than built on the canvas.
 */
const swapPairs: Guard<RequestMap["swap-apply"][0]["pairs"]> = (value, path) => {
  const pairs = list(object({ nodeId, asset, content }), SWAP_MAX_ICONS, 1)(value, path);
  const total = pairs.reduce(
    (sum, pair) => sum + (pair.content.kind === "svg" ? pair.content.svg.length : pair.content.bytes.length),
    0,
  );
  if (total > MAX_CONTENT) throw new Invalid(`${path}: ${total} bytes of content, above ${MAX_CONTENT}`);
  return pairs;
};

const keptDownload = object({ key: nonEmpty(1000), type: nonEmpty(200), data: text(0, KEPT_DATA_MAX_CHARS) });
/** The window sends its kept downloads within their budget; more is a runaway payload, refused whole. */
const keptDownloads: Guard<KeptDownload[]> = (value, path) => {
  const entries = list(keptDownload, KEPT_DOWNLOADS_MAX_ENTRIES)(value, path);
  const total = entries.reduce((sum, entry) => sum + keptWeight(entry), 0);
  if (total > KEPT_DOWNLOADS_BUDGET) {
    throw new Invalid(`${path}: ${total} bytes of kept downloads, above ${KEPT_DOWNLOADS_BUDGET}`);
  }
  return entries;
};

const placeMode = oneOf("over-source", "replace-fill", "new-node");
const exportFormat = oneOf("PNG", "SVG", "JPG");

/** One optional guard per setting: a patch checks the fields it has; stored settings are read with them. */
export const SETTINGS_FIELDS = {
  iconSize: optional(px(1, 4096)),
  iconColor: optional(nullable(hex)),
  keepReplacedColor: optional(bool),
  iconColorVariableId: optional(nullable(nonEmpty(200))),
  iconColorStyleId: optional(nullable(nonEmpty(200))),
  iconStrokeWidth: optional(nullable(strokeWidth)),
  insertAsComponent: optional(bool),
  iconVariant: optional(nullable(nonEmpty(40))),
  rasterSize: optional(px(16, 4096)),
  rasterDensity: optional(oneOf(1, 2)),
  lottieAs: optional(oneOf("gif", "first-frame")),
  hideSourceAfterVectorize: optional(bool),
  windowWidth: optional(px(1, 10000)),
  windowHeight: optional(px(1, 10000)),
  proxyUrl: optional(text(0, 2000)),
  accessToken: optional(text(0, 4000)),
};
const settingsPatch = object(SETTINGS_FIELDS);

const recentAsset = object({
  uuid: assetFields.uuid,
  name: assetFields.name,
  type: assetKind,
  previewUrl: optional(text(0, 2000)),
  usedAt: epochMs,
});
const recentSearch = object({ query: text(0, 500), type: optional(assetKind), at: epochMs });
const pendingWork = object({
  idempotencyKey: text(16, 128, /^[A-Za-z0-9_-]+$/, "expected 16 to 128 of A-Z a-z 0-9 _ -"),
  family: oneOf("convert", "ai"),
  operation: nonEmpty(100),
  createdAt: epochMs,
  status: oneOf("submitting", "submitted"),
  taskIds: optional(list(nonEmpty(200), 100)),
  jobId: optional(nonEmpty(200)),
  target: optional(
    object({
      nodeId: optional(nodeId),
      nodeName: optional(text(0, 500)),
      mode: placeMode,
      hideSource: optional(bool),
    }),
  ),
  params: optional(scalars(50)),
  exportAs: optional(object({ format: exportFormat, maxSide: optional(px(1, 4096)) })),
  placed: optional(list(nonEmpty(200), 100)),
  batchId: optional(nonEmpty(100)),
});

const empty = object({});

/** One guard per request type: the map is total, so a new message cannot skip validation. */
const REQUEST_GUARDS: { [K in RequestType]: Guard<RequestMap[K][0]> } = {
  ready: empty,
  insert: object({ asset, content, options, placement }),
  "replace-selection": object({ asset, content, options }),
  "get-selection": empty,
  "export-selection": object({
    format: exportFormat,
    maxSide: optional(px(1, 4096)),
    nodeId: optional(nodeId),
  }),
  "layer-thumb": object({ nodeId, maxSide: px(1, 256) }),
  "place-result": object({
    mode: placeMode,
    content,
    sourceNodeId: optional(nodeId),
    name: optional(text(0, 500)),
    hideSource: optional(bool),
    asset: optional(asset),
    madeBy: optional(nonEmpty(100)),
  }),
  "storage-get": object({
    key: oneOf(
      "settings",
      "recent-assets",
      "recent-searches",
      "pending-work",
      "kept-downloads",
      "home-snapshot",
    ),
  }),
  "storage-set": variant("key", {
    settings: object({ key: oneOf("settings"), value: settingsPatch }),
    "recent-assets": object({ key: oneOf("recent-assets"), value: list(recentAsset, 1000) }),
    "recent-searches": object({ key: oneOf("recent-searches"), value: list(recentSearch, 1000) }),
    "pending-work": object({ key: oneOf("pending-work"), value: list(pendingWork, 1000) }),
    "kept-downloads": object({
      key: oneOf("kept-downloads"),
      value: keptDownloads,
    }),
    "home-snapshot": object({ key: oneOf("home-snapshot"), value: text(0, HOME_SNAPSHOT_MAX_CHARS) }),
  }),
  "pending-work-put": object({ work: pendingWork }),
  "pending-work-remove": object({ idempotencyKey: nonEmpty(128) }),
  notify: object({ message: nonEmpty(1000), error: optional(bool), timeoutMs: optional(px(0, 600_000)) }),
  resize: object({ width: px(1, 10000), height: px(1, 10000) }),
  "close-plugin": object({ message: optional(text(0, 1000)) }),
  "drop-content": object({ dropId: nonEmpty(100), asset, content, options }),
  "drop-cancel": object({ dropId: nonEmpty(100) }),
  "document-colours": empty,
  "apply-options": object({ options: insertOptions }),
  "file-colour-get": empty,
  "file-colour-set": object({
    choice: nullable(object({ kind: oneOf("variable", "style"), id: nonEmpty(200), name: text(0, 500) })),
  }),
  "assets-in-file": object({ pages: oneOf("current", "all") }),
  "show-layer": object({ nodeId, withNodeIds: optional(list(nodeId, 1000)) }),
  "swap-find": object({ scope: oneOf("selection", "page") }),
  "swap-apply": object({ pairs: swapPairs, options }),
  "batch-candidates": object({ need: oneOf("image", "exportable") }),
  "place-batch-result": object({
    sourceNodeId: nodeId,
    content,
    batchId: nonEmpty(100),
    madeBy: optional(nonEmpty(100)),
  }),
  revert: object({ nodeIds: optional(list(nodeId, 1000, 1)), batchId: optional(nonEmpty(100)) }),
};

function isRequestType(type: unknown): type is RequestType {
  return typeof type === "string" && hasOwn(REQUEST_GUARDS, type);
}

export type ParsedRequest =
  | { ok: true; request: RequestEnvelope }
  /** `reply` is absent when the message is not ours at all (ignore it silently). */
  | { ok: false; reply?: ResponseEnvelope };

function check<T>(guard: Guard<T>, value: unknown): { ok: true; value: T } | { ok: false; message: string } {
  try {
    return { ok: true, value: guard(value, "") };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, message: error.message };
    throw error;
  }
}

/** Checks an incoming request whole; on failure returns the error reply to send back. */
export function parseRequest(raw: unknown): ParsedRequest {
  if (!isOurs(raw) || raw.kind !== "request") return { ok: false };
  const id = typeof raw.id === "string" && raw.id.length > 0 && raw.id.length <= 100 ? raw.id : null;
  if (id === null) return { ok: false };
  if (!isRequestType(raw.type)) {
    return {
      ok: false,
      reply: errorReply(id, null, {
        reason: "unknown_type",
        message: `Unknown message type: ${String(raw.type)}`,
      }),
    };
  }
  const result = check(REQUEST_GUARDS[raw.type] as Guard<unknown>, raw.payload);
  if (!result.ok) {
    const message = `Invalid ${raw.type} message: ${result.message}`;
    return { ok: false, reply: errorReply(id, raw.type, { reason: "invalid_message", message }) };
  }
  const request = { channel: CHANNEL, kind: "request", id, type: raw.type, payload: result.value };
  return { ok: true, request: request as RequestEnvelope };
}

const dropMetadata: Guard<DropMetadata> = object({
  assetport: oneOf(1),
  dropId: nonEmpty(100),
  asset,
});

/** Validates `dropMetadata` from a drop event. */
export function parseDropMetadata(
  raw: unknown,
): { ok: true; value: DropMetadata } | { ok: false; message: string } {
  const result = check(dropMetadata, raw);
  return result.ok ? result : { ok: false, message: `Invalid drop: ${result.message}` };
}
