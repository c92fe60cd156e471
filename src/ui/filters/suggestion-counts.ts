// The categories and tags the filter panel suggests, each with how many icons choosing it gives. The
// values come from the icons loaded so far (the spec has no facet endpoint); their figures come from
// the same result set the grid would show once chosen. Where choosing a value only narrows the
// results and every drawing it would show is loaded (the search's every result is in, or the value's
// total is what the loaded pages hold of it), the cells carrying it are that result set: counted
// exactly. Otherwise each value's search is asked for its total with a one-item search (while the
// panel is open, aborted when the search changes, cached), said in icons by the value's own drawings
// per icon among the loaded ones, "about". That figure is said once for that search (icon-counts'
// ofSearch): a chip that says "about 330" gives "All sets about 330" once chosen, and the cells'
// exact count once its every page is in.

import { computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import { readAssetFacts } from "../../api/asset-facts";
import type { Asset, SearchParams } from "../../api/types";
import { queryKey } from "../search/query-key";
import type { SearchStore } from "../search/search-store";
import type { Totals } from "../sets/totals";
import type { IconCount } from "../variants/icon-estimate";
import { type IconFacts, mostFrequent, SUGGESTIONS_SHOWN } from "./icon-facts";

export interface Suggestion {
  value: string;
  /** Icons choosing it gives; undefined while counted, or for a value already chosen. */
  count?: IconCount;
}

/** A suggested filter: where its values live in a search and on an icon, and how they combine. */
interface SuggestedFacet {
  param: "categories" | "include_tags";
  field: "categories" | "tags";
  /** Whether adding a value to these chosen ones only narrows the results (tags must all match). */
  narrows(chosen: readonly string[]): boolean;
}

export const CATEGORY_FACET: SuggestedFacet = {
  param: "categories",
  field: "categories",
  // The spec's categories[] matches any of them: a second one widens the results.
  narrows: (chosen) => chosen.length === 0,
};
export const TAG_FACET: SuggestedFacet = {
  param: "include_tags",
  field: "tags",
  narrows: () => true,
};

/** The search that choosing `value` makes: the chosen ones and it. */
export function chosenWith(
  params: SearchParams,
  param: SuggestedFacet["param"],
  value: string,
): SearchParams {
  const { page: _page, per_page: _size, ...rest } = params;
  return { ...rest, [param]: [...new Set([...(params[param] ?? []), value])] };
}

/**
 * Per value, the icons loaded that carry it and the drawings those icons have: as many as their set
 * was learnt to have an icon (a page's edge may cut an icon's weights), else as many as are loaded.
 */
function tallyLoaded(
  facts: readonly IconFacts[],
  field: SuggestedFacet["field"],
  perIcon: (set: string) => number | undefined,
): Map<string, { cells: number; drawings: number }> {
  const tally = new Map<string, { cells: number; drawings: number }>();
  for (const icon of facts) {
    const drawings = Math.max(icon.drawings, (icon.set && perIcon(icon.set)) || 0);
    for (const value of icon[field]) {
      const held = tally.get(value) ?? { cells: 0, drawings: 0 };
      tally.set(value, { cells: held.cells + 1, drawings: held.drawings + drawings });
    }
  }
  return tally;
}

/** How many of these drawings carry each value: all of a value's are loaded when its total is this. */
function drawingsCarrying(items: readonly Asset[], field: SuggestedFacet["field"]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items)
    for (const value of new Set(readAssetFacts(item)[field])) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * A value's icons from its search's total: exact where the loaded pages hold every drawing of it,
 * else the total over the drawings per icon the value's loaded ones have.
 */
export function valueIcons(
  total: number,
  loaded: { cells: number; drawings: number; expected: number },
): IconCount {
  if (total === 0) return { count: 0, about: false };
  if (total <= loaded.drawings) return { count: loaded.cells, about: false };
  const perIcon = Math.max(1, loaded.expected / Math.max(1, loaded.cells));
  return { count: Math.max(loaded.cells, Math.round(total / perIcon)), about: true };
}

export function createSuggestionCounts(options: {
  facet: SuggestedFacet;
  search: Pick<SearchStore, "params" | "items" | "total" | "hasMore" | "status">;
  /** One fact sheet per icon (cell) loaded. */
  facts: ReadonlySignal<IconFacts[]>;
  totals: Totals;
  active: ReadonlySignal<boolean>;
  /** The figure said for a search of `drawings` drawings: the first said, else `fresh`. */
  toIcons?: ((params: SearchParams, drawings: number, fresh: IconCount) => IconCount | undefined) | undefined;
  /** Drawings an icon of a set has, as learnt (icon-counts); undefined while unknown. */
  drawingsPerIcon?: ((set: string) => number | undefined) | undefined;
  /** The icons the results have now, as the window says it: a narrowing value never says more. */
  current?: ReadonlySignal<IconCount | undefined> | undefined;
  /** Bumped for another server. */
  generation: ReadonlySignal<number>;
}) {
  const { facet, search, totals } = options;
  const sampled = computed(() =>
    mostFrequent(
      options.facts.value.map((facts) => facts[facet.field]),
      SUGGESTIONS_SHOWN,
    ),
  );
  const carrying = computed(() => drawingsCarrying(search.items.value, facet.field));
  const loaded = computed(() =>
    tallyLoaded(options.facts.value, facet.field, options.drawingsPerIcon ?? (() => undefined)),
  );
  const chosen = computed(() => search.params.value[facet.param] ?? []);
  /** Every result is in: the cells are the whole result set. */
  const whole = computed(
    () =>
      !search.hasMore.value &&
      search.status.value !== "loading" &&
      search.items.value.length >= search.total.value,
  );
  const key = computed(() => {
    const { page: _page, per_page: _size, ...rest } = search.params.value;
    return `${options.generation.value}:${queryKey(rest)}`;
  });
  /** Each value's drawings, for the search under `key`. */
  const drawings = signal<{ key: string; of: Record<string, number> }>({ key: "", of: {} });
  let running: { key: string; abort: AbortController; asked: Set<string> } | undefined;

  const stop = effect(() => {
    const now = key.value;
    if (running?.key !== now) {
      running?.abort.abort();
      running = { key: now, abort: new AbortController(), asked: new Set() };
    }
    if (!options.active.value) return;
    const status = search.status.value;
    if (status !== "ready" && status !== "more") return;
    if (whole.value && facet.narrows(chosen.value)) return;
    const params = search.params.peek();
    const run = running;
    for (const { value } of sampled.value) {
      if (run.asked.has(value) || chosen.value.includes(value)) continue;
      run.asked.add(value);
      totals.probe({ ...chosenWith(params, facet.param, value), per_page: 1 }, run.abort.signal).then(
        (probe) => {
          if (run.abort.signal.aborted) return;
          const held = drawings.peek();
          drawings.value = { key: now, of: { ...(held.key === now ? held.of : {}), [value]: probe.total } };
        },
        () => undefined,
      );
    }
  });

  const suggestions = computed<Suggestion[]>(() => {
    const picked = chosen.value;
    const exact = whole.value && facet.narrows(picked);
    const asked = drawings.value.key === key.value ? drawings.value.of : {};
    const params = search.params.value;
    const narrows = facet.narrows(picked);
    const offered = sampled.value.map(({ value, count: cells }): Suggestion => {
      if (picked.includes(value)) return { value };
      if (exact) return { value, count: { count: cells, about: false } };
      const found = asked[value];
      if (found === undefined) return { value };
      const expected = loaded.value.get(value)?.drawings ?? cells;
      const seen = { cells, drawings: carrying.value.get(value) ?? cells, expected };
      // Widening (a second category), the loaded cells are not a part of what it finds.
      const fresh = narrows
        ? valueIcons(found, seen)
        : valueIcons(found, { cells: 1, drawings: 0, expected: expected / Math.max(1, cells) });
      if (narrows && !fresh.about) return { value, count: fresh };
      // Narrowing, a value finds at most what the results have: "Arrows 898" over "All sets 742"
      // read as a contradiction where nearly every result carries it.
      const now = options.current?.value;
      if (narrows && now && fresh.count > now.count) fresh.count = Math.max(cells, now.count);
      const count = options.toIcons
        ? options.toIcons(chosenWith(params, facet.param, value), found, fresh)
        : fresh;
      return count ? { value, count } : { value };
    });
    // Most icons first once every figure is in (one move, not one per answer).
    const open = offered.filter((s) => !picked.includes(s.value));
    if (open.some((s) => !s.count)) return offered;
    return [...offered].sort((a, b) => (b.count?.count ?? -1) - (a.count?.count ?? -1));
  });

  return {
    suggestions,
    dispose() {
      running?.abort.abort();
      stop();
    },
  };
}
