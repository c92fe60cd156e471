// What the filter panel offers for the current search: the styles, icon grids and prices that match
// something (each value counted with a one-item search, counts cached and aborted when the search
// changes, only while the panel is open), and categories and tags as suggestions, most frequent first
// among the icons (cells) loaded so far. A value that matched nothing is not asked again for a search
// as narrow or narrower (most of the eleven styles match nothing in an icon catalogue).

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

/** Parameters that order or page the results without changing which match. */
const UNFILTERED = new Set(["page", "per_page", "sort"]);
/** Searches remembered per value where it matched nothing: the widest few are enough. */
const NOTHING_KEPT = 16;

/** A search's filters by name, each value as canonical text (lists sorted: see queryKey). */
const filtersOf = (params: SearchParams) =>
  new Map(
    (JSON.parse(queryKey(params)) as [string, unknown][]).map(([name, value]) => [
      name,
      JSON.stringify(value),
    ]),
  );

/**
 * Whether every filter of `wider` is in `params` with the same value: then `params` finds a subset of
 * what `wider` finds (any further filter or query only narrows; lists are compared whole, as a list of
 * styles matches any of them).
 */
export function narrowerOrSame(params: SearchParams, wider: SearchParams): boolean {
  const mine = filtersOf(params);
  for (const [name, value] of filtersOf(wider)) {
    if (UNFILTERED.has(name)) continue;
    if (mine.get(name) !== value) return false;
  }
  return true;
}

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
    /** Per value, searches where it matched nothing (this server). */
    let nothingAt = new Map<V, SearchParams[]>();
    let nothingGeneration = generation.peek();
    /** Values that match something over the whole type (this server): asked about each search. */
    let matchedWide = new Set<V>();
    const matchesNothing = (value: V, params: SearchParams) =>
      (nothingAt.get(value) ?? []).some((wider) => narrowerOrSame(params, wider));
    const stop = effect(() => {
      const now = key.value;
      const params = base.value;
      if (!options.active.value || !facet.applies(params.asset)) return;
      if (running?.key === now) return;
      running?.abort.abort();
      const abort = new AbortController();
      running = { key: now, abort };
      if (nothingGeneration !== generation.peek()) {
        nothingAt = new Map();
        matchedWide = new Set();
        nothingGeneration = generation.peek();
      }
      const none = facet.values.filter((value) => matchesNothing(value, params));
      const learnt = nothingAt;
      const known = Object.fromEntries(none.map((value) => [value, 0])) as Partial<Record<V, number>>;
      if (counts.peek().key !== now) counts.value = { key: now, counts: known };
      const wide: SearchParams = { asset: params.asset };
      const atWide = narrowerOrSame(wide, params);
      const count = (value: V, at: SearchParams) =>
        totals.probe({ ...at, ...facet.params(value), per_page: 1 }, abort.signal).then((probe) => {
          if (probe.total === 0) learnt.set(value, [at, ...(learnt.get(value) ?? [])].slice(0, NOTHING_KEPT));
          else if (at === wide) matchedWide.add(value);
          return probe.total;
        });
      for (const value of facet.values) {
        if (none.includes(value)) continue;
        // A value is first counted over the whole type, once a session: one that matches nothing
        // there (most styles, in an icon catalogue) is never asked about a query.
        const first = atWide || matchedWide.has(value) ? Promise.resolve(1) : count(value, wide);
        first
          .then((anything) => (anything === 0 ? 0 : count(value, params)))
          .then(
            (total) => {
              if (abort.signal.aborted) return;
              const held = counts.peek();
              counts.value = { key: now, counts: { ...held.counts, [value]: total } };
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
