// The api-download body: a format valid for the asset type, and width/height as pixel sizes
// (0 for vector and json downloads).

import { formatNotAvailable, invalidRequest } from "../errors";
import type { DownloadRequest } from "../spec-objects";
import { type AssetType, FORMATS, FORMATS_BY_ASSET, SIZELESS_FORMATS } from "../tables";
import { checkEnum, checkInteger, refuseUnknownKeys } from "./values";

/**
 * Our own bound on width and height (the spec shows none): large enough for any canvas use (Figma
 * takes images up to 4096 px), small enough that a typo cannot ask a renderer for a gigapixel file.
 */
export const DOWNLOAD_MAX_SIDE = 8192;

const DOWNLOAD_KEYS = ["format", "width", "height"] as const;

/**
 * Checks a download body; with the asset type known, a format outside its table is refused the way the
 * service refuses it (404 format_not_available, naming the valid formats).
 */
export function validateDownloadRequest(request: DownloadRequest, asset?: AssetType): DownloadRequest {
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw invalidRequest("The download body must be a JSON object.");
  }
  refuseUnknownKeys("download field(s)", request, DOWNLOAD_KEYS);
  if (request.format === undefined) throw invalidRequest("format is required.");
  checkEnum("format", request.format, FORMATS);
  checkInteger("width", request.width, 0, DOWNLOAD_MAX_SIDE);
  checkInteger("height", request.height, 0, DOWNLOAD_MAX_SIDE);
  if (asset !== undefined && !FORMATS_BY_ASSET[asset].includes(request.format)) {
    throw formatNotAvailable(
      `Format ${request.format} is not available for asset ${asset}; valid formats: ${FORMATS_BY_ASSET[asset].join(", ")}.`,
    );
  }
  return request;
}

/** The size to send when the caller gives none: 0 for vector and json formats, as the spec says. */
export function isSizelessFormat(format: DownloadRequest["format"]): boolean {
  return SIZELESS_FORMATS.includes(format);
}

/**
 * For servers: reads the parsed JSON body of POST /v3/items/{item}/api-download. Whether width and
 * height are required is not shown; an absent one is read as 0 ("the format's own size").
 */
export function parseDownloadBody(body: unknown): DownloadRequest {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw invalidRequest("The download body must be a JSON object with format, width and height.");
  }
  const record = body as Record<string, unknown>;
  return validateDownloadRequest({
    ...record,
    format: record.format,
    width: record.width ?? 0,
    height: record.height ?? 0,
  } as DownloadRequest);
}
