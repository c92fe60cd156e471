// Pages of results for one question at a time, shared by the search and the similar-to-selection
// tabs: a newer question aborts the older one, every page is cached under the question's key (so
// coming back to a question costs no request), items are de-duplicated across pages, and paging
// stops at the service's 1500-item window and says so.

import { batch, computed, signal } from "@preact/signals";
import type { Asset, SearchResult } from "../../api/contract/spec-objects";
import { RESULT_WINDOW } from "../../api/contract/tables";
import { toUiError, type UiError } from "../errors/ui-error";
import { createPageCache, type PageCache } from "./page-cache";
import { pagesInWindow, servicePage, windowReach } from "./window-pages";

/**
 * Fetches one page of the question being asked; `signal` aborts when a newer question starts.
 * `perPage` is the size to ask for when the store knows it (window-pages: the window's last page
 * can be a smaller one, asked under its own page number).
 */
export type PageFetcher<R extends SearchResult> = (
  page: number,
  signal: AbortSignal,
  perPage?: number,
) => Promise<R>;

export type PagedStatus = "idle" | "loading" | "more" | "ready" | "error";

/** Expired preview links reload the shown pages at most this often, whatever keeps failing. */
const RELOAD_INTERVAL_MS = 5 * 60_000;

export interface PagedResultsOptions {
  cache?: PageCache;
  /**
   * The page size the question asks for. Without it (the reverse search has no page-size
   * parameter) the size is learnt from the first page's length.
   */
  perPage?: number;
}

export function createPagedResults<R extends SearchResult = SearchResult>(options: PagedResultsOptions = {}) {
  const cache = options.cache ?? createPageCache();

  const pages = signal<R[]>([]);
  const status = signal<PagedStatus>("idle");
  const error = signal<UiError | null>(null);

  const perPage = computed(() => options.perPage ?? Math.max(1, pages.value[0]?.data.length ?? 1));
  // A learnt size cannot be asked for (no page-size parameter): its window ends at its whole pages.
  const lastPage = computed(() =>
    options.perPage ? pagesInWindow(options.perPage) : Math.max(1, Math.floor(RESULT_WINDOW / perPage.value)),
  );
  const reach = computed(() =>
    options.perPage ? windowReach(options.perPage) : lastPage.value * perPage.value,
  );
  /** The grid's page `index` as the service is asked for it. */
  const asked = (index: number) =>
    options.perPage ? servicePage(index, options.perPage) : { page: index, perPage: undefined };
  const items = computed<Asset[]>(() => {
    const seen = new Set<string>();
    const all: Asset[] = [];
    for (const page of pages.value) {
      for (const item of page.data) {
        // A reverse search item may come without a uuid (the spec shows name and urls only): kept.
        if (item.uuid && seen.has(item.uuid)) continue;
        seen.add(item.uuid);
        all.push(item);
      }
    }
    return all;
  });
  const total = computed(() => pages.value[0]?.total ?? 0);
  const hasMore = computed(() => {
    const loaded = pages.value.length;
    if (loaded === 0 || loaded >= lastPage.value) return false;
    const last = pages.value[loaded - 1];
    return loaded * perPage.value < total.value && (last?.data.length ?? 0) > 0;
  });
  /** More results exist than the service lets anyone page to: the view asks to refine the question. */
  const windowReached = computed(
    () => pages.value.length >= lastPage.value && total.value > reach.value && status.value !== "more",
  );

  let controller: AbortController | undefined;
  let activeKey = "";
  let fetcher: PageFetcher<R> | undefined;
  let failedPage = 1;
  let lastReload = Number.NEGATIVE_INFINITY;

  async function load(page: number) {
    const requestKey = activeKey;
    const ctrl = controller;
    const fetchPage = fetcher;
    if (!ctrl || !fetchPage) return;
    try {
      let result = cache.get(requestKey, page) as R | undefined;
      if (!result) {
        const ask = asked(page);
        result = await fetchPage(ask.page, ctrl.signal, ask.perPage);
        cache.set(requestKey, page, result);
      }
      if (requestKey !== activeKey || ctrl.signal.aborted) return;
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
        // A first page that failed leaves nothing of the earlier question on screen: its results
        // under the notice would read as this question's answer. A later page keeps the ones above.
        if (page === 1) pages.value = [];
        error.value = failure;
        status.value = "error";
      });
    }
  }

  return {
    pages,
    items,
    total,
    status,
    error,
    hasMore,
    windowReached,
    /** The key of the question being shown ("" before the first). */
    activeKey: () => activeKey,
    /**
     * Asks a new question (or the same one again): pages cached under `key` are shown at once,
     * otherwise page 1 is fetched. Until it arrives the old results stay on screen (no blank flash);
     * `status` says they are being replaced.
     */
    start(key: string, fetchPage: PageFetcher<R>) {
      controller?.abort();
      controller = new AbortController();
      activeKey = key;
      fetcher = fetchPage;
      const restored: R[] = [];
      for (let page = 1; page <= RESULT_WINDOW; page++) {
        const hit = cache.get(key, page) as R | undefined;
        if (!hit) break;
        restored.push(hit);
      }
      batch(() => {
        error.value = null;
        if (restored.length) pages.value = restored;
        status.value = restored.length ? "ready" : "loading";
      });
      if (!restored.length) void load(1);
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
     * The shown pages fetched again and replaced all at once (fresh preview links): only when they
     * are settled, and at most once per RELOAD_INTERVAL_MS; failures keep what is shown.
     */
    async replaceShown(fetchPage: (page: number, perPage?: number) => Promise<R>) {
      if (status.peek() !== "ready" || Date.now() - lastReload < RELOAD_INTERVAL_MS) return;
      lastReload = Date.now();
      const requestKey = activeKey;
      const shown = pages.peek().map((_, index) => index + 1);
      try {
        const fresh = await Promise.all(
          shown.map((index) => {
            const ask = asked(index);
            return fetchPage(ask.page, ask.perPage);
          }),
        );
        if (requestKey !== activeKey) return;
        fresh.forEach((result, index) => {
          cache.set(requestKey, index + 1, result);
        });
        pages.value = fresh;
      } catch {
        // What is shown stays; the next question brings fresh links.
      }
    },
    /** Back to nothing shown, nothing in flight. */
    clear() {
      controller?.abort();
      controller = undefined;
      activeKey = "";
      fetcher = undefined;
      batch(() => {
        pages.value = [];
        error.value = null;
        status.value = "idle";
      });
    },
    clearCache() {
      cache.clear();
    },
    /** Marks a question as under way before its first page can be asked for (an export, an upload). */
    setStatus(next: PagedStatus) {
      status.value = next;
    },
    abort() {
      controller?.abort();
    },
  };
}

export type PagedResults<R extends SearchResult = SearchResult> = ReturnType<typeof createPagedResults<R>>;
