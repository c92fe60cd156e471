// The stores behind browsing: the search and its filters, the sets and their icon counts, and the
// facets offered. Sets and styles are counted with small searches of their own, sharing one bounded
// queue (totals).

import { computed, effect, type ReadonlySignal } from "@preact/signals";
import { createFacetsStore } from "../filters/facets-store";
import { createFiltersStore } from "../filters/filters-store";
import { createSearchStore } from "../search/search-store";
import type { AssetsApi } from "../services/assets-api";
import { createSetsStore } from "../sets/sets-store";
import { createTotals } from "../sets/totals";
import { variantChoices } from "../variants/group-variants";
import { createIconCounts } from "../variants/icon-counts";

export interface BrowseDeps {
  api: () => AssetsApi;
  debounceMs?: number;
  /** The filters panel is open: only then are the facets counted. */
  filtersOpen: ReadonlySignal<boolean>;
}

export function createBrowseStores(deps: BrowseDeps) {
  const filters = createFiltersStore();
  const search = createSearchStore({
    api: deps.api,
    filters,
    ...(deps.debounceMs !== undefined ? { debounceMs: deps.debounceMs } : {}),
  });
  const totals = createTotals({ api: deps.api });
  const sets = createSetsStore({ search, totals });
  const iconCounts = createIconCounts({
    search,
    sets,
    probe: (params, signal) => totals.probe(params, signal),
  });
  // Where the variant switch shows, it picks the icons' style: the Style filter stands aside.
  effect(() => {
    filters.switchPicksIconStyle.value = variantChoices([], iconCounts.variantsBySet.value).length > 1;
  });
  const facets = createFacetsStore({
    search,
    totals,
    active: deps.filtersOpen,
    stylesApply: filters.stylesApply,
    splitBy: computed(() => {
      // Each value counted in the sets the search finds, as the chips will count it once chosen.
      const chosen = search.set.value;
      if (chosen) return [chosen];
      const list = sets.list.value;
      if (list.some((set) => set.count === null)) return null;
      return list.filter((set) => (set.count ?? 0) > 0).map((set) => set.name);
    }),
    bySets: iconCounts.ofSets,
    drawingsPerIcon: iconCounts.perIcon,
    current: iconCounts.results,
  });
  return { filters, search, totals, sets, iconCounts, facets };
}

export type BrowseStores = ReturnType<typeof createBrowseStores>;
