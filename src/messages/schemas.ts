// Validation of what the ui sends, applied by the plugin where each message enters. A message that
// fails is refused whole with an `invalid_message` reply: nothing is half-applied.
import * as v from "valibot";
import { CHANNEL, errorReply, isOurs, type RequestEnvelope, type ResponseEnvelope } from "./envelope";
import type { DropMetadata, RequestMap, RequestPayload, RequestType } from "./types";

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const nonEmpty = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));
const finite = v.pipe(v.number(), v.finite());
const px = (min: number, max: number) => v.pipe(v.number(), v.finite(), v.minValue(min), v.maxValue(max));
const hex = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, "a colour is #rrggbb"));
const nodeId = nonEmpty(200);
const epochMs = v.pipe(v.number(), v.integer(), v.minValue(0));

const assetKind = v.picklist(["icon", "illustration", "3d", "lottie", "ai-image"]);
const asset = v.object({ uuid: nonEmpty(200), name: text(500), type: assetKind });

// 20 MB of bytes or SVG text is far beyond any asset the service sends, and stops a runaway payload.
const MAX_CONTENT = 20 * 1024 * 1024;
const content = v.variant("kind", [
  v.object({ kind: v.literal("svg"), svg: nonEmpty(MAX_CONTENT) }),
  v.object({
    kind: v.literal("image"),
    format: v.picklist(["png", "jpg", "gif"]),
    bytes: v.pipe(
      v.instance(Uint8Array),
      v.check((b) => b.length > 0 && b.length <= MAX_CONTENT, "bytes empty or too large"),
    ),
  }),
]);

const options = v.optional(
  v.object({
    size: v.optional(px(1, 4096)),
    color: v.optional(hex),
    keepReplacedColor: v.optional(v.boolean()),
  }),
);

const placement = v.variant("kind", [
  v.object({ kind: v.literal("auto") }),
  v.object({ kind: v.literal("point"), x: finite, y: finite }),
  v.object({
    kind: v.literal("replace"),
    nodeIds: v.pipe(v.array(nodeId), v.minLength(1), v.maxLength(500)),
  }),
]);

const placeMode = v.picklist(["over-source", "replace-fill", "new-node"]);

const settingsPatch = v.partial(
  v.object({
    iconSize: px(1, 4096),
    iconColor: v.nullable(hex),
    keepReplacedColor: v.boolean(),
    rasterSize: px(16, 4096),
    lottieAs: v.picklist(["gif", "first-frame"]),
    hideSourceAfterVectorize: v.boolean(),
    windowWidth: px(1, 10000),
    windowHeight: px(1, 10000),
    proxyUrl: text(2000),
    accessToken: text(4000),
  }),
);

const recentAsset = v.object({ ...asset.entries, previewUrl: v.optional(text(2000)), usedAt: epochMs });
const recentSearch = v.object({ query: text(500), type: v.optional(assetKind), at: epochMs });
const pendingWork = v.object({
  idempotencyKey: v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]{16,128}$/, "an idempotency key is 16-128 of A-Z a-z 0-9 _ -"),
  ),
  family: v.picklist(["convert", "ai"]),
  operation: nonEmpty(100),
  createdAt: epochMs,
  status: v.picklist(["submitting", "submitted"]),
  taskIds: v.optional(v.pipe(v.array(nonEmpty(200)), v.maxLength(100))),
  jobId: v.optional(nonEmpty(200)),
  target: v.optional(
    v.object({
      nodeId: v.optional(nodeId),
      nodeName: v.optional(text(500)),
      mode: placeMode,
      hideSource: v.optional(v.boolean()),
    }),
  ),
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]))),
});
const list = <T extends v.GenericSchema>(item: T) => v.pipe(v.array(item), v.maxLength(1000));

const empty = v.strictObject({});

/** One schema per request type: the map is total, so a new message cannot skip validation. */
const REQUEST_SCHEMAS: { [K in RequestType]: v.GenericSchema<unknown, RequestMap[K][0]> } = {
  ready: empty,
  insert: v.object({ asset, content, options, placement }),
  "replace-selection": v.object({ asset, content, options }),
  "get-selection": empty,
  "export-selection": v.object({
    format: v.picklist(["PNG", "SVG", "JPG"]),
    maxSide: v.optional(px(1, 4096)),
    nodeId: v.optional(nodeId),
  }),
  "place-result": v.object({
    mode: placeMode,
    content,
    sourceNodeId: v.optional(nodeId),
    name: v.optional(text(500)),
    hideSource: v.optional(v.boolean()),
    asset: v.optional(asset),
  }),
  "storage-get": v.object({
    key: v.picklist(["settings", "recent-assets", "recent-searches", "pending-work"]),
  }),
  "storage-set": v.variant("key", [
    v.object({ key: v.literal("settings"), value: settingsPatch }),
    v.object({ key: v.literal("recent-assets"), value: list(recentAsset) }),
    v.object({ key: v.literal("recent-searches"), value: list(recentSearch) }),
    v.object({ key: v.literal("pending-work"), value: list(pendingWork) }),
  ]),
  "pending-work-put": v.object({ work: pendingWork }),
  "pending-work-remove": v.object({ idempotencyKey: nonEmpty(128) }),
  notify: v.object({
    message: nonEmpty(1000),
    error: v.optional(v.boolean()),
    timeoutMs: v.optional(px(0, 600_000)),
  }),
  resize: v.object({ width: px(1, 10000), height: px(1, 10000) }),
};

function isRequestType(type: unknown): type is RequestType {
  return typeof type === "string" && Object.hasOwn(REQUEST_SCHEMAS, type);
}

function issuesText(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path?.map((p) => String(p.key)).join(".");
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

export type ParsedRequest =
  | { ok: true; request: RequestEnvelope }
  /** `reply` is absent when the message is not ours at all (ignore it silently). */
  | { ok: false; reply?: ResponseEnvelope };

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
  const result = v.safeParse(REQUEST_SCHEMAS[raw.type], raw.payload);
  if (!result.success) {
    const message = `Invalid ${raw.type} message: ${issuesText(result.issues)}`;
    return { ok: false, reply: errorReply(id, raw.type, { reason: "invalid_message", message }) };
  }
  const request = { channel: CHANNEL, kind: "request", id, type: raw.type, payload: result.output };
  return { ok: true, request: request as RequestEnvelope };
}

/** Typed access to one validated payload (the plugin's handlers receive their own type). */
export type ValidPayload<K extends RequestType> = RequestPayload<K>;

const dropMetadata = v.object({
  assetport: v.literal(1),
  dropId: nonEmpty(100),
  asset,
  content,
  options,
});

/** Validates `dropMetadata` from a drop event; null when the drop is not an Assetport drop or is malformed. */
export function parseDropMetadata(
  raw: unknown,
): { ok: true; value: DropMetadata } | { ok: false; message: string } {
  const result = v.safeParse(dropMetadata, raw);
  return result.success
    ? { ok: true, value: result.output as DropMetadata }
    : { ok: false, message: `Invalid drop: ${issuesText(result.issues)}` };
}
