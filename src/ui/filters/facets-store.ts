// What the filter panel offers for the current search: the styles, icon grids and prices that match
// something (each value counted with a one-item search, counts cached and aborted when the search
// changes, only while the panel is open), and categories and tags as suggestions, most frequent first
// among the icons (cells) loaded so far.

import { computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import { readAssetFacts } from "../../api/asset-facts";
import { type AssetType, PRICES, type Price, STYLED_ASSETS, STYLES, type Style } from "../../api/contract";
import type { Asset, SearchParams } from "../../api/types";
import { queryKey } from "../search/query-key";
import type { SearchStore } from "../search/search-store";
import type { Totals } from "../sets/totals";
import { groupVariants } from "../variants/group-variants";
import { ICON_GRIDS } from "./filter-rules";

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

export interface IconFacts {
  styles: string[];
  categories: string[];
  tags: string[];
}

/**
 * One entry an icon (a cell), not a drawing: Phosphor's six weights of an arrow are one "Arrows"
 * icon, as the grid and the set chips count it. Each icon carries what any of its drawings does.
 */
export function iconFacts(items: readonly Asset[]): IconFacts[] {
  return groupVariants(items).map((group) => {
    const each = group.members.map((item) => readAssetFacts(item));
    const union = (pick: (f: (typeof each)[number]) => string[]) => [...new Set(each.flatMap(pick))];
    return {
      styles: union((f) => f.styles),
      categories: union((f) => f.categories),
      tags: union((f) => f.tags),
    };
  });
}

/** A filter whose values are each counted with a one-item search, the filter itself left out. */
interface CountedFacet<V extends string | number> {
  /** The search parameter the count leaves out (so every value is counted against the same base). */
  omit: keyof SearchParams;
  values: readonly V[];
  applies(asset: SearchParams["asset"]): boolean;
  params(value: V): Partial<SearchParams>;
}

const STYLE_FACET: CountedFacet<Style> = {
  omit: "styles",
  values: STYLES,
  applies: (asset) => !!asset && STYLED_ASSETS.includes(asset),
  params: (style) => ({ styles: [style] }),
};
const GRID_FACET: CountedFacet<number> = {
  omit: "icon_grid",
  values: ICON_GRIDS,
  applies: (asset) => asset === "icon",
  params: (grid) => ({ icon_grid: grid }),
};
const PRICE_FACET: CountedFacet<Price> = {
  omit: "price",
  values: PRICES,
  applies: (asset) => !!asset,
  params: (price) => ({ price }),
};

export function createFacetsStore(options: {
  search: Pick<SearchStore, "params" | "items">;
  totals: Totals;
  /** Counting costs requests: only while the panel shows them. */
  active: ReadonlySignal<boolean>;
  /** Whether the Style filter is offered for a type now (not where the variant switch owns it). */
  stylesApply?: (asset: AssetType) => boolean;
}) {
  const { search, totals } = options;
  /** Bumped to count again (another server). */
  const generation = signal(0);

  /** Counts each value of one facet for the current search, while the panel is open. */
  function countFacet<V extends string | number>(facet: CountedFacet<V>) {
    const counts = signal<{ key: string; counts: Partial<Record<V, number>> }>({ key: "", counts: {} });
    const base = computed<SearchParams>(() => {
      const { [facet.omit]: _omitted, page: _page, per_page: _size, ...rest } = search.params.value;
      return rest;
    });
    const key = computed(() => `${generation.value}:${queryKey(base.value)}`);
    let running: { key: string; abort: AbortController } | undefined;
    const stop = effect(() => {
      const now = key.value;
      const params = base.value;
      if (!options.active.value || !facet.applies(params.asset)) return;
      if (running?.key === now) return;
      running?.abort.abort();
      const abort = new AbortController();
      running = { key: now, abort };
      if (counts.peek().key !== now) counts.value = { key: now, counts: {} };
      for (const value of facet.values) {
        totals.probe({ ...params, ...facet.params(value), per_page: 1 }, abort.signal).then(
          (probe) => {
            if (abort.signal.aborted) return;
            const held = counts.peek();
            counts.value = { key: now, counts: { ...held.counts, [value]: probe.total } };
          },
          () => undefined,
        );
      }
    });
    return {
      /** Each value's count for the current search (missing while counting); only for this search. */
      counts: computed<Partial<Record<V, number>>>(() =>
        counts.value.key === key.value ? counts.value.counts : {},
      ),
      dispose() {
        running?.abort.abort();
        stop();
      },
    };
  }

  const { stylesApply } = options;
  // Styles not offered are not counted: each count is a request.
  const styles = countFacet(
    stylesApply
      ? { ...STYLE_FACET, applies: (asset) => STYLE_FACET.applies(asset) && !!asset && stylesApply(asset) }
      : STYLE_FACET,
  );
  const grids = countFacet(GRID_FACET);
  const prices = countFacet(PRICE_FACET);
  const facts = computed(() => iconFacts(search.items.value));

  return {
    /** Each style's count for the current search (missing while counting); only for this search. */
    styleCounts: styles.counts,
    /** Each icon grid's count, so a grid nothing is drawn on is not offered. */
    gridCounts: grids.counts,
    /** Free and premium counted, so a price nothing has is not offered. */
    priceCounts: prices.counts,
    /** Another server: its facets are counted afresh. */
    refresh() {
      generation.value++;
    },
    categories: computed(() => mostFrequent(facts.value.map((f) => f.categories))),
    tags: computed(() => mostFrequent(facts.value.map((f) => f.tags))),
    dispose() {
      styles.dispose();
      grids.dispose();
      prices.dispose();
    },
  };
}

export type FacetsStore = ReturnType<typeof createFacetsStore>;
