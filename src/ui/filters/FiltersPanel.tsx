// The filter panel: only the filters that apply to the chosen type, and only values that match
// something. What narrows icons most comes first (styles with their counts, then categories and tags
// suggested from the results loaded so far), then price, order and the rest. The panel is capped and
// scrolls on its own, with a "More filters" mark while more is below its edge (FiltersFrame).

import { styleLabel } from "../../api/client/asset-names";
import type { SearchParams } from "../../api/contract/spec-objects";
import {
  type AssetType,
  ORIENTATIONS,
  SORTS,
  type Sort,
  STYLES,
  type Style,
} from "../../api/contract/tables";
import { Button, capital } from "../controls";
import type { IconCount } from "../variants/icon-estimate";
import { FiltersFrame } from "./FiltersFrame";
import type { FacetsStore } from "./facets-store";
import { bound, Chips, Group, PriceField, Segmented } from "./filter-controls";
import { filtersFor, formatsFor, ICON_GRIDS } from "./filter-rules";
import type { FiltersStore } from "./filters-store";
import { SuggestedChips } from "./SuggestedChips";

/**
 * A count of drawings said in icons (a cell each): the service counts every drawing. Only offered
 * where each icon has one drawing of a style (else the variant switch owns the style), so the
 * set's shape divides exactly or, still being learnt, says "about".
 */
export type DrawingsToIcons = (drawings: number, search?: SearchParams) => IconCount | undefined;

function StyleChips({
  filters,
  facets,
  icons,
}: {
  filters: FiltersStore;
  facets: FacetsStore;
  icons?: DrawingsToIcons | undefined;
}) {
  const drawings = facets.styleCounts.value;
  const chosen = filters.styles.value;
  const counted = STYLES.filter((s) => drawings[s] !== undefined).length;
  const shown = STYLES.filter((s) => chosen.includes(s) || (drawings[s] ?? 0) > 0);
  // Icons counted as the set chips count them; a count that cannot be said in icons is left out.
  const counts: Partial<Record<Style, number>> = {};
  const about = new Set<Style>();
  for (const style of shown) {
    const found = drawings[style];
    if (found === undefined) continue;
    // Said as the search choosing it makes is said everywhere (the chip after it reads the same).
    const inIcons = icons ? icons(found, facets.styleSearch?.(style)) : { count: found, about: false };
    if (!inIcons) continue;
    counts[style] = inIcons.count;
    if (inIcons.about) about.add(style);
  }
  if (!shown.length && counted < STYLES.length)
    return (
      <div class="chips" aria-busy="true">
        <span class="chip chip--loading skeleton" />
        <span class="chip chip--loading skeleton" />
      </div>
    );
  if (!shown.length) return <p class="filter__hint">No style matches this search.</p>;
  return (
    <Chips<Style>
      options={shown}
      chosen={filters.styles}
      counts={counts}
      about={about}
      label={styleLabel}
      {...(icons ? { noun: "icons" } : {})}
    />
  );
}

/**
 * A choice is offered when it is made already (so it can be undone), or when at least two of its
 * values match something: with one, choosing it narrows nothing.
 */
export function offers<V extends string | number>(
  counts: Partial<Record<V, number>>,
  chosen: V | "" | null,
): boolean {
  if (chosen) return true;
  return Object.values<number | undefined>(counts).filter((n) => (n ?? 0) > 0).length >= 2;
}

/** The panel's title and Clear, kept in sight at the top while the panel scrolls. */
export function FiltersHead({ active, clear }: { active: number; clear(): void }) {
  return (
    <div class="filters__head">
      <span class="filters__title">Filters</span>
      <Button variant="ghost" disabled={active === 0} onClick={clear}>
        Clear filters
      </Button>
    </div>
  );
}

export function FiltersPanel({
  filters,
  facets,
  asset,
  icons,
}: {
  filters: FiltersStore;
  facets: FacetsStore;
  asset: AssetType;
  /** Drawings in icons, for the style counts of icons. */
  icons?: DrawingsToIcons;
}) {
  const shown = new Set(filtersFor(asset));
  return (
    <FiltersFrame id="filters" content={asset}>
      <FiltersHead active={filters.activeCount(asset)} clear={() => filters.clear()} />
      <div class="filters__groups">
        {/* Left out for icons the variant switch styles: one control for one choice. */}
        {shown.has("styles") && filters.stylesApply(asset) ? (
          <Group name="styles" label="Style">
            <StyleChips filters={filters} facets={facets} icons={asset === "icon" ? icons : undefined} />
          </Group>
        ) : null}
        <Group name="categories" label="Categories">
          <SuggestedChips
            text={filters.categories}
            suggestions={facets.categories.value}
            empty="Categories appear here once results load."
          />
        </Group>
        <Group name="tags" label="Tags">
          <SuggestedChips
            text={filters.includeTags}
            suggestions={facets.tags.value}
            empty="Tags appear here once results load."
          />
        </Group>
        {offers(facets.priceCounts.value, filters.price.value) ? <PriceField price={filters.price} /> : null}
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
        {shown.has("icon_grid") && offers(facets.gridCounts.value, filters.iconGrid.value) ? (
          <Group name="icon_grid" label="Drawn on a grid of">
            <Segmented<number>
              label="Drawn on a grid of"
              value={filters.iconGrid.value ?? 0}
              options={[
                [0, "Any"],
                ...ICON_GRIDS.filter(
                  (g) => g === filters.iconGrid.value || (facets.gridCounts.value[g] ?? 0) > 0,
                ).map((g) => [g, `${g} px`] as const),
              ]}
              onChange={(v) => {
                filters.iconGrid.value = v || null;
              }}
            />
          </Group>
        ) : null}
        {shown.has("orientation") ? (
          <Group name="orientation" label="Orientation">
            <Chips options={ORIENTATIONS} chosen={filters.orientation} />
          </Group>
        ) : null}
        {shown.has("formats") ? (
          <Group name="formats" label="Formats">
            <Chips options={formatsFor(asset)} chosen={filters.formats} label={(f) => f.toUpperCase()} />
          </Group>
        ) : null}
        {shown.has("dates") ? (
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
        ) : null}
      </div>
    </FiltersFrame>
  );
}
