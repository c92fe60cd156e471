// For servers (the local API and the proxy): reads a reverse image search request, JSON or multipart,
// into checked filters and exactly one image source.

import { invalidRequest } from "../contract/errors";
import type { ReverseSearchFilters } from "../contract/spec-objects";
import { REVERSE_SEARCH_REFUSED } from "../contract/tables";
import { nameList } from "../contract/validate/name-list";
import {
  type ImageSource,
  REVERSE_FILTER_KEYS,
  validateImageSource,
  validateReverseSearchFilters,
} from "../contract/validate/reverse";
import { describe, parseIntegerText } from "../contract/validate/values";

export interface ReverseSearchRequest {
  filters: ReverseSearchFilters;
  source: ImageSource;
}

const LIST_FILTERS = new Set([
  "formats",
  "styles",
  "categories",
  "include_categories",
  "exclude_categories",
  "contributors",
]);
const SOURCE_FIELDS = new Set(["url", "image_hash"]);

function singleValue(name: string, value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (value.length !== 1) throw invalidRequest(`Field ${name} is repeated; give it once.`);
  return value[0];
}

/**
 * Reads the fields of a reverse search (form fields, or a parsed JSON object) and an optional uploaded
 * file. List filters are accepted as `formats[]` or `formats` (Guess: a JSON body most likely names
 * them without brackets, a form with them), each a string or a list of strings.
 */
export function parseReverseSearchFields(fields: Record<string, unknown>, file?: Blob): ReverseSearchRequest {
  const refused: string[] = [];
  const unknown: string[] = [];
  const filters: Record<string, unknown> = {};
  const source: Record<string, unknown> = { file };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const key = name.endsWith("[]") ? name.slice(0, -2) : name;
    if (
      (REVERSE_SEARCH_REFUSED as readonly string[]).some(
        (refusedName) => refusedName.replace("[]", "") === key,
      )
    ) {
      refused.push(name);
    } else if (LIST_FILTERS.has(key)) {
      const list = typeof value === "string" ? [value] : value;
      filters[key] = list;
    } else if (
      key !== name ||
      !(REVERSE_FILTER_KEYS as readonly string[]).concat([...SOURCE_FIELDS]).includes(key)
    ) {
      unknown.push(name === "file" ? "file (must be an uploaded file)" : name);
    } else {
      const single = singleValue(name, value);
      if (SOURCE_FIELDS.has(key)) source[key] = single;
      else if (key === "page" && typeof single === "string") filters.page = parseIntegerText("page", single);
      else filters[key] = single;
    }
  }
  if (refused.length > 0)
    throw invalidRequest(`The reverse image search does not accept ${nameList(refused)}.`);
  if (unknown.length > 0)
    throw invalidRequest(`Unknown reverse image search field(s): ${nameList(unknown)}.`);
  return {
    filters: validateReverseSearchFilters(filters as ReverseSearchFilters),
    source: validateImageSource(source),
  };
}

/** Reads multipart form data: string fields (repeated names become lists) and the one `file`. */
export function parseReverseSearchForm(form: FormData): ReverseSearchRequest {
  const fields: Record<string, string | string[]> = {};
  let file: Blob | undefined;
  for (const [name, value] of form) {
    if (typeof value !== "string") {
      if (name !== "file")
        throw invalidRequest(`Field ${name} must not be a file; only file takes an upload.`);
      if (file) throw invalidRequest("Upload exactly one file.");
      file = value;
      continue;
    }
    const previous = fields[name];
    fields[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return parseReverseSearchFields(fields, file);
}

/** Parses a JSON request body; a server passes one that bounds size and nesting first. */
export type JsonBodyReader = (request: Request) => Promise<unknown>;

const readJson: JsonBodyReader = (request) =>
  request.json().catch(() => {
    throw invalidRequest("The body is not valid JSON.");
  });

/** Reads a reverse search Request by its Content-Type: application/json or multipart/form-data. */
export async function parseReverseSearchRequest(
  request: Request,
  readJsonBody: JsonBodyReader = readJson,
): Promise<ReverseSearchRequest> {
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await request.formData().catch(() => {
      throw invalidRequest("The multipart body could not be read.");
    });
    return parseReverseSearchForm(form);
  }
  if (type.startsWith("application/json")) {
    const body = await readJsonBody(request);
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw invalidRequest(`The JSON body must be an object, got ${describe(body)}.`);
    }
    return parseReverseSearchFields(body as Record<string, unknown>);
  }
  throw invalidRequest("Content-Type must be application/json or multipart/form-data.");
}
