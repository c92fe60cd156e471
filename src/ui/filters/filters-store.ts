// The search filters: one signal per filter, and the search parameters they make for a given asset
// type (only the filters that apply to it, and only formats that type comes in). One control owns
// each choice: for icons whose sets come in weights and styles, the variant switch picks the style,
// so the Style filter is neither offered nor sent for them.

import { computed, signal } from "@preact/signals";
import type { SearchParams } from "../../api/contract/spec-objects";
import {
  type AssetType,
  type Format,
  type Orientation,
  type Price,
  type Sort,
  STYLED_ASSETS,
  type Style,
} from "../../api/contract/tables";
import { type FilterName, filtersFor, formatsFor } from "./filter-rules";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Splits "a, b c" into slugs: the panel takes categories and tags as comma- or space-separated text. */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\s]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

export function createFiltersStore() {
  const price = signal<Price | "">("");
  const sort = signal<Sort>("relevant");
  const styles = signal<Style[]>([]);
  const formats = signal<Format[]>([]);
  const orientation = signal<Orientation[]>([]);
  const iconGrid = signal<number | null>(null);
  const categories = signal("");
  const includeTags = signal("");
  const excludeTags = signal("");
  const startDate = signal("");
  const endDate = signal("");

  /**
   * The variant switch shows (the sets searched have icons in several variants): it picks the
   * icons' style (Regular, Fill, Duotone...), and the Style filter stands aside for icons.
   */
  const switchPicksIconStyle = signal(false);

  /** Whether the Style filter applies to `asset` now: a styled type, and not one the switch styles. */
  function stylesApply(asset: AssetType): boolean {
    return STYLED_ASSETS.includes(asset) && !(asset === "icon" && switchPicksIconStyle.value);
  }

  const dateError = computed(() => {
    const start = startDate.value;
    const end = endDate.value;
    if (start && !DATE.test(start)) return "Use a date like 2024-01-31.";
    if (end && !DATE.test(end)) return "Use a date like 2024-01-31.";
    if (start && end && end < start) return "The end date must be on or after the start date.";
    return "";
  });

  /** What each filter contributes, before applicability is decided. */
  const contributions = computed<Record<FilterName, Partial<SearchParams>>>(() => ({
    price: price.value ? { price: price.value } : {},
    sort: sort.value !== "relevant" ? { sort: sort.value } : {},
    styles: styles.value.length ? { styles: [...styles.value] } : {},
    formats: formats.value.length ? { formats: [...formats.value] } : {},
    orientation: orientation.value.length ? { orientation: [...orientation.value] } : {},
    icon_grid: iconGrid.value !== null ? { icon_grid: iconGrid.value } : {},
    categories: splitList(categories.value).length ? { categories: splitList(categories.value) } : {},
    tags: {
      ...(splitList(includeTags.value).length ? { include_tags: splitList(includeTags.value) } : {}),
      ...(splitList(excludeTags.value).length ? { exclude_tags: splitList(excludeTags.value) } : {}),
    },
    // An invalid range is held back (the panel says why) rather than sent for a 400.
    dates: dateError.value
      ? {}
      : {
          ...(startDate.value ? { start_date: startDate.value } : {}),
          ...(endDate.value ? { end_date: endDate.value } : {}),
        },
  }));

  function paramsFor(asset: AssetType): SearchParams {
    const params: SearchParams = {};
    for (const name of filtersFor(asset))
      if (name !== "styles" || stylesApply(asset)) Object.assign(params, contributions.value[name]);
    if (params.formats) {
      const valid = formatsFor(asset);
      const kept = params.formats.filter((f) => valid.includes(f));
      if (kept.length) params.formats = kept;
      else delete params.formats;
    }
    return params;
  }

  function activeCount(asset: AssetType): number {
    const params = paramsFor(asset);
    return Object.keys(params).length;
  }

  function clear() {
    price.value = "";
    sort.value = "relevant";
    styles.value = [];
    formats.value = [];
    orientation.value = [];
    iconGrid.value = null;
    categories.value = "";
    includeTags.value = "";
    excludeTags.value = "";
    startDate.value = "";
    endDate.value = "";
  }

  return {
    price,
    sort,
    styles,
    formats,
    orientation,
    iconGrid,
    categories,
    includeTags,
    excludeTags,
    startDate,
    endDate,
    dateError,
    switchPicksIconStyle,
    stylesApply,
    paramsFor,
    activeCount,
    clear,
  };
}

export type FiltersStore = ReturnType<typeof createFiltersStore>;

/** Adds or removes one value of a multi-choice filter. */
export function toggleIn<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
