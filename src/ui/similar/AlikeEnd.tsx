// The end of a list of look-alikes, where likeness falls off (alike-cut.ts): said in the filter's
// words ("in System") when filtered, with the way on (the less alike ones, still most alike first)
// and, filtered, the way back (the filters cleared, where the nearest shapes are).

import { EmptyState } from "../controls";
import { sentence } from "../filters/filter-controls";
import { splitList } from "../filters/filters-store";
import type { SimilarFilters } from "./similar-filters";

/** "in System" for one category alone; "with these filters" for anything more; "" for no filter. */
export function filteredPlace(filters: SimilarFilters): string {
  const categories = splitList(filters.categories.value);
  if (filters.activeCount.value === 0) return "";
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
      {place ? (
        <button type="button" class="button button--secondary" onClick={() => filters.clear()}>
          Clear filters
        </button>
      ) : null}
      <button type="button" class="button button--secondary" onClick={onLessAlike}>
        Show less alike
      </button>
    </>
  );
  if (count === 0)
    return (
      <EmptyState
        title={place ? `Nothing ${place} looks alike` : "Nothing looks alike"}
        body={
          place
            ? "The most alike shapes are elsewhere. Clear the filters to see them."
            : "Try another layer, or search by words."
        }
        testId="alike-end"
      >
        {actions}
      </EmptyState>
    );
  return (
    <div class="alike-end" data-testid="alike-end">
      <p class="alike-end__text">
        {place ? `That is all that looks alike ${place}.` : "That is all that looks alike."}
      </p>
      <div class="alike-end__actions">{actions}</div>
    </div>
  );
}
