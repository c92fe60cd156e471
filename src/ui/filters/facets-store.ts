// What the filter panel offers for the current search: the styles, icon grids and prices that match
// something (each value counted with a one-item search, counts cached and aborted when the search
// changes, only while the panel is open), and categories and tags as suggestions from the icons
// (cells) loaded so far, each counted as the search choosing it finds (suggestion-counts). A value that matched nothing is not asked again for a search
// as narrow or narrower (most of the eleven styles match nothing in an icon catalogue).

import { computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import type { SearchParams } from "../../api/contract/spec-objects";
import {
  type AssetType,
  PRICES,
  type Price,
  STYLED_ASSETS,
  STYLES,
  type Style,
} from "../../api/contract/tables";
import { queryKey } from "../search/query-key";
import type { SearchStore } from "../search/search-store";
import type { Totals } from "../sets/totals";
import type { IconCount } from "../variants/icon-estimate";
import { ICON_GRIDS } from "./filter-rules";
import { iconFacts } from "./icon-facts";
import { CATEGORY_FACET, createSuggestionCounts, TAG_FACET } from "./suggestion-counts";

export { type IconFacts, iconFacts, mostFrequent, SUGGESTIONS_SHOWN, type Tally } from "./icon-facts";
export type { Suggestion } from "./suggestion-counts";

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
  search: Pick<SearchStore, "params" | "items" | "total" | "hasMore" | "status">;
  totals: Totals;
  /** Counting costs requests: only while the panel shows them. */
  active: ReadonlySignal<boolean>;
  /** Whether the Style filter is offered for a type now (not where the variant switch owns it). */
  stylesApply?: (asset: AssetType) => boolean;
  /** The sets a suggested value is counted in: those the search finds (null while counted). */
  splitBy?: ReadonlySignal<readonly string[] | null>;
  /** A search counted per set, in icons, as the set chips say it (icon-counts). */
  bySets?: (bySet: Readonly<Record<string, number>>) => IconCount | undefined;
  /** Drawings an icon of a set has, as held (icon-counts). */
  drawingsPerIcon?: (set: string) => number | undefined;
  /** The results' icons as the window says them (icon-counts). */
  current?: ReadonlySignal<IconCount | undefined>;
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
      /** The search a value's count was asked with (without its page size): what choosing it makes. */
      asked: (value: V): SearchParams => ({ ...base.value, ...facet.params(value) }),
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
  const suggested = (facet: typeof TAG_FACET) =>
    createSuggestionCounts({
      facet,
      search,
      facts,
      totals,
      active: options.active,
      splitBy: options.splitBy,
      bySets: options.bySets,
      drawingsPerIcon: options.drawingsPerIcon,
      current: options.current,
      generation,
    });
  const categories = suggested(CATEGORY_FACET);
  const tags = suggested(TAG_FACET);

  return {
    /** Each style's count for the current search (missing while counting); only for this search. */
    styleCounts: styles.counts,
    /** The search a style's count was asked with: its figure is said as that search's. */
    styleSearch: styles.asked,
    /** Each icon grid's count, so a grid nothing is drawn on is not offered. */
    gridCounts: grids.counts,
    /** Free and premium counted, so a price nothing has is not offered. */
    priceCounts: prices.counts,
    /** Another server: its facets are counted afresh. */
    refresh() {
      generation.value++;
    },
    /** Categories of the icons loaded, each with the icons choosing it gives. */
    categories: categories.suggestions,
    /** Tags of the icons loaded, each with the icons choosing it gives. */
    tags: tags.suggestions,
    dispose() {
      categories.dispose();
      tags.dispose();
      styles.dispose();
      grids.dispose();
      prices.dispose();
    },
  };
}

export type FacetsStore = ReturnType<typeof createFacetsStore>;
