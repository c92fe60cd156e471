// GET /v3/search query strings, both ways: the client encodes SearchParams (arrays as
// `formats[]=svg&formats[]=png`, as the service expects), servers parse them back strictly.

import { invalidRequest } from "./errors";
import type { SearchParams } from "./spec-objects";
import { SLUG_LISTS } from "./validate/filters";
import { SEARCH_PARAM_KEYS, validateSearchParams } from "./validate/search";
import { parseIntegerText } from "./validate/values";

type SearchKey = (typeof SEARCH_PARAM_KEYS)[number];

const LIST_KEYS: ReadonlySet<SearchKey> = new Set(["formats", "styles", "orientation", ...SLUG_LISTS]);
const INTEGER_KEYS: ReadonlySet<SearchKey> = new Set(["icon_grid", "page", "per_page"]);

/** Encodes in a fixed order, so equal params give equal URLs (and equal cache keys). */
export function encodeSearchQuery(params: SearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of SEARCH_PARAM_KEYS) {
    const value = params[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) query.append(`${key}[]`, String(item));
    } else if (!(key === "query" && value === "")) {
      query.append(key, String(value));
    }
  }
  return query;
}

/**
 * For servers: reads a search query string into SearchParams and applies every rule
 * (validateSearchParams). Unknown or repeated parameters, unknown enum values, non-integers and bad
 * dates each answer 400 invalid_request naming the parameter.
 */
export function parseSearchQuery(query: URLSearchParams): SearchParams {
  const lists = new Map<SearchKey, string[]>();
  const scalars = new Map<SearchKey, string>();
  const unknown: string[] = [];
  for (const [name, value] of query) {
    const isList = name.endsWith("[]");
    const key = (isList ? name.slice(0, -2) : name) as SearchKey;
    if (!(SEARCH_PARAM_KEYS as readonly string[]).includes(key) || isList !== LIST_KEYS.has(key)) {
      unknown.push(LIST_KEYS.has(key) ? `${name} (write ${key}[])` : name);
    } else if (isList) {
      lists.set(key, [...(lists.get(key) ?? []), value]);
    } else if (scalars.has(key)) {
      throw invalidRequest(`Query parameter ${name} is repeated; give it once.`);
    } else {
      scalars.set(key, value);
    }
  }
  if (unknown.length > 0)
    throw invalidRequest(`Unknown query parameter(s): ${[...new Set(unknown)].join(", ")}.`);
  const params: Record<string, unknown> = {};
  for (const [key, value] of scalars) {
    // The spec: an omitted or empty query browses all; one meaning, one form.
    if (key === "query" && value === "") continue;
    params[key] = INTEGER_KEYS.has(key) ? parseIntegerText(key, value) : value;
  }
  for (const [key, values] of lists) params[key] = values;
  return validateSearchParams(params as SearchParams);
}
