// The categories and tags the filter panel suggests, each with how many icons choosing it gives. The
// values come from the icons loaded so far (the spec has no facet endpoint); their figures are what
// the window will say once the value is chosen. Where choosing a value only narrows the results and
// every drawing it would show is loaded, the cells carrying it are that result set: counted exactly.
// Otherwise each value is counted with a one-item search in each set the search finds (while the
// panel is open, aborted when the search changes, cached), and said as the sum of what each set's
// chip will say (icon-counts' ofSets): "Pointer about 330" is "All sets about 330" once chosen, and
// its set chips add up to it. A value every result carries narrows nothing and is not offered.

import { computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import { readAssetFacts } from "../../api/client/asset-facts";
import type { Asset, SearchParams } from "../../api/contract/spec-objects";
import { queryKey } from "../search/query-key";
import type { SearchStore } from "../search/search-store";
import type { Totals } from "../sets/totals";
import { aboutCount, type IconCount } from "../variants/icon-estimate";
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
  return aboutCount(total / perIcon, loaded.cells);
}

export function createSuggestionCounts(options: {
  facet: SuggestedFacet;
  search: Pick<SearchStore, "params" | "items" | "total" | "hasMore" | "status">;
  /** One fact sheet per icon (cell) loaded. */
  facts: ReadonlySignal<IconFacts[]>;
  totals: Totals;
  active: ReadonlySignal<boolean>;
  /**
   * The sets each value is counted in (those the search finds; the chosen one), so its figure is the
   * sum the set chips will say once it is chosen; null while they are counted; empty where the
   * service names no sets (one count, said by the value's own loaded icons).
   */
  splitBy?: ReadonlySignal<readonly string[] | null> | undefined;
  /** A search counted per set, in icons: what the chips and All sets say for it (icon-counts). */
  bySets?: ((bySet: Readonly<Record<string, number>>) => IconCount | undefined) | undefined;
  /** Drawings an icon of a set has, as held (icon-counts); undefined while unknown. */
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
  /** The first page a search asks, at any window size: what holds all of it is counted exactly. */
  const firstPage = computed(() => search.params.value.per_page ?? Number.POSITIVE_INFINITY);
  /** Every result is in its first page: the cells are the whole result set (as icon-counts says). */
  const whole = computed(
    () =>
      !search.hasMore.value &&
      search.status.value !== "loading" &&
      search.items.value.length >= search.total.value &&
      search.total.value <= firstPage.value,
  );
  const key = computed(() => {
    const { page: _page, per_page: _size, ...rest } = search.params.value;
    return `${options.generation.value}:${queryKey(rest)}`;
  });
  /** The sets each value is counted in ("" alone: all sets at once). */
  const parts = computed<readonly string[] | null>(() => {
    const split = options.splitBy?.value;
    if (split === null) return null;
    return split?.length ? split : [""];
  });
  /** Each value's drawings per part, for the search under `key`. */
  const drawings = signal<{ key: string; of: Record<string, Record<string, number>> }>({ key: "", of: {} });
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
    const names = parts.value;
    if (!names) return;
    const params = search.params.peek();
    const run = running;
    for (const { value } of sampled.value) {
      if (chosen.value.includes(value)) continue;
      for (const name of names) {
        const asked = `${value}\u0000${name}`;
        if (run.asked.has(asked)) continue;
        run.asked.add(asked);
        const inPart = name ? { contributors: [name] } : {};
        const request = { ...chosenWith(params, facet.param, value), ...inPart, per_page: 1 };
        totals.probe(request, run.abort.signal).then(
          (probe) => {
            if (run.abort.signal.aborted) return;
            const held = drawings.peek();
            const of = held.key === now ? held.of : {};
            drawings.value = { key: now, of: { ...of, [value]: { ...of[value], [name]: probe.total } } };
          },
          () => undefined,
        );
      }
    }
  });

  /** A value's figure from its drawings per part: the chips' sum, else its loaded icons' ratio. */
  function counted(value: string, cells: number, found: Record<string, number>): IconCount | undefined {
    const total = Object.values(found).reduce((n, d) => n + d, 0);
    const narrows = facet.narrows(chosen.value);
    const expected = loaded.value.get(value)?.drawings ?? cells;
    const seen = { cells, drawings: carrying.value.get(value) ?? cells, expected };
    // Every drawing of it is loaded, and its search's first page will hold them: its cells, exact.
    if (narrows && total <= seen.drawings && total <= firstPage.value) return valueIcons(total, seen);
    if (!("" in found) && options.bySets) return options.bySets(found);
    // Widening (a second category), the loaded cells are not a part of what it finds.
    const fresh = narrows
      ? valueIcons(total, seen)
      : valueIcons(total, { cells: 1, drawings: 0, expected: expected / Math.max(1, cells) });
    // Narrowing, a value finds at most what the results have.
    const now = options.current?.value;
    if (narrows && now && fresh.count > now.count) fresh.count = Math.max(cells, now.count);
    return fresh;
  }

  const suggestions = computed<Suggestion[]>(() => {
    const picked = chosen.value;
    const narrows = facet.narrows(picked);
    const exact = whole.value && narrows;
    const asked = drawings.value.key === key.value ? drawings.value.of : {};
    const names = parts.value ?? [];
    /** The cells loaded: with every result in, a value all of them carry narrows nothing. */
    const all = options.facts.value.length;
    const offered = sampled.value.flatMap(({ value, count: cells }): Suggestion[] => {
      if (picked.includes(value)) return [{ value }];
      // A value every result carries narrows nothing: not offered.
      if (exact) return cells >= all ? [] : [{ value, count: { count: cells, about: false } }];
      const found = asked[value];
      if (!found || names.some((name) => found[name] === undefined)) return [{ value }];
      const total = names.reduce((n, name) => n + (found[name] ?? 0), 0);
      if (narrows && total >= search.total.value) return [];
      const count = counted(value, cells, found);
      return count ? [{ value, count }] : [{ value }];
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
