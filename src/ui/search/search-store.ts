// The search: what was typed, which asset type, the pages of results for the current filters.
// Typing is debounced; a newer search aborts the older one; every page is cached by the full
// query key, so returning to a search (or re-opening a type) is answered from memory. Paging
// stops at the service's 1500-item window and says so.

import { batch, computed, effect, signal } from "@preact/signals";
import { type AssetType, PER_PAGE_DEFAULT, RESULT_WINDOW, SEARCH_DEFAULT_ASSET } from "../../api/contract";
import type { Asset, SearchParams, SearchResult } from "../../api/types";
import { toUiError, type UiError } from "../errors/ui-error";
import type { FiltersStore } from "../filters/filters-store";
import { createPageCache, type PageCache } from "./page-cache";
import { queryKey } from "./query-key";

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

const RELOAD_INTERVAL_MS = 5 * 60_000;

export type SearchStatus = "idle" | "loading" | "more" | "ready" | "error";

export function createSearchStore(options: SearchStoreOptions) {
  const debounceMs = options.debounceMs ?? 250;
  const perPage = options.perPage ?? PER_PAGE_DEFAULT;
  const lastPage = Math.max(1, Math.floor(RESULT_WINDOW / perPage));
  const cache = options.cache ?? createPageCache();

  const query = signal("");
  const committedQuery = signal("");
  const asset = signal<AssetType>(SEARCH_DEFAULT_ASSET);
  const pages = signal<SearchResult[]>([]);
  const status = signal<SearchStatus>("idle");
  const error = signal<UiError | null>(null);
  /** Bumped to search again with the same key (after settings change, or a retry). */
  const generation = signal(0);

  const params = computed<SearchParams>(() => {
    const q = committedQuery.value;
    return {
      ...options.filters.paramsFor(asset.value),
      asset: asset.value,
      ...(q ? { query: q } : {}),
      per_page: perPage,
    };
  });
  const key = computed(() => queryKey(params.value));

  const items = computed<Asset[]>(() => {
    const seen = new Set<string>();
    const all: Asset[] = [];
    for (const page of pages.value) {
      for (const item of page.data) {
        if (seen.has(item.uuid)) continue;
        seen.add(item.uuid);
        all.push(item);
      }
    }
    return all;
  });
  const total = computed(() => pages.value[0]?.total ?? 0);
  const hasMore = computed(() => {
    const loaded = pages.value.length;
    if (loaded === 0 || loaded >= lastPage) return false;
    const last = pages.value[loaded - 1];
    return loaded * perPage < total.value && (last?.data.length ?? 0) > 0;
  });
  /** More results exist than the service lets anyone page to: the view asks to refine the search. */
  const windowReached = computed(
    () => pages.value.length >= lastPage && total.value > lastPage * perPage && status.value !== "more",
  );

  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let activeKey = "";
  let failedPage = 1;
  let lastReload = Number.NEGATIVE_INFINITY;

  async function load(page: number) {
    const requestKey = activeKey;
    const ctrl = controller;
    const request = { ...params.peek(), page };
    try {
      let result = cache.get(requestKey, page);
      if (!result) {
        result = await options.api().search(request, ctrl ? { signal: ctrl.signal } : {});
        cache.set(requestKey, page, result);
      }
      if (requestKey !== activeKey || ctrl?.signal.aborted) return;
      batch(() => {
        pages.value = page === 1 ? [result] : [...pages.peek(), result];
        status.value = "ready";
      });
    } catch (caught) {
      if (requestKey !== activeKey) return;
      const failure = toUiError(caught);
      if (failure.reason === "aborted") return;
      failedPage = page;
      batch(() => {
        error.value = failure;
        status.value = "error";
      });
    }
  }

  function start(nextKey: string) {
    controller?.abort();
    controller = new AbortController();
    activeKey = nextKey;
    const restored: SearchResult[] = [];
    for (let page = 1; page <= lastPage; page++) {
      const hit = cache.get(nextKey, page);
      if (!hit) break;
      restored.push(hit);
    }
    // Until the new first page arrives the old results stay on screen (no blank flash while typing);
    // `status` says they are being replaced.
    batch(() => {
      error.value = null;
      if (restored.length) pages.value = restored;
      status.value = restored.length ? "ready" : "loading";
    });
    if (!restored.length) void load(1);
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
    pages,
    items,
    total,
    status,
    error,
    hasMore,
    windowReached,
    params,
    /** The current search's identity (query and filters): the grid scrolls to the top when it changes. */
    key,
    perPage,
    /** Runs the first search; before this the store is quiet (so tests and settings can load first). */
    begin() {
      started = true;
      generation.value++;
    },
    /** Enter in the search field: no need to wait for the debounce. */
    submitNow() {
      clearTimeout(timer);
      started = true;
      committedQuery.value = query.peek().trim();
    },
    loadMore() {
      if (status.peek() !== "ready" || !hasMore.peek()) return;
      status.value = "more";
      void load(pages.peek().length + 1);
    },
    retry() {
      if (status.peek() !== "error") return;
      error.value = null;
      status.value = failedPage === 1 ? "loading" : "more";
      void load(failedPage);
    },
    /**
     * The shown pages again, replaced all at once: the same results with fresh preview links, for a
     * window left open past the links' expiry. At most once in a few minutes, whatever fails.
     */
    async reloadShown() {
      if (status.peek() !== "ready" || Date.now() - lastReload < RELOAD_INTERVAL_MS) return;
      lastReload = Date.now();
      const requestKey = activeKey;
      const shown = pages.peek().map((_, index) => ({ ...params.peek(), page: index + 1 }));
      try {
        const fresh = await Promise.all(shown.map((request) => options.api().search(request)));
        if (requestKey !== activeKey) return;
        fresh.forEach((result, index) => {
          cache.set(requestKey, index + 1, result);
        });
        pages.value = fresh;
      } catch {
        // What is shown stays; the next search brings fresh links.
      }
    },
    /** Forget every cached page and search again: the proxy or token changed. */
    refresh() {
      cache.clear();
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
      controller?.abort();
      stopQueryDebounce();
      stopSearching();
    },
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
