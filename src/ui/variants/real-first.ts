// Under a weight only some sets draw (Bold: Phosphor has it, Tabler only its outline, shown as a
// stand-in with its lines scaled), the cells that show a real drawing of that weight come first,
// then the stand-ins, each in the service's relevance order. Cells already shown never move: the
// order is decided once per batch of new cells (a page as it is appended), so the pointer, the
// keyboard focus and a drag under way keep their cells while pages load. Each page is banded: its
// real drawings, then its stand-ins, after every cell of the pages before it.

import { readVariant, variantFamily } from "../../api/asset-names";
import { shownMember, type VariantGroup } from "./group-variants";

/** Whether a cell shows a drawing of the chosen variant itself, not a stand-in for it. */
export function drawsChoice(group: VariantGroup, chosen: string): boolean {
  const variant = readVariant(shownMember(group, chosen));
  return variant !== undefined && variantFamily(variant) === chosen;
}

/**
 * `groups` in the order the grid shows them: the groups of `placed` (the keys shown before, in
 * their order) where they were, then the new ones, those drawing `chosen` first. No choice: as
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
