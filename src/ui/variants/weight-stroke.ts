// A line weight a set has no drawing of (Thin, Light or Bold while Tabler draws one 2 px outline)
// is drawn from the set's own line drawing with its lines scaled, so choosing Bold always shows bold
// icons: in the cell (the stroke previews), on insert and on the selected icons (the plugin scales
// the drawing's own strokes, InsertOptions.strokeScale). A width chosen in the insert bar is the
// designer's own and wins. Fill and Duotone are shapes, not lines: a set lacking them shows its
// filled drawing, or its default with the quiet mark (group-variants' fallbacks).

import { readVariant, variantFamily, variantLabel } from "../../api/client/asset-names";
import { shownMember, type VariantGroup } from "./group-variants";

/**
 * Each weight as a share of the set's regular line, so that a stand-in's lines are as wide as
 * Phosphor's real drawings of that weight beside it. Phosphor's weights are outlined shapes (no
 * stroke to read): measured on its "minus", a bar with round ends whose radius is half the line,
 * in its 256-unit box they are 8, 12, 16 and 24 units for Thin, Light, Regular and Bold. A cell
 * draws every icon in a 24 px box (Phosphor's 256 units, Tabler's 24), where those are 0.75,
 * 1.125, 1.5 and 2.25 px, and Tabler's own line (2 of its 24 units) is 2 px. So Thin is 0.375 of
 * Tabler's line (0.75 px), Light 0.5625 (1.125 px) and Bold 1.125 (2.25 px). Inserted at any size
 * the two stay equal (both scale with the box). Bold at 1.375 (2.75 px) read a weight bolder than
 * the real Bold beside it; test/ui/variants/weight-match.test.ts measures the packages again.
 */
export const WEIGHT_SCALE: Readonly<Record<string, number>> = { thin: 0.375, light: 0.5625, bold: 1.125 };

/**
 * The scale a cell's lines are drawn at for the chosen weight: when the weight is a line weight the
 * cell's icon has no drawing of (it shows its regular one) and no width is chosen in the insert bar.
 * Undefined otherwise: the cell shows a real drawing, or the bar's width.
 */
export function weightScale(
  group: VariantGroup,
  chosen: string | null,
  chosenWidth: number | null,
): number | undefined {
  if (!chosen || chosenWidth) return undefined;
  const scale = WEIGHT_SCALE[chosen];
  if (scale === undefined) return undefined;
  const shown = readVariant(shownMember(group, chosen));
  return shown !== undefined && variantFamily(shown) === "regular" ? scale : undefined;
}

/** "2.25", "1", "1.13": a width as the insert bar's field would show it. */
function pxText(width: number): string {
  return String(Number(width.toFixed(2)));
}

/**
 * What a cell drawn at a weight's scale says, after why (lackingNote): "Tabler has no Bold: drawn
 * at 2.25 px" once its drawing's own width is known (`ownPx`, at the insert size), "drawn with
 * thicker lines" while it loads. A drawing with no lines (`ownPx` null) was not redrawn: the reason
 * alone.
 */
export function weightNote(
  lacking: string | undefined,
  scale: number | undefined,
  ownPx: number | null | undefined,
): string | undefined {
  if (!lacking || scale === undefined || ownPx === null) return lacking;
  if (ownPx === undefined) return `${lacking}: drawn with ${scale > 1 ? "thicker" : "thinner"} lines`;
  return `${lacking}: drawn at ${pxText(scale * ownPx)} px`;
}

/** "drawn as Bold": what the details add to an icon opened from a cell drawn at a weight's scale. */
export function drawnAs(scale: number): string {
  const weight = Object.entries(WEIGHT_SCALE).find(([, share]) => share === scale)?.[0];
  return weight ? `drawn as ${variantLabel(weight)}` : `lines ${scale > 1 ? "thicker" : "thinner"}`;
}

/**
 * The line above the grid when cells are drawn at a weight their set lacks: each set's note once
 * ("Tabler has no Bold: drawn at 2.25 px"), not a mark on almost every cell. Notes arrive per cell;
 * a set's first note with its width ("drawn at") wins over one still saying "thicker lines".
 */
export function weightLine(notes: Iterable<{ set: string; note: string }>): string {
  const bySet = new Map<string, string>();
  for (const { set, note } of notes) {
    const had = bySet.get(set);
    if (had === undefined || (!had.includes(" drawn at ") && note.includes(" drawn at ")))
      bySet.set(set, note);
  }
  return [...bySet.values()].join(" · ");
}
