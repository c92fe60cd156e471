// Pages already fetched, by query key and page number, so going back to an earlier search (or
// scrolling back through one) costs no request. Bounded: the least recently used page leaves first.

import type { SearchResult } from "../../api/types";

export function createPageCache(maxPages = 120) {
  const pages = new Map<string, SearchResult>();
  const id = (key: string, page: number) => `${page}|${key}`;

  return {
    get(key: string, page: number): SearchResult | undefined {
      const hit = pages.get(id(key, page));
      if (hit) {
        pages.delete(id(key, page));
        pages.set(id(key, page), hit);
      }
      return hit;
    },
    set(key: string, page: number, result: SearchResult) {
      pages.delete(id(key, page));
      pages.set(id(key, page), result);
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
