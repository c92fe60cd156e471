// The v3 contract's tables, exactly as the spec (shared/spec/asset-api-v3.md) states them.
// Pure data: the plugin sandbox, the ui, the proxy and the local API all read these.

export const ASSET_TYPES = ["icon", "illustration", "3d", "lottie", "ai-image"] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const FORMATS = [
  "svg",
  "png",
  "eps",
  "jpg",
  "json",
  "lottie",
  "gif",
  "mp4",
  "gltf",
  "glb",
  "obj",
  "fbx",
  "blend",
] as const;
export type Format = (typeof FORMATS)[number];

/** Which formats each asset type comes in ("Asset types and their formats"). */
export const FORMATS_BY_ASSET: Readonly<Record<AssetType, readonly Format[]>> = {
  icon: ["svg", "png"],
  illustration: ["svg", "png", "eps"],
  "3d": ["png", "gltf", "glb", "obj", "fbx", "blend"],
  lottie: ["json", "lottie", "gif", "mp4"],
  "ai-image": ["png", "jpg"],
};

/** Formats downloaded with width/height 0: the spec sends 0 "for vector and json downloads". */
export const SIZELESS_FORMATS: readonly Format[] = [
  "svg",
  "eps",
  "json",
  "lottie",
  "gltf",
  "glb",
  "obj",
  "fbx",
  "blend",
];

export const PRICES = ["free", "premium"] as const;
export type Price = (typeof PRICES)[number];

export const SORTS = ["relevant", "popular", "latest", "featured"] as const;
export type Sort = (typeof SORTS)[number];

export const STYLES = [
  "colored-outline",
  "doodle",
  "dualtone",
  "flat",
  "glyph",
  "gradient",
  "isometric",
  "line",
  "rounded",
  "sticker",
  "tile",
] as const;
export type Style = (typeof STYLES)[number];

export const ORIENTATIONS = [
  "horizontal",
  "vertical",
  "square",
  "horizontal-panorama",
  "vertical-panorama",
  "cylindrical-panorama",
  "spherical-panorama",
] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** Asset types that accept styles[] (search and reverse search). */
export const STYLED_ASSETS: readonly AssetType[] = ["icon", "illustration"];

export const SEARCH_DEFAULT_ASSET: AssetType = "icon";
export const PER_PAGE_MAX = 200;
export const PER_PAGE_DEFAULT = 60;
/** The highest item reachable by paging: a page is valid while its first item, (page - 1) * per_page + 1, is inside it. */
export const RESULT_WINDOW = 1500;

/** Filters the reverse image search refuses with 400 invalid_request. */
export const REVERSE_SEARCH_REFUSED = [
  "orientation[]",
  "icon_grid",
  "include_tags[]",
  "exclude_tags[]",
  "start_date",
  "end_date",
  "sort",
] as const;
export const REVERSE_SEARCH_MAX_BYTES = 10 * 1024 * 1024;
export const REVERSE_SEARCH_FILE_TYPES = ["jpg", "jpeg", "png", "webp"] as const;

export type ConversionMode = "sync" | "async";
export interface ConversionSpec {
  readonly input: string;
  readonly output: string;
  readonly mode: ConversionMode;
  /** Content-Type of the converted file. */
  readonly contentType: string;
}

export const CONVERSIONS = {
  "png-to-jpg": { input: "png", output: "jpg", mode: "sync", contentType: "image/jpeg" },
  "jpg-to-png": { input: "jpg", output: "png", mode: "sync", contentType: "image/png" },
  "svg-to-png": { input: "svg", output: "png", mode: "sync", contentType: "image/png" },
  "svg-to-jpg": { input: "svg", output: "jpg", mode: "sync", contentType: "image/jpeg" },
  "svg-to-pdf": { input: "svg", output: "pdf", mode: "sync", contentType: "application/pdf" },
  "lottie-optimize": { input: "json", output: "json", mode: "sync", contentType: "application/json" },
  "lottie-to-dotlottie": { input: "json", output: "lottie", mode: "sync", contentType: "application/zip" },
  "svg-to-lottie": { input: "svg", output: "json", mode: "sync", contentType: "application/json" },
  "lottie-to-gif": { input: "json", output: "gif", mode: "async", contentType: "image/gif" },
  "lottie-to-webp": { input: "json", output: "webp", mode: "async", contentType: "image/webp" },
  "lottie-to-mp4": { input: "json", output: "mp4", mode: "async", contentType: "video/mp4" },
  "lottie-to-webm": { input: "json", output: "webm", mode: "async", contentType: "video/webm" },
} as const satisfies Record<string, ConversionSpec>;
export type ConversionOperation = keyof typeof CONVERSIONS;
// Marked pure so bundles that never read the conversions (the search window) leave the table out.
export const CONVERSION_OPERATIONS = /* @__PURE__ */ Object.keys(CONVERSIONS) as ConversionOperation[];

export const AI_OPERATIONS = [
  "text-to-image",
  "image-to-image",
  "text-to-3d",
  "image-to-3d",
  "vectorize",
  "remove-background",
  "smart-group",
] as const;
export type AiOperation = (typeof AI_OPERATIONS)[number];
/** Operations that take exactly one multipart file and no model or prompt. */
export const AI_UPLOAD_OPERATIONS: readonly AiOperation[] = ["vectorize", "remove-background", "smart-group"];
export const AI_GENERATIVE_OPERATIONS: readonly AiOperation[] = [
  "text-to-image",
  "image-to-image",
  "text-to-3d",
  "image-to-3d",
];
export type ImageInput = "none" | "optional" | "required";
export const AI_FINISHED_STATUSES = ["COMPLETED", "FAILED"] as const;

/** Every data.reason the spec names, plus the two this project adds for failures that never reached the service. */
export const ERROR_REASONS = [
  "invalid_request",
  "invalid_input_file",
  "invalid_idempotency_key",
  "async_operation",
  "sync_operation",
  "asset_not_covered",
  "invalid_credentials",
  "credit_limit_reached",
  "entitlement_required",
  "client_without_owner",
  "unknown_operation",
  "item_not_found",
  "format_not_available",
  "idempotency_in_progress",
  "idempotency_already_completed",
  "idempotency_already_failed",
  "subscription_required",
  "rate_limit_exceeded",
  "quota_exhausted",
  "conversion_failed",
  // The spec does not show the reason of a 504; this is ours (a guess, see src/api/client/answer-readers.ts).
  "conversion_timeout",
  // Not the service's: the proxy gave up waiting for the service (504 from the proxy itself).
  "upstream_timeout",
  // Not the service's: a request that never got an answer (offline, DNS, reset) or was cancelled.
  "network_error",
  "aborted",
  // Not the service's: an answer whose body is not the envelope the spec describes.
  "invalid_response",
  // Not the service's: routes that do not exist (the proxy and the local API answer 404 with it).
  "not_found",
  // Not the service's: an unexpected server fault in our own code, reported in the envelope.
  "internal_error",
  // Not the service's: a signed link of the local API (downloads, results) altered (403) or expired (410).
  "invalid_signature",
  "link_expired",
  // Not the service's: the local API's reasons for a finished-but-failed task or job: the AI
  // provider failed, or the server restarted while the work ran (neither is charged).
  "provider_failed",
  "interrupted",
  // Not the service's: the client's polling gave up on a job or task that never finished.
  "poll_timeout",
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const PROJECT_REFERENCE_PATTERN = /^[\x20-\x7E]{1,128}$/;

/** Which product family a v3 path belongs to, for rate limits (spec "Limits" 1). */
export type ProductFamily = "assets" | "converter" | "ai";
export function productFamilyOf(path: string): ProductFamily {
  if (path.startsWith("/v3/convert")) return "converter";
  if (path.startsWith("/v3/ai")) return "ai";
  return "assets";
}
