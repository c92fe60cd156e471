// Chips for a comma-separated text filter (categories, tags): the chosen values first, then the
// values the results carry, each with how many of them do. A value nothing carries is never offered;
// one already chosen stays, so it can be unchosen.

import type { Signal } from "@preact/signals";
import { countText } from "../sets/set-names";
import type { Suggestion } from "./facets-store";
import { sentence } from "./filter-controls";
import { splitList, toggleIn } from "./filters-store";

export function SuggestedChips({
  text,
  suggestions,
  empty,
}: {
  text: Signal<string>;
  suggestions: readonly Suggestion[];
  empty: string;
}) {
  const chosen = splitList(text.value);
  const offered = [
    ...chosen.map((value) => ({ value, count: suggestions.find((s) => s.value === value)?.count })),
    ...suggestions.filter((s) => !chosen.includes(s.value) && s.count > 0),
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
