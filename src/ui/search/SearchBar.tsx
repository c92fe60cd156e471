// The search row: the asset type menu, the search field, the buttons for filters, the file's assets
// and settings. Recent searches are offered on the home, not in a browser list (which draws a native
// arrow in the field).

import type { Signal } from "@preact/signals";
import { ASSET_TYPE_NOUNS } from "../filters/filter-rules";
import { CloseIcon, FileAssetsIcon, FilterIcon, SearchIcon, SettingsIcon } from "../icons";
import { setLabel } from "../sets/set-names";
import { searchPlaceholder } from "./search-placeholder";
import type { SearchStore } from "./search-store";
import "./search-bar.css";
import { TypeMenu } from "./TypeMenu";

export function SearchBar({
  search,
  activeFilters,
  filtersOpen,
  onSettings,
  onFileAssets,
  inputRef,
}: {
  search: Pick<SearchStore, "query" | "asset" | "set" | "submitNow" | "clearQuery">;
  /** How many filters are set for the current type (the badge). */
  activeFilters: number;
  filtersOpen: Signal<boolean>;
  onSettings(): void;
  /** Opens "Assets in this file"; no button when not given. */
  onFileAssets?: () => void;
  inputRef: { current: HTMLInputElement | null };
}) {
  // With a set chosen, the field says where it searches ("Search Tabler"), as the chip row does.
  const set = search.set.value;
  const label = set ? setLabel(set) : ASSET_TYPE_NOUNS[search.asset.value];
  return (
    <div class="searchbar">
      <TypeMenu search={search} />
      <label class="searchbar__field">
        <SearchIcon />
        <input
          ref={inputRef}
          type="search"
          class="searchbar__input"
          aria-label={`Search ${label}`}
          placeholder={searchPlaceholder(label)}
          autoComplete="off"
          spellcheck={false}
          value={search.query.value}
          onInput={(e) => {
            search.query.value = e.currentTarget.value;
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              search.submitNow();
            } else if (e.key === "ArrowDown") {
              // Into the results, or into the home's first offer when it shows instead.
              const next =
                document.querySelector<HTMLElement>('.grid [role="gridcell"][tabindex="0"]') ??
                document.querySelector<HTMLElement>(".home button");
              if (next) {
                e.preventDefault();
                next.focus();
              }
            }
          }}
        />
        {search.query.value ? (
          <button
            type="button"
            class="icon-button searchbar__clear"
            aria-label="Clear search"
            onClick={() => {
              search.clearQuery();
              inputRef.current?.focus();
            }}
          >
            <CloseIcon />
          </button>
        ) : null}
      </label>
      <button
        type="button"
        class="icon-button searchbar__filters"
        aria-label={activeFilters ? `Filters, ${activeFilters} active` : "Filters"}
        aria-expanded={filtersOpen.value}
        aria-controls="filters"
        onClick={() => {
          filtersOpen.value = !filtersOpen.value;
        }}
      >
        <FilterIcon />
        {activeFilters ? (
          <span class="badge searchbar__badge" aria-hidden="true">
            {activeFilters}
          </span>
        ) : null}
      </button>
      {onFileAssets ? (
        <button
          type="button"
          class="icon-button searchbar__file-assets"
          aria-label="Assets in this file"
          title="Assets in this file"
          onClick={onFileAssets}
        >
          <FileAssetsIcon />
        </button>
      ) : null}
      <button type="button" class="icon-button" aria-label="Settings" title="Settings" onClick={onSettings}>
        <SettingsIcon />
      </button>
    </div>
  );
}
