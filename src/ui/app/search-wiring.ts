// What follows from the search on its own: a new search starts at its first cell, a failure becomes
// the notice, the first results on screen are marked for the benchmark, and a query that found
// something is kept among the recent searches.

import { effect, type Signal } from "@preact/signals";
import type { ErrorStore } from "../errors/error-store";
import type { RecentStore } from "../recent/recent-store";
import type { SearchStore } from "../search/search-store";

export interface SearchWiring {
  search: SearchStore;
  /** The results grid's roving focus. */
  focusIndex: Signal<number>;
  errors: ErrorStore;
  recent: RecentStore;
}

export function wireSearch({ search, focusIndex, errors, recent }: SearchWiring): void {
  effect(() => {
    void search.key.value;
    focusIndex.value = 0;
  });
  effect(() => {
    const error = search.error.value;
    if (error) errors.show(error, { retry: () => search.retry(), assetType: search.asset.peek() });
  });
  // The time from opening to first results is read from this mark (bench/).
  const stopFirstMark = effect(() => {
    if (search.items.value.length === 0) return;
    globalThis.performance?.mark?.("assetport:first-results");
    queueMicrotask(() => stopFirstMark());
  });
  let lastRecorded = "";
  effect(() => {
    const q = search.params.value.query;
    if (!q || q === lastRecorded || search.status.value !== "ready" || search.total.value === 0) return;
    lastRecorded = q;
    recent.addSearch(q, search.asset.peek());
  });
}
