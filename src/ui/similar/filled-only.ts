// Find similar's look-alikes drawn only filled (a filled gear alone is no answer to "like this
// outline"): left out of the grid under a line weight, and said beside the count line, which counts
// them. How many is known once the list is whole; before, what has loaded grows with the window (a
// wide window loads more pages), so the note was there at 600 px wide and not at 360. Until the list
// is whole the note reads the first page alone, which every window has.

import type { Asset } from "../../api/contract/spec-objects";
import { drawnForChoice, groupVariants, switchChoice, variantChoices } from "../variants/group-variants";

export interface FilledOnlyInput {
  /** Every look-alike shown so far: the switch's choices come from them, as the grid's do. */
  items: readonly Asset[];
  /** The service's first page of look-alikes. */
  firstPage: readonly Asset[];
  /** Every look-alike is in (the list ended, or every page came). */
  complete: boolean;
  /** The variant saved with the switch; null when none was chosen. */
  saved: string | null;
  /** Each set's variants, when learnt. */
  setVariants?: ReadonlyMap<string, readonly string[]> | undefined;
}

/**
 * How many look-alikes the chosen line weight leaves out; "some" while the list is not whole and
 * its first page has one; 0 for none (or no line weight chosen, or one variant alone offered).
 */
export function filledOnly(input: FilledOnlyInput): number | "some" {
  const groups = groupVariants(input.items);
  const choices = variantChoices(groups, input.setVariants);
  if (choices.length < 2) return 0;
  const chosen = switchChoice(choices, input.saved);
  const left = (among: ReturnType<typeof groupVariants>) =>
    among.filter((group) => !drawnForChoice(group, chosen)).length;
  if (input.complete) return left(groups);
  // The first page's last icon may go on in the next page, with a line drawing: not counted.
  const first = groupVariants(input.firstPage).slice(0, -1);
  return left(first) > 0 ? "some" : 0;
}

/** "3 are drawn only filled", "1 is ...", "Some are ..."; empty for none. */
export function filledOnlyWords(left: number | "some"): string {
  if (left === 0) return "";
  if (left === "some") return "Some are drawn only filled";
  return left === 1 ? "1 is drawn only filled" : `${left} are drawn only filled`;
}
