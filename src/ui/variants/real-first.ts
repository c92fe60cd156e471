// Under a weight only some sets draw (Bold: Phosphor has it, Tabler only its outline, shown as a
// stand-in with its lines scaled), the cells that show a real drawing of that weight come first,
// then the stand-ins, each in the service's relevance order, across every page loaded: "arrow"
// under Duotone has Tabler's outlines on its first page and Phosphor's duotones pages later.
// What the grid has rendered (the cells in view and the rows kept either side) never moves: the
// pointer, the keyboard focus and a drag under way keep their cells, and nothing shifts under the
// designer's eyes. Everything loaded below it was never on screen, so it is ordered again with each
// new page: a page's real drawings go straight after what was shown, before the stand-ins of
// earlier pages. When none is loaded below what is shown, the next page is asked once, early
// (use-real-first.ts).

import { readVariant, variantFamily } from "../../api/client/asset-names";
import { shownMember, type VariantGroup } from "./group-variants";

/** Whether a cell shows a drawing of the chosen variant itself, not a stand-in for it. */
export function drawsChoice(group: VariantGroup, chosen: string): boolean {
  const variant = readVariant(shownMember(group, chosen));
  return variant !== undefined && variantFamily(variant) === chosen;
}

/**
 * `groups` in the order the grid shows them: the groups of `placed` (the keys rendered before, in
 * their order) where they were, then all the others, those drawing `chosen` first. No choice: as
 * the service ranked them.
 */
export function realFirst(
  groups: readonly VariantGroup[],
  chosen: string | null,
  placed: readonly string[] = [],
): VariantGroup[] {
  if (!chosen) return [...groups];
  const byKey = new Map(groups.map((group) => [group.key, group]));
  const kept = placed.flatMap((key) => {
    const group = byKey.get(key);
    return group ? [group] : [];
  });
  const known = new Set(kept.map((group) => group.key));
  const fresh = groups.filter((group) => !known.has(group.key));
  const real = fresh.filter((group) => drawsChoice(group, chosen));
  const standIns = fresh.filter((group) => !drawsChoice(group, chosen));
  return [...kept, ...real, ...standIns];
}
