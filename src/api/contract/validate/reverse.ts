// Reverse image search: the filters it shares with search, the ones it refuses, and its one-of
// url / file / image_hash rule.

import { invalidRequest } from "../errors";
import type { ReverseSearchFilters } from "../spec-objects";
import { REVERSE_SEARCH_REFUSED } from "../tables";
import { checkSharedFilters } from "./filters";
import { validateReverseSearchFile } from "./upload";
import { checkString, refuseUnknownKeys } from "./values";

export const REVERSE_FILTER_KEYS = [
  "asset",
  "price",
  "formats",
  "styles",
  "page",
  "categories",
  "include_categories",
  "exclude_categories",
  "contributors",
] as const satisfies readonly (keyof ReverseSearchFilters)[];

/** Object keys of the refused filters ("orientation[]" arrives as `orientation` in an object). */
const REFUSED_KEYS = REVERSE_SEARCH_REFUSED.map((name) => name.replace("[]", ""));

/** Names every refused filter present (400), then checks the accepted ones as search does. */
export function validateReverseSearchFilters(filters: ReverseSearchFilters): ReverseSearchFilters {
  if (typeof filters !== "object" || filters === null) throw invalidRequest("Filters must be an object.");
  const record = filters as Record<string, unknown>;
  const refused = REVERSE_SEARCH_REFUSED.filter((_, i) => record[REFUSED_KEYS[i]!] !== undefined);
  if (refused.length > 0) {
    throw invalidRequest(`The reverse image search does not accept ${refused.join(", ")}.`);
  }
  refuseUnknownKeys("reverse image search filter(s)", filters, REVERSE_FILTER_KEYS);
  checkSharedFilters(filters);
  return filters;
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

export type ImageSource = { url: string } | { file: Blob } | { image_hash: string };

/**
 * Exactly one of url, file or image_hash. The spec requires at least one and does not show what the
 * service does with several; refusing the ambiguity keeps the answer predictable.
 */
export function validateImageSource(source: {
  url?: unknown;
  file?: unknown;
  image_hash?: unknown;
}): ImageSource {
  const given = (["url", "file", "image_hash"] as const).filter((key) => source[key] !== undefined);
  if (given.length === 0) throw invalidRequest("One of url, file or image_hash is required.");
  if (given.length > 1)
    throw invalidRequest(`Give only one of url, file or image_hash, not ${given.join(" and ")}.`);
  if (source.url !== undefined) {
    const url = checkString("url", source.url);
    if (!isHttpUrl(url)) {
      throw invalidRequest(`url must be an http(s) URL, got ${JSON.stringify(url)}.`);
    }
    return { url };
  }
  if (source.image_hash !== undefined) {
    const image_hash = checkString("image_hash", source.image_hash);
    if (image_hash.trim() === "") throw invalidRequest("image_hash must not be empty.");
    return { image_hash };
  }
  validateReverseSearchFile(source.file as Blob);
  return { file: source.file as Blob };
}
