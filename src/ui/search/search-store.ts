// The search: what was typed, which asset type, the pages of results for the current filters.
// Typing is debounced; the pages (abort of a stale search, page cache, the 1500-item window) are
// kept by the shared paged results.

import { batch, computed, effect, signal } from "@preact/signals";
import type { SearchParams, SearchResult } from "../../api/contract/spec-objects";
import { type AssetType, SEARCH_DEFAULT_ASSET } from "../../api/contract/tables";
import type { FiltersStore } from "../filters/filters-store";
import type { PageCache } from "./page-cache";
import { createPagedResults, type PagedStatus } from "./paged-results";
import { queryKey } from "./query-key";
import { SEARCH_PAGE } from "./search-page";

export interface SearchApi {
  search(params: SearchParams, options?: { signal?: AbortSignal }): Promise<SearchResult>;
}

export interface SearchStoreOptions {
  /** Read on every request: settings may have pointed the client at another proxy meanwhile. */
  api: () => SearchApi;
  filters: FiltersStore;
  debounceMs?: number;
  perPage?: number;
  cache?: PageCache;
}

export type SearchStatus = PagedStatus;

export { SEARCH_PAGE };

export function createSearchStore(options: SearchStoreOptions) {
  const debounceMs = options.debounceMs ?? 250;
  const perPage = options.perPage ?? SEARCH_PAGE;
  const results = createPagedResults({ perPage, ...(options.cache ? { cache: options.cache } : {}) });

  const query = signal("");
  const committedQuery = signal("");
  const asset = signal<AssetType>(SEARCH_DEFAULT_ASSET);
  // The set searched in (`contributors[]`). Sets belong to a type, so the choice is kept with its
  // type: another type starts from all of its sets, in the same step (no search for a stale pair).
  const setChoice = signal<{ asset: AssetType; set: string } | null>(null);
  const set = computed(() => (setChoice.value?.asset === asset.value ? setChoice.value.set : null));
  /** Bumped to search again with the same key (after settings change, or a retry). */
  const generation = signal(0);

  const params = computed<SearchParams>(() => {
    const q = committedQuery.value;
    return {
      ...options.filters.paramsFor(asset.value),
      asset: asset.value,
      ...(set.value ? { contributors: [set.value] } : {}),
      ...(q ? { query: q } : {}),
      per_page: perPage,
    };
  });
  const key = computed(() => queryKey(params.value));

  let timer: ReturnType<typeof setTimeout> | undefined;

  /** One page of the question asked now, at the size the paging asks (the window's last may be smaller). */
  function pageOf(request: SearchParams) {
    return (page: number, signal?: AbortSignal, size = perPage) =>
      options.api().search({ ...request, page, per_page: size }, signal ? { signal } : {});
  }

  function start(nextKey: string) {
    results.start(nextKey, pageOf(params.peek()));
  }

  const stopQueryDebounce = effect(() => {
    const typed = query.value.trim();
    clearTimeout(timer);
    if (typed === committedQuery.peek()) return;
    timer = setTimeout(() => {
      committedQuery.value = typed;
    }, debounceMs);
  });

  let started = false;
  const stopSearching = effect(() => {
    const nextKey = key.value;
    void generation.value;
    if (!started) return;
    start(nextKey);
  });

  return {
    query,
    asset,
    /** The chosen set of the current type, or null for all sets. A new query keeps it. */
    set,
    /** Searches in one set of the current type (null: all sets). */
    chooseSet(name: string | null) {
      setChoice.value = name ? { asset: asset.peek(), set: name } : null;
    },
    pages: results.pages,
    items: results.items,
    total: results.total,
    status: results.status,
    error: results.error,
    hasMore: results.hasMore,
    windowReached: results.windowReached,
    params,
    /** The current search's identity (query and filters): the grid scrolls to the top when it changes. */
    key,
    perPage,
    /**
     * Runs the first search; before this the store is quiet (so tests and settings can load first).
     * Once started (a quick action's query submitted) it is a no-op: begun again, the search in
     * flight would be aborted and asked a second time.
     */
    begin() {
      if (started) return;
      started = true;
      generation.value++;
    },
    /** Enter in the search field: no need to wait for the debounce. */
    submitNow() {
      clearTimeout(timer);
      started = true;
      committedQuery.value = query.peek().trim();
    },
    loadMore: results.loadMore,
    retry: results.retry,
    /**
     * The shown pages again, replaced all at once: the same results with fresh preview links, for a
     * window left open past the links' expiry. At most once in a few minutes, whatever fails.
     */
    async reloadShown() {
      const fetchPage = pageOf(params.peek());
      await results.replaceShown((page, size) => fetchPage(page, undefined, size));
    },
    /** Forget every cached page and search again: the proxy or token changed. */
    refresh() {
      results.clearCache();
      generation.value++;
    },
    clearQuery() {
      clearTimeout(timer);
      batch(() => {
        query.value = "";
        committedQuery.value = "";
      });
    },
    dispose() {
      clearTimeout(timer);
      results.abort();
      stopQueryDebounce();
      stopSearching();
    },
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
