// "All sets" and each set with its count of icons, under the search field: one click searches one
// set, and the choice stays while the query changes (only the counts move). Hidden when no set is
// known. The counts are icons (a cell each), never drawings; an estimate reads "~" on the chip and
// "about" to a screen reader.

import type { ReadonlySignal } from "@preact/signals";
import "./sets-filter.css";
import type { IconCounts } from "../variants/icon-counts";
import { type IconCount, roundAbout } from "../variants/icon-estimate";
import { countText } from "./set-names";
import type { SetsStore } from "./sets-store";

/** The chip's short figure: "1,512", "~1,510"; "…" while counted; nothing when it cannot be said. */
export function chipCount(count: IconCount | null | undefined): string {
  if (count === null) return "…";
  if (count === undefined) return "";
  return count.about ? `~${countText(roundAbout(count.count))}` : countText(count.count);
}

function spoken(label: string, count: IconCount | null | undefined, variants: string): string {
  if (!count) return label;
  const figure = `${count.about ? "about " : ""}${countText(count.about ? roundAbout(count.count) : count.count)}`;
  return `${label}, ${figure} ${count.count === 1 && !count.about ? "icon" : "icons"}${variants ? `, ${variants}` : ""}`;
}

function Option(props: {
  label: string;
  count: IconCount | null | undefined;
  variants: string;
  checked: boolean;
  onPick(): void;
}) {
  const figure = chipCount(props.count);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of pill buttons reads better than radio inputs
    <button
      type="button"
      role="radio"
      aria-checked={props.checked}
      aria-label={spoken(props.label, props.count, props.variants)}
      class="chip sets__option"
      onClick={props.onPick}
    >
      <span class="sets__name">{props.label}</span>
      {figure ? <span class="sets__count">{figure}</span> : null}
    </button>
  );
}

export function SetsFilter({
  sets,
  counts,
  chosen,
  choose,
}: {
  sets: Pick<SetsStore, "list">;
  counts: Pick<IconCounts, "ofSet" | "all" | "variantsOf">;
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
        count={counts.all.value}
        variants=""
        checked={current === null}
        onPick={() => choose(null)}
      />
      {list.map((set) => (
        <Option
          key={set.name}
          label={set.label}
          count={counts.ofSet(set)}
          variants={counts.variantsOf(set.name)}
          checked={current === set.name}
          onPick={() => choose(set.name)}
        />
      ))}
    </div>
  );
}
