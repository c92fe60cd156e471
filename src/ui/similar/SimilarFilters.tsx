// The filters Find similar offers: only those the reverse image search accepts (asset type, price,
// formats, styles, categories). Sort, orientation, icon grid, tags and dates are refused there, so
// they are not shown at all.

import { ASSET_TYPES, type AssetType, FORMATS_BY_ASSET, STYLED_ASSETS, STYLES } from "../../api/contract";
import { Button, SelectField } from "../controls";
import { bound, Chips, Group, PriceField } from "../filters/filter-controls";
import { ASSET_TYPE_LABELS } from "../filters/filter-rules";
import type { SimilarFilters as Filters } from "./similar-filters";

export function SimilarFilters({ filters }: { filters: Filters }) {
  const asset = filters.asset.value;
  return (
    <section id="similar-filters" class="filters" aria-label="Filters">
      {/* Clear sits at the top: a long panel scrolls, and its end may be out of sight. */}
      <div class="similar-filters__head">
        <span class="similar-filters__title">Filters</span>
        <Button variant="ghost" disabled={filters.activeCount.value === 0} onClick={() => filters.clear()}>
          Clear filters
        </Button>
      </div>
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
        <PriceField price={filters.price} />
      </div>
      <Group name="formats" label="Formats">
        <Chips options={FORMATS_BY_ASSET[asset]} chosen={filters.formats} label={(f) => f.toUpperCase()} />
      </Group>
      {STYLED_ASSETS.includes(asset) ? (
        <Group name="styles" label="Styles">
          <Chips options={STYLES} chosen={filters.styles} />
        </Group>
      ) : null}
      <Group name="categories" label="Categories">
        {bound("Any of these categories", filters.categories, "e.g. business, travel")}
      </Group>
    </section>
  );
}
