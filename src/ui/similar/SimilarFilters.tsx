// The filters Find similar offers: only those the reverse image search accepts (asset type, price,
// styles, categories, and formats where the type has a choice of them). Sort, orientation, icon grid,
// tags and dates are refused there, so they are not shown at all. Styles and categories are the
// search panel's chips, offered from the look-alikes loaded so far with their counts.

import { useMemo, useRef } from "preact/hooks";
import { styleLabel } from "../../api/client/asset-names";
import type { Asset } from "../../api/contract/spec-objects";
import {
  ASSET_TYPES,
  type AssetType,
  FORMATS_BY_ASSET,
  STYLED_ASSETS,
  STYLES,
  type Style,
} from "../../api/contract/tables";
import { FiltersFrame } from "../filters/FiltersFrame";
import { FiltersHead } from "../filters/FiltersPanel";
import { Chips, ChoiceChips, Group, PriceField } from "../filters/filter-controls";
import { ASSET_TYPE_LABELS, formatsFiltered } from "../filters/filter-rules";
import { SuggestedChips } from "../filters/SuggestedChips";
import { groupVariants, variantChoices } from "../variants/group-variants";
import { similarFacets } from "./similar-facets";
import type { SimilarFilters as Filters } from "./similar-filters";

function StyleChips({
  filters,
  styles,
  counts,
}: {
  filters: Filters;
  styles: readonly Style[];
  counts: Partial<Record<Style, number>>;
}) {
  const chosen = filters.styles.value;
  const shown = STYLES.filter((s) => chosen.includes(s) || styles.includes(s));
  if (!shown.length) return <p class="filter__hint">Styles appear here once results load.</p>;
  return <Chips<Style> options={shown} chosen={filters.styles} counts={counts} label={styleLabel} />;
}

export function SimilarFilters({
  filters,
  items,
  complete,
}: {
  filters: Filters;
  items: readonly Asset[];
  /** Every look-alike is loaded: only then are the values' figures what choosing them shows. */
  complete: boolean;
}) {
  const asset = filters.asset.value;
  const facets = useMemo(() => similarFacets(items, complete), [items, complete]);
  // As in Search: where the look-alikes come in weights, the variant switch above them picks the
  // icons' style, so the Style filter stands aside unless a style was chosen before the switch showed.
  const switchShows = useMemo(() => variantChoices(groupVariants(items)).length > 1, [items]);
  const stylesOffered =
    STYLED_ASSETS.includes(asset) && !(asset === "icon" && switchShows && !filters.styles.value.length);
  // With a style chosen the results carry only it: the other styles keep the counts the results had
  // before, for the same other filters, so a designer can switch style without clearing first.
  const { styles: _styles, ...others } = filters.params.value;
  const othersKey = JSON.stringify(others);
  const unstyled = useRef<{ key: string; facets: typeof facets }>({ key: "", facets });
  if (!filters.styles.value.length) unstyled.current = { key: othersKey, facets };
  const styleFacets =
    filters.styles.value.length && unstyled.current.key === othersKey ? unstyled.current.facets : facets;
  return (
    <FiltersFrame id="similar-filters" content={asset}>
      <FiltersHead active={filters.activeCount.value} clear={() => filters.clear()} />
      <Group name="asset" label="Type">
        <ChoiceChips<AssetType>
          label="Type"
          value={asset}
          options={ASSET_TYPES.map((type) => [type, ASSET_TYPE_LABELS[type]] as const)}
          onChange={(v) => {
            filters.asset.value = v;
          }}
        />
      </Group>
      {stylesOffered ? (
        <Group name="styles" label="Style">
          <StyleChips filters={filters} styles={styleFacets.styles} counts={styleFacets.styleCounts} />
        </Group>
      ) : null}
      <Group name="categories" label="Categories">
        <SuggestedChips
          text={filters.categories}
          suggestions={facets.categories}
          empty="Categories appear here once results load."
        />
      </Group>
      <PriceField price={filters.price} />
      {formatsFiltered(asset) ? (
        <Group name="formats" label="Formats">
          <Chips options={FORMATS_BY_ASSET[asset]} chosen={filters.formats} label={(f) => f.toUpperCase()} />
        </Group>
      ) : null}
    </FiltersFrame>
  );
}
