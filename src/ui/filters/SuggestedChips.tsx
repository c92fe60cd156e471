// Chips for a comma-separated text filter (categories, tags): the chosen values first, then the
// values the results carry, each with how many icons choosing it gives (an estimate rounded and said
// "about" in its tooltip, as the set chips say theirs). A value nothing carries is never offered; one
// already chosen stays, so it can be unchosen.

import type { Signal } from "@preact/signals";
import { chipCount, chipMeaning } from "../sets/SetsFilter";
import { sentence } from "./filter-controls";
import { splitList, toggleIn } from "./filters-store";
import type { Suggestion } from "./suggestion-counts";

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
    ...suggestions.filter((s) => !chosen.includes(s.value) && s.count?.count !== 0),
  ];
  if (!offered.length) return <p class="filter__hint">{empty}</p>;
  return (
    <div class="chips">
      {offered.map(({ value, count }) => {
        const meaning = chipMeaning(count, "");
        return (
          <button
            type="button"
            key={value}
            class="chip"
            data-value={value}
            aria-pressed={chosen.includes(value)}
            title={meaning ? `${sentence(value)}: ${meaning}` : sentence(value)}
            aria-label={meaning ? `${sentence(value)}, ${meaning}` : undefined}
            onClick={() => {
              text.value = toggleIn(chosen, value).join(", ");
            }}
          >
            {sentence(value)}
            {count ? <span class="chip__count">{chipCount(count)}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
