// The Find similar filters. The reverse image search takes only some of the search's filters (the
// spec refuses sort, orientation, icon grid, tags and dates with a 400), so this store holds only
// those it accepts, and makes the reverse search's filters for the chosen asset type.

import { batch, computed, signal } from "@preact/signals";
import type { ReverseSearchFilters } from "../../api/contract/spec-objects";
import {
  type AssetType,
  FORMATS_BY_ASSET,
  type Format,
  type Price,
  SEARCH_DEFAULT_ASSET,
  STYLED_ASSETS,
  type Style,
} from "../../api/contract/tables";
import type { REVERSE_FILTER_KEYS } from "../../api/contract/validate/reverse";
import { formatsFiltered } from "../filters/filter-rules";
import { splitList } from "../filters/filters-store";

/** The filters the tab offers: a subset of what the reverse search accepts, checked by the compiler. */
export const SIMILAR_FILTERS = [
  "asset",
  "price",
  "formats",
  "styles",
  "categories",
] as const satisfies readonly (typeof REVERSE_FILTER_KEYS)[number][];

export function createSimilarFilters() {
  const asset = signal<AssetType>(SEARCH_DEFAULT_ASSET);
  const price = signal<Price | "">("");
  const formats = signal<Format[]>([]);
  const styles = signal<Style[]>([]);
  /** Comma- or space-separated category slugs, as in the search's filter panel. */
  const categories = signal("");

  /** Only what applies to the chosen type: styles for icons and illustrations, formats it comes in. */
  const params = computed<ReverseSearchFilters>(() => {
    const type = asset.value;
    // Icons have no formats filter (filter-rules): one chosen for another type is not sent for them.
    const valid = formatsFiltered(type) ? FORMATS_BY_ASSET[type] : [];
    const chosenFormats = formats.value.filter((f) => valid.includes(f));
    const slugs = splitList(categories.value);
    return {
      asset: type,
      ...(price.value ? { price: price.value } : {}),
      ...(chosenFormats.length ? { formats: chosenFormats } : {}),
      ...(STYLED_ASSETS.includes(type) && styles.value.length ? { styles: [...styles.value] } : {}),
      ...(slugs.length ? { categories: slugs } : {}),
    };
  });

  /** Filters narrowing the results beyond the asset type. */
  const activeCount = computed(() => Object.keys(params.value).length - 1);

  return {
    asset,
    price,
    formats,
    styles,
    categories,
    params,
    activeCount,
    clear() {
      batch(() => {
        price.value = "";
        formats.value = [];
        styles.value = [];
        categories.value = "";
      });
    },
  };
}

export type SimilarFilters = ReturnType<typeof createSimilarFilters>;
