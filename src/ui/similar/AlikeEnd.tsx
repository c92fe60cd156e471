// The end of a filtered list of look-alikes, where likeness falls off (alike-cut.ts): said in the
// filter's words ("in System"), with the way on (the less alike ones, still most alike first) and
// the way back (the filters cleared, where the nearest shapes are).

import { EmptyState } from "../controls";
import { sentence } from "../filters/filter-controls";
import { splitList } from "../filters/filters-store";
import type { SimilarFilters } from "./similar-filters";

/** "in System" for one category alone; "with these filters" for anything more. */
export function filteredPlace(filters: SimilarFilters): string {
  const categories = splitList(filters.categories.value);
  return categories.length === 1 && filters.activeCount.value === 1
    ? `in ${sentence(categories[0]!)}`
    : "with these filters";
}

export function AlikeEnd({
  filters,
  count,
  onLessAlike,
}: {
  filters: SimilarFilters;
  /** Look-alikes shown above: none makes it the tab's empty state. */
  count: number;
  onLessAlike(): void;
}) {
  const place = filteredPlace(filters);
  const actions = (
    <>
      <button type="button" class="button button--secondary" onClick={() => filters.clear()}>
        Clear filters
      </button>
      <button type="button" class="button button--secondary" onClick={onLessAlike}>
        Show less alike
      </button>
    </>
  );
  if (count === 0)
    return (
      <EmptyState
        title={`Nothing ${place} looks alike`}
        body="The most alike shapes are elsewhere. Clear the filters to see them."
        testId="alike-end"
      >
        {actions}
      </EmptyState>
    );
  return (
    <div class="alike-end" data-testid="alike-end">
      <p class="alike-end__text">That is all that looks alike {place}.</p>
      <div class="alike-end__actions">{actions}</div>
    </div>
  );
}
