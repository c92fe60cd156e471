// The filter panel: only the filters that apply to the chosen type, and only values that match
// something: styles with their counts (none that find nothing), categories and tags suggested from
// the results loaded so far, each with how many of them carry it.

import type { Signal } from "@preact/signals";
import { type AssetType, ORIENTATIONS, SORTS, type Sort, STYLES, type Style } from "../../api/contract";
import { capital } from "../controls";
import { countText } from "../sets/set-names";
import type { FacetsStore, Suggestion } from "./facets-store";
import { bound, Chips, Group, PriceField, Segmented, sentence } from "./filter-controls";
import { filtersFor, formatsFor, ICON_GRIDS } from "./filter-rules";
import { type FiltersStore, splitList, toggleIn } from "./filters-store";

/** Chips for a comma-separated text filter: the chosen values first, then the suggestions. */
function Suggested({
  text,
  suggestions,
  empty,
}: {
  text: Signal<string>;
  suggestions: Suggestion[];
  empty: string;
}) {
  const chosen = splitList(text.value);
  const offered = [
    ...chosen.map((value) => ({ value, count: suggestions.find((s) => s.value === value)?.count })),
    ...suggestions.filter((s) => !chosen.includes(s.value)),
  ];
  if (!offered.length) return <p class="filter__hint">{empty}</p>;
  return (
    <div class="chips">
      {offered.map(({ value, count }) => (
        <button
          type="button"
          key={value}
          class="chip"
          aria-pressed={chosen.includes(value)}
          title={sentence(value)}
          onClick={() => {
            text.value = toggleIn(chosen, value).join(", ");
          }}
        >
          {sentence(value)}
          {count !== undefined ? <span class="chip__count">{countText(count)}</span> : null}
        </button>
      ))}
    </div>
  );
}

function StyleChips({ filters, facets }: { filters: FiltersStore; facets: FacetsStore }) {
  const counts = facets.styleCounts.value;
  const chosen = filters.styles.value;
  const counted = STYLES.filter((s) => counts[s] !== undefined).length;
  const shown = STYLES.filter((s) => chosen.includes(s) || (counts[s] ?? 0) > 0);
  if (!shown.length && counted < STYLES.length)
    return (
      <div class="chips" aria-busy="true">
        <span class="chip chip--loading skeleton" />
        <span class="chip chip--loading skeleton" />
      </div>
    );
  if (!shown.length) return <p class="filter__hint">No style matches this search.</p>;
  return <Chips<Style> options={shown} chosen={filters.styles} counts={counts} />;
}

export function FiltersPanel({
  filters,
  facets,
  asset,
}: {
  filters: FiltersStore;
  facets: FacetsStore;
  asset: AssetType;
}) {
  const shown = new Set(filtersFor(asset));
  return (
    <section id="filters" class="filters" aria-label="Filters">
      <PriceField price={filters.price} />
      <Group name="sort" label="Sort by">
        <Segmented<Sort>
          label="Sort by"
          value={filters.sort.value}
          options={SORTS.map((s) => [s, capital(s)] as const)}
          onChange={(v) => {
            filters.sort.value = v;
          }}
        />
      </Group>
      {shown.has("styles") ? (
        <Group name="styles" label="Style">
          <StyleChips filters={filters} facets={facets} />
        </Group>
      ) : null}
      {shown.has("icon_grid") ? (
        <Group name="icon_grid" label="Drawn on a grid of">
          <Segmented<number>
            label="Drawn on a grid of"
            value={filters.iconGrid.value ?? 0}
            options={[[0, "Any"], ...ICON_GRIDS.map((g) => [g, `${g} px`] as const)]}
            onChange={(v) => {
              filters.iconGrid.value = v || null;
            }}
          />
        </Group>
      ) : null}
      <Group name="formats" label="Formats">
        <Chips options={formatsFor(asset)} chosen={filters.formats} label={(f) => f.toUpperCase()} />
      </Group>
      {shown.has("orientation") ? (
        <Group name="orientation" label="Orientation">
          <Chips options={ORIENTATIONS} chosen={filters.orientation} />
        </Group>
      ) : null}
      <Group name="categories" label="Categories">
        <Suggested
          text={filters.categories}
          suggestions={facets.categories.value}
          empty="Categories appear here once results load."
        />
      </Group>
      <Group name="tags" label="Tags">
        <Suggested
          text={filters.includeTags}
          suggestions={facets.tags.value}
          empty="Tags appear here once results load."
        />
      </Group>
      <Group name="dates" label="Published">
        <div class="filters__dates">
          {bound("From", filters.startDate, "2024-01-31")}
          {bound("To", filters.endDate, "2024-12-31")}
        </div>
        {filters.dateError.value ? (
          <p class="field__error" role="alert">
            {filters.dateError.value}
          </p>
        ) : null}
      </Group>
      <button type="button" class="button button--secondary" onClick={() => filters.clear()}>
        Clear filters
      </button>
    </section>
  );
}
