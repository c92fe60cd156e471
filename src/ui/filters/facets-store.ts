// What the filter panel offers for the current search: the styles that match something (each counted
// with a one-item search, counts cached and aborted when the search changes, only while the panel is
// open), and categories and tags as suggestions, most frequent first among the results loaded so far.

import { computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import { readAssetFacts } from "../../api/asset-facts";
import { STYLED_ASSETS, STYLES, type Style } from "../../api/contract";
import type { SearchParams } from "../../api/types";
import { queryKey } from "../search/query-key";
import type { SearchStore } from "../search/search-store";
import type { Totals } from "../sets/totals";

export const SUGGESTIONS_SHOWN = 12;

export interface Suggestion {
  value: string;
  count: number;
}

/** The most frequent values first (ties by name), at most `limit`. */
export function mostFrequent(lists: readonly (readonly string[])[], limit = SUGGESTIONS_SHOWN): Suggestion[] {
  const counts = new Map<string, number>();
  for (const list of lists)
    for (const value of new Set(list)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, limit);
}

export function createFacetsStore(options: {
  search: Pick<SearchStore, "params" | "items">;
  totals: Totals;
  /** Counting costs requests: only while the panel shows them. */
  active: ReadonlySignal<boolean>;
}) {
  const { search, totals } = options;
  const styleCounts = signal<{ key: string; counts: Partial<Record<Style, number>> }>({
    key: "",
    counts: {},
  });

  const base = computed<SearchParams>(() => {
    const { styles: _styles, page: _page, per_page: _size, ...rest } = search.params.value;
    return rest;
  });
  const baseKey = computed(() => queryKey(base.value));

  /** Bumped to count again (another server). */
  const generation = signal(0);
  let running: { key: string; abort: AbortController } | undefined;
  const stopCounting = effect(() => {
    const key = `${generation.value}:${baseKey.value}`;
    const params = base.value;
    if (!options.active.value || !params.asset || !STYLED_ASSETS.includes(params.asset)) return;
    if (running?.key === key) return;
    running?.abort.abort();
    const abort = new AbortController();
    running = { key, abort };
    if (styleCounts.peek().key !== key) styleCounts.value = { key, counts: {} };
    for (const style of STYLES) {
      totals.probe({ ...params, styles: [style], per_page: 1 }, abort.signal).then(
        (probe) => {
          if (abort.signal.aborted) return;
          const now = styleCounts.peek();
          styleCounts.value = { key, counts: { ...now.counts, [style]: probe.total } };
        },
        () => undefined,
      );
    }
  });

  const facts = computed(() => search.items.value.map((item) => readAssetFacts(item)));

  return {
    /** Each style's count for the current search (missing while counting); only for this search. */
    styleCounts: computed(() =>
      styleCounts.value.key === `${generation.value}:${baseKey.value}` ? styleCounts.value.counts : {},
    ),
    /** Another server: its styles are counted afresh. */
    refresh() {
      generation.value++;
    },
    categories: computed(() => mostFrequent(facts.value.map((f) => f.categories))),
    tags: computed(() => mostFrequent(facts.value.map((f) => f.tags))),
    dispose() {
      running?.abort.abort();
      stopCounting();
    },
  };
}

export type FacetsStore = ReturnType<typeof createFacetsStore>;
