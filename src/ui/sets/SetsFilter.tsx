// "All sets" and each set with its count, under the search field: one click searches one set, and
// the choice stays while the query changes (only the counts move). Hidden when no set is known.

import type { ReadonlySignal } from "@preact/signals";
import "./sets-filter.css";
import { countText } from "./set-names";
import type { SetsStore } from "./sets-store";

function Option(props: { label: string; count: number | null; checked: boolean; onPick(): void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of pill buttons reads better than radio inputs
    <button
      type="button"
      role="radio"
      aria-checked={props.checked}
      class="sets__option"
      onClick={props.onPick}
    >
      <span class="sets__name">{props.label}</span>
      <span class="sets__count">{props.count === null ? "…" : countText(props.count)}</span>
    </button>
  );
}

export function SetsFilter({
  sets,
  chosen,
  choose,
}: {
  sets: SetsStore;
  chosen: ReadonlySignal<string | null>;
  choose(name: string | null): void;
}) {
  const list = sets.list.value;
  if (!list.length) return null;
  const current = chosen.value;
  return (
    <div class="sets" role="radiogroup" aria-label="Set">
      <Option
        label="All sets"
        count={sets.allCount.value}
        checked={current === null}
        onPick={() => choose(null)}
      />
      {list.map((set) => (
        <Option
          key={set.name}
          label={set.label}
          count={set.count}
          checked={current === set.name}
          onPick={() => choose(set.name)}
        />
      ))}
    </div>
  );
}
