// "All sets" and each set with its count of icons, under the search field: one click searches one
// set, and the choice stays while the query changes (only the counts move). Hidden when no set is
// known, or when nothing is found anywhere (a row of zeros says nothing the grid does not). A set
// with nothing found is disabled unless it is the one chosen. The counts are icons (a cell each),
// never drawings; an estimate is said "about" in the chip's tooltip and to a screen reader, the
// figure alone rounded, as on the home's set cards. While counted, a quiet placeholder bar stands
// where the figure goes. A row wider than the window fades out on the side with more to scroll, and
// scrolls to the chosen chip.

import type { ReadonlySignal } from "@preact/signals";
import { useState } from "preact/hooks";
import "./sets-filter.css";
import { countText } from "../count-text";
import type { IconCounts } from "../variants/icon-counts";
import type { IconCount } from "../variants/icon-estimate";
import { useEdgeFade } from "./edge-fade";
import { useRevealChosen } from "./reveal-chosen";
import type { SetsStore } from "./sets-store";

/**
 * The chip's figure: "1,512", "1,510" (an estimate, rounded where it was made, so All sets reads
 * the sum of the chips beside it); nothing while counted or unknown.
 */
export function chipCount(count: IconCount | null | undefined): string {
  if (!count) return "";
  return countText(count.count);
}

/** "About 1,510 icons, 6 weights": what the chip's figure means, in words. */
export function chipMeaning(count: IconCount | null | undefined, variants: string): string {
  if (!count) return "";
  const figure = `${count.about ? "about " : ""}${chipCount(count)}`;
  return `${figure} ${count.count === 1 && !count.about ? "icon" : "icons"}${variants ? `, ${variants}` : ""}`;
}

function tooltip(count: IconCount | null | undefined, variants: string): string | undefined {
  const meaning = chipMeaning(count, variants);
  return meaning ? meaning.charAt(0).toUpperCase() + meaning.slice(1) : undefined;
}

function spoken(label: string, count: IconCount | null | undefined, variants: string): string {
  const meaning = chipMeaning(count, variants);
  return meaning ? `${label}, ${meaning}` : label;
}

function Option(props: {
  label: string;
  count: IconCount | null | undefined;
  variants: string;
  checked: boolean;
  onPick(): void;
}) {
  const figure = chipCount(props.count);
  const empty = props.count?.count === 0 && !props.checked;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of pill buttons reads better than radio inputs
    <button
      type="button"
      role="radio"
      aria-checked={props.checked}
      aria-label={spoken(props.label, props.count, props.variants)}
      class="chip sets__option"
      title={tooltip(props.count, props.variants)}
      disabled={empty}
      onClick={props.onPick}
    >
      <span class="sets__name">{props.label}</span>
      {figure ? (
        // The whole figure at every width, as the home's set cards write it: a narrow row scrolls.
        <span class="sets__count">{figure}</span>
      ) : props.count === null ? (
        <span class="skeleton sets__pending" aria-hidden="true" />
      ) : null}
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
  const [row, setRow] = useState<HTMLDivElement | null>(null);
  const all = counts.all.value;
  const each = list.map((set) => counts.ofSet(set));
  const figures = [all, ...each].map((c) => (c === null ? "?" : chipCount(c))).join();
  const fade = useEdgeFade(row, figures);
  const current = chosen.value;
  // The chosen chip stays in sight in a narrow row, its figures arriving or the window resized.
  useRevealChosen(row, '[aria-checked="true"]', `${current}|${figures}`);
  if (!list.length) return null;
  const nothingAnywhere = [all, ...each].every((c) => c?.count === 0);
  if (nothingAnywhere && current === null) return null;
  return (
    <div class="sets" role="radiogroup" aria-label="Set" data-fade={fade || undefined} ref={setRow}>
      <Option
        label="All sets"
        count={all}
        variants=""
        checked={current === null}
        onPick={() => choose(null)}
      />
      {list.map((set) => (
        <Option
          key={set.name}
          label={set.label}
          count={each[list.indexOf(set)]}
          variants={counts.variantsOf(set.name)}
          checked={current === set.name}
          onPick={() => choose(set.name)}
        />
      ))}
    </div>
  );
}
