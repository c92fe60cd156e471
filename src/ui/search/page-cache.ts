// Pages already fetched, by query key and page number, so going back to an earlier search (or
// scrolling back through one) costs no request. Bounded: the least recently used page leaves first.
// Pages also age out: their preview links are signed by the proxy for an hour or so, and a page
// kept longer would show pictures that no longer load.

import type { SearchResult } from "../../api/contract/spec-objects";

/** Well inside a preview link's life (at least an hour from when the proxy answered). */
export const PAGE_MAX_AGE_MS = 40 * 60_000;

export function createPageCache(maxPages = 120, maxAgeMs = PAGE_MAX_AGE_MS, now: () => number = Date.now) {
  const pages = new Map<string, { result: SearchResult; storedAt: number }>();
  const id = (key: string, page: number) => `${page}|${key}`;

  return {
    get(key: string, page: number): SearchResult | undefined {
      const hit = pages.get(id(key, page));
      if (!hit) return undefined;
      pages.delete(id(key, page));
      if (now() - hit.storedAt >= maxAgeMs) return undefined;
      pages.set(id(key, page), hit);
      return hit.result;
    },
    set(key: string, page: number, result: SearchResult) {
      pages.delete(id(key, page));
      pages.set(id(key, page), { result, storedAt: now() });
      while (pages.size > maxPages) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        pages.delete(oldest);
      }
    },
    clear() {
      pages.clear();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
