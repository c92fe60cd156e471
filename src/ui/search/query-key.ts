// A search's identity: the same filters in any order, with the same list values in any order, give
// the same key, so the page cache hits whenever the results would be the same.

import type { SearchParams } from "../../api/contract/spec-objects";

export function queryKey(params: SearchParams): string {
  const entries = Object.entries(params)
    .filter(([name, value]) => name !== "page" && value !== undefined && value !== "" && value !== null)
    .map(([name, value]) => [name, Array.isArray(value) ? [...value].map(String).sort() : value] as const)
    .filter(([, value]) => !Array.isArray(value) || value.length > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
