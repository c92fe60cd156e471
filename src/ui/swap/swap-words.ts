// What the swap review says, in a designer's words: how each match was found, and why an icon was
// left as it is.

import { humanName, setLabel, variantLabel } from "../../api/client/asset-names";
import type { SwapSkipReason } from "../../messages/types";
import type { MatchWay } from "./match-icon";
import type { SwapRow } from "./swap-store";

export const WAY_WORDS: Readonly<Record<MatchWay, string>> = {
  name: "Same name",
  tags: "Same meaning",
  look: "Looks alike",
};

export const SKIP_WORDS: Readonly<Record<SwapSkipReason, string>> = {
  "inside-instance": "Inside a component instance: swap it in the main component",
  "not-an-icon": "Not an icon: only icons change set",
  locked: "Locked: unlock to swap",
};

/** "Phosphor Bold", or "Tabler" when the set has one drawing. */
export function targetWords(set: string, weight: string | null): string {
  return weight ? `${setLabel(set)} ${variantLabel(weight)}` : setLabel(set);
}

/** Why a row has no match, or undefined when it has one (or is still being matched). */
export function unmatchedWords(row: SwapRow, set: string, weight: string | null): string | undefined {
  const { outcome } = row;
  if (outcome.kind === "failed") return `Could not be matched: ${outcome.error.message || "try again"}`;
  if (outcome.kind !== "unmatched") return undefined;
  return outcome.why === "same"
    ? `Already ${targetWords(set, weight)}`
    : `Nothing in ${setLabel(set)} is like it`;
}

/** "Magnifying glass": an icon's name as the cells say it. */
export const iconName = (name: string) => humanName(name) || "Untitled";

/** "1 icon", "12 icons". */
export const iconCount = (n: number) => `${n} ${n === 1 ? "icon" : "icons"}`;
