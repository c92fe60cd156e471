// The search field with the type switcher above it and the filter and settings buttons beside it.

import { ASSET_TYPES } from "../../api/contract";
import type { AppState } from "../app-state";
import { ASSET_TYPE_LABELS } from "../filters/filter-rules";
import { CloseIcon, FilterIcon, SearchIcon, SettingsIcon } from "../icons";

export function TypeSwitcher({ app }: { app: AppState }) {
  const current = app.search.asset.value;
  return (
    <div class="types" role="radiogroup" aria-label="Asset type">
      {ASSET_TYPES.map((type) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control reads better than radio inputs here
        <button
          type="button"
          key={type}
          role="radio"
          aria-checked={type === current}
          class="types__item"
          onClick={() => {
            app.search.asset.value = type;
          }}
        >
          {ASSET_TYPE_LABELS[type]}
        </button>
      ))}
    </div>
  );
}

export function SearchBar({
  app,
  inputRef,
}: {
  app: AppState;
  inputRef: { current: HTMLInputElement | null };
}) {
  const { search, filters, filtersOpen } = app;
  const active = filters.activeCount(search.asset.value);
  const label = ASSET_TYPE_LABELS[search.asset.value].toLowerCase();
  return (
    <div class="searchbar">
      <label class="searchbar__field">
        <SearchIcon />
        <input
          ref={inputRef}
          type="search"
          class="searchbar__input"
          aria-label={`Search ${label}`}
          placeholder={`Search ${label}`}
          autoComplete="off"
          spellcheck={false}
          value={search.query.value}
          list="recent-searches"
          onInput={(e) => {
            search.query.value = e.currentTarget.value;
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              search.submitNow();
            } else if (e.key === "ArrowDown") {
              const cell = document.querySelector<HTMLElement>('.grid [role="gridcell"][tabindex="0"]');
              if (cell) {
                e.preventDefault();
                cell.focus();
              }
            }
          }}
        />
        <datalist id="recent-searches">
          {app.recent.searches.value.map((s) => (
            <option key={s.query} value={s.query} />
          ))}
        </datalist>
        {search.query.value ? (
          <button
            type="button"
            class="icon-button"
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
        class="icon-button"
        aria-label={active ? `Filters, ${active} active` : "Filters"}
        aria-expanded={filtersOpen.value}
        aria-controls="filters"
        onClick={() => {
          filtersOpen.value = !filtersOpen.value;
        }}
      >
        <FilterIcon />
        {active ? <span class="badge">{active}</span> : null}
      </button>
      <button
        type="button"
        class="icon-button"
        aria-label="Settings"
        onClick={() => {
          app.view.value = "settings";
        }}
      >
        <SettingsIcon />
      </button>
    </div>
  );
}
