// The filters Find similar offers: only those the reverse image search accepts (asset type, price,
// formats, styles, categories). Sort, orientation, icon grid, tags and dates are refused there, so
// they are not shown at all.

import {
  ASSET_TYPES,
  type AssetType,
  FORMATS_BY_ASSET,
  type Price,
  STYLED_ASSETS,
  STYLES,
} from "../../api/contract";
import { SelectField, TextField, words } from "../controls";
import { ASSET_TYPE_LABELS } from "../filters/filter-rules";
import { toggleIn } from "../filters/filters-store";
import type { SimilarFilters as Filters } from "./similar-filters";

function Chips<T extends string>(props: {
  label: string;
  name: string;
  options: readonly T[];
  chosen: T[];
  onChange(next: T[]): void;
}) {
  return (
    <fieldset class="filter" data-filter={props.name}>
      <legend class="filter__label">{props.label}</legend>
      <div class="chips">
        {props.options.map((option) => (
          <button
            type="button"
            key={option}
            class="chip"
            aria-pressed={props.chosen.includes(option)}
            onClick={() => props.onChange(toggleIn(props.chosen, option))}
          >
            {words(option)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function SimilarFilters({ filters }: { filters: Filters }) {
  const asset = filters.asset.value;
  return (
    <section id="similar-filters" class="filters" aria-label="Filters">
      <div class="filters__row">
        <SelectField
          label="Type"
          name="asset"
          value={asset}
          options={ASSET_TYPES.map((type) => [type, ASSET_TYPE_LABELS[type]] as const)}
          onChange={(v) => {
            filters.asset.value = v as AssetType;
          }}
        />
        <SelectField
          label="Price"
          name="price"
          value={filters.price.value}
          options={[
            ["", "Free and premium"],
            ["free", "Free"],
            ["premium", "Premium"],
          ]}
          onChange={(v) => {
            filters.price.value = v as Price | "";
          }}
        />
      </div>
      <Chips
        label="Formats"
        name="formats"
        options={FORMATS_BY_ASSET[asset]}
        chosen={filters.formats.value}
        onChange={(next) => {
          filters.formats.value = next;
        }}
      />
      {STYLED_ASSETS.includes(asset) ? (
        <Chips
          label="Styles"
          name="styles"
          options={STYLES}
          chosen={filters.styles.value}
          onChange={(next) => {
            filters.styles.value = next;
          }}
        />
      ) : null}
      <fieldset class="filter" data-filter="categories">
        <legend class="filter__label">Categories</legend>
        <TextField
          label="Any of these categories"
          value={filters.categories.value}
          hint="e.g. business, travel"
          onChange={(v) => {
            filters.categories.value = v;
          }}
        />
      </fieldset>
      <button type="button" class="button button--secondary" onClick={() => filters.clear()}>
        Clear filters
      </button>
    </section>
  );
}
