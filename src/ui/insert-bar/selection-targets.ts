// What the selection offers the main screen: how many layers a click could replace, and how many of
// them are icons Assetport placed (those take size, colour and stroke changes at once).
import type { SelectedNode, SelectionInfo } from "../../messages/types";

/** Layers an icon or illustration can stand in for: drawings and the boxes icons come in. */
const ICON_LIKE = new Set([
  "VECTOR",
  "BOOLEAN_OPERATION",
  "STAR",
  "POLYGON",
  "ELLIPSE",
  "LINE",
  "RECTANGLE",
  "FRAME",
  "GROUP",
  "INSTANCE",
  "COMPONENT",
]);

/**
 * Above this on its long side a layer is a card, a screen or a background, not an icon: offering to
 * replace it would turn a slip of the selection into a lost layout.
 */
export const REPLACEABLE_MAX_SIDE = 256;

export function isReplaceable(node: SelectedNode): boolean {
  if (node.assetUuid !== undefined) return true;
  return ICON_LIKE.has(node.nodeType) && Math.max(node.width, node.height) <= REPLACEABLE_MAX_SIDE;
}

/**
 * How many layers a click replaces: every selected one, as Replace does, so only when each of them
 * can be replaced (judged on the listed ones when the selection is longer than the list); else 0.
 */
export function replaceableCount(selection: SelectionInfo | null): number {
  if (!selection || selection.count === 0 || selection.nodes.length === 0) return 0;
  return selection.nodes.every(isReplaceable) ? selection.count : 0;
}

/** Selected icons Assetport placed: what apply-options changes. */
export function selectedIconCount(selection: SelectionInfo | null): number {
  return selection?.nodes.filter((n) => n.assetType === "icon").length ?? 0;
}

/**
 * The size of the selected Assetport icons, as Figma's own fields show a selection: their long side
 * when they all share it, "mixed" when they differ, null with none selected.
 */
export function selectedIconSize(selection: SelectionInfo | null): number | "mixed" | null {
  const sizes = new Set(
    (selection?.nodes ?? [])
      .filter((n) => n.assetType === "icon")
      .map((n) => Math.round(Math.max(n.width, n.height))),
  );
  if (sizes.size === 0) return null;
  return sizes.size === 1 ? [...sizes][0]! : "mixed";
}

/**
 * The stroke width of the selected Assetport icons: the one they share (null: their own strokes),
 * "mixed" when they differ, undefined with none selected.
 */
export function selectedIconStroke(selection: SelectionInfo | null): number | null | "mixed" | undefined {
  const widths = new Set(
    (selection?.nodes ?? []).filter((n) => n.assetType === "icon").map((n) => n.strokeWidth ?? null),
  );
  if (widths.size === 0) return undefined;
  return widths.size === 1 ? [...widths][0]! : "mixed";
}

/**
 * The colour of the selected Assetport icons when the selection tells it for each: the one they
 * share, or "mixed"; undefined with none selected or any icon's colour unknown (a variable, a style,
 * several colours), where the bar keeps naming its own choice.
 */
export function selectedIconColour(selection: SelectionInfo | null): string | undefined {
  const selected = (selection?.nodes ?? []).filter((n) => n.assetType === "icon");
  if (selected.length === 0 || selected.some((n) => !n.colour)) return undefined;
  const colours = new Set(selected.map((n) => n.colour));
  return colours.size === 1 ? [...colours][0] : "mixed";
}

export const layers = (n: number) => `${n} selected ${n === 1 ? "layer" : "layers"}`;
export const icons = (n: number) => `${n} selected ${n === 1 ? "icon" : "icons"}`;

/**
 * Styles drawn with strokes, whose width a designer may set. Glyph, flat, sticker and the like are
 * filled shapes: a stroke width does nothing to them, so the field is not offered for them alone.
 */
const STROKED_STYLES = new Set(["line", "colored-outline", "doodle", "dualtone", "rounded"]);

/** Whether the stroke width applies to what is searched: any style, or one drawn with strokes. */
export function strokeApplies(styles: readonly string[]): boolean {
  return styles.length === 0 || styles.some((style) => STROKED_STYLES.has(style));
}
