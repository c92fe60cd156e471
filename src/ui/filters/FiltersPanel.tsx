// The filter panel: only the filters that apply to the chosen asset type are shown.

import { ORIENTATIONS, SORTS, type Sort, STYLES } from "../../api/contract";
import type { AppState } from "../app-state";
import { capital, px, SelectField } from "../controls";
import { bound, Chips, Group, PriceField } from "./filter-controls";
import { filtersFor, formatsFor, ICON_GRIDS } from "./filter-rules";

export function FiltersPanel({ app }: { app: AppState }) {
  const { filters } = app;
  const asset = app.search.asset.value;
  const shown = new Set(filtersFor(asset));
  return (
    <section id="filters" class="filters" aria-label="Filters">
      <div class="filters__row">
        <PriceField price={filters.price} />
        <SelectField
          label="Sort"
          name="sort"
          value={filters.sort.value}
          options={SORTS.map((s) => [s, capital(s)] as const)}
          onChange={(v) => {
            filters.sort.value = v as Sort;
          }}
        />
        {shown.has("icon_grid") ? (
          <SelectField
            label="Icon grid"
            name="icon_grid"
            value={filters.iconGrid.value === null ? "" : String(filters.iconGrid.value)}
            options={[["", "Any grid"], ...px(ICON_GRIDS)]}
            onChange={(v) => {
              filters.iconGrid.value = v ? Number(v) : null;
            }}
          />
        ) : null}
      </div>
      <Group name="formats" label="Formats">
        <Chips options={formatsFor(asset)} chosen={filters.formats} />
      </Group>
      {shown.has("styles") ? (
        <Group name="styles" label="Styles">
          <Chips options={STYLES} chosen={filters.styles} />
        </Group>
      ) : null}
      {shown.has("orientation") ? (
        <Group name="orientation" label="Orientation">
          <Chips options={ORIENTATIONS} chosen={filters.orientation} />
        </Group>
      ) : null}
      <Group name="categories" label="Categories">
        {bound("Any of these categories", filters.categories, "e.g. business, travel")}
      </Group>
      <Group name="tags" label="Tags">
        {bound("With all these tags", filters.includeTags, "e.g. arrow, round")}
        {bound("Without any of these tags", filters.excludeTags, "e.g. 3d")}
      </Group>
      <Group name="dates" label="Published">
        <div class="filters__row">
          {bound("From", filters.startDate, "YYYY-MM-DD", "date")}
          {bound("To", filters.endDate, "YYYY-MM-DD", "date")}
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
