// How an inserted icon is painted: a plain colour, one of the file's colour variables (bound, so the
// icon follows the design system when the variable or its mode changes), or one of its paint styles;
// and the width of its strokes, kept absolute whatever the icon's size.
import type { InsertOptions } from "../messages/types";
import {
  eachDrawn,
  fillsOf,
  hexToRgb,
  isPaintable,
  mapPaintable,
  recolour,
  rgbToHex,
  strokesOf,
} from "./colour";
import { fail } from "./errors";

export type ColourChoice =
  | { kind: "rgb"; color: RGB }
  | { kind: "variable"; variable: Variable }
  | { kind: "style"; styleId: string };

/** Where an icon inserted with a stroke width keeps it, so a later resize can keep it too. */
const STROKE_WIDTH_KEY = "strokeWidth";

/** The colour the options ask for; a variable or style that is gone (or was never there) is refused. */
export async function colourFor(options: InsertOptions | undefined): Promise<ColourChoice | null> {
  const asked = [options?.color, options?.colorVariableId, options?.colorStyleId].filter((c) => c);
  if (asked.length > 1) {
    fail("invalid_message", "Give one colour: a hex, a colour variable or a paint style.");
  }
  if (options?.colorVariableId) {
    const variable = await figma.variables.getVariableByIdAsync(options.colorVariableId);
    if (variable?.resolvedType !== "COLOR") {
      fail("colour_missing", "That colour variable is no longer in this file.");
    }
    return { kind: "variable", variable };
  }
  if (options?.colorStyleId) {
    const style = await figma.getStyleByIdAsync(options.colorStyleId);
    if (style?.type !== "PAINT") fail("colour_missing", "That colour style is no longer in this file.");
    return { kind: "style", styleId: style.id };
  }
  return options?.color ? { kind: "rgb", color: hexToRgb(options.color) } : null;
}

/**
 * Paints every solid, showing fill and stroke of the drawing; "none" and transparent parts stay as
 * they are. A style replaces the node's whole fill (or stroke) list, as choosing it in Figma does.
 */
export async function paintIcon(root: SceneNode, choice: ColourChoice): Promise<void> {
  if (choice.kind === "rgb") return recolour(root, choice.color);
  const nodes: SceneNode[] = [];
  eachDrawn(root, (node) => nodes.push(node));
  for (const node of nodes) {
    if (choice.kind === "variable") {
      const bind = (p: SolidPaint) => figma.variables.setBoundVariableForPaint(p, "color", choice.variable);
      if ("fills" in node && fillsOf(node).some(isPaintable)) node.fills = mapPaintable(fillsOf(node), bind);
      if ("strokes" in node && node.strokes.some(isPaintable))
        node.strokes = mapPaintable(node.strokes, bind);
    } else {
      // dynamic-page: the fillStyleId setter throws; the async setters are the way.
      if ("fills" in node && fillsOf(node).some(isPaintable)) await node.setFillStyleIdAsync(choice.styleId);
      if ("strokes" in node && node.strokes.some(isPaintable))
        await node.setStrokeStyleIdAsync(choice.styleId);
    }
  }
}

/** The colour a layer shows first (the one a replaced icon had), as its variable or style when it has one. */
export async function colourOf(root: SceneNode): Promise<ColourChoice | null> {
  const drawn: SceneNode[] = [];
  eachDrawn(root, (node) => drawn.push(node));
  for (const node of drawn) {
    const stroke = strokesOf(node).find(isPaintable);
    const fill = fillsOf(node).find(isPaintable);
    const paint = stroke ?? fill;
    if (!paint) continue;
    const styleId = stroke ? strokeStyleOf(node) : fillStyleOf(node);
    if (styleId) return { kind: "style", styleId };
    const variableId = paint.boundVariables?.color?.id;
    const variable = variableId ? await figma.variables.getVariableByIdAsync(variableId) : null;
    if (variable) return { kind: "variable", variable };
    return { kind: "rgb", color: paint.color };
  }
  return null;
}

function strokeStyleOf(node: SceneNode): string {
  return "strokeStyleId" in node ? node.strokeStyleId : "";
}

function fillStyleOf(node: SceneNode): string {
  const id = "fillStyleId" in node ? node.fillStyleId : "";
  return typeof id === "string" ? id : ""; // figma.mixed: parts of a text differ
}

/**
 * Strokes of `width` px on every stroked layer of the drawing, set after the icon has its size, so a
 * 2 px line stays 2 px at 16 or 48 px. A filled icon has no stroke to change.
 */
export function setStrokeWidth(root: SceneNode, width: number): void {
  let stroked = false;
  eachDrawn(root, (node) => {
    if ("strokeWeight" in node && strokesOf(node).some(isPaintable)) {
      node.strokeWeight = width;
      stroked = true;
    }
  });
  if (stroked) root.setPluginData(STROKE_WIDTH_KEY, String(width));
}

/**
 * Every stroked layer's own width times `scale`: a weight the set has no drawing of, drawn from its
 * line drawing. Relative, so nothing is recorded: a later resize scales the lines with the icon.
 */
export function scaleStrokes(root: SceneNode, scale: number): void {
  eachDrawn(root, (node) => {
    if ("strokeWeight" in node && typeof node.strokeWeight === "number" && strokesOf(node).some(isPaintable))
      node.strokeWeight *= scale;
  });
}

/** The stroke width an icon was given, if any (a resize keeps it). */
export function strokeWidthOf(root: SceneNode): number | null {
  const width = Number.parseFloat(root.getPluginData(STROKE_WIDTH_KEY));
  return Number.isFinite(width) && width > 0 ? width : null;
}

/**
 * The one plain colour an icon is painted in ("#E11D48"), for the window to show while it is
 * selected; undefined when it has several colours, none, or a variable or paint style (whose name
 * the window would need, and a hex would misreport).
 */
export function plainColourOf(root: SceneNode): string | undefined {
  const colours = new Set<string>();
  let linked = false;
  eachDrawn(root, (node) => {
    const paints = [...fillsOf(node), ...strokesOf(node)].filter(isPaintable);
    if (paints.length === 0) return;
    if (fillStyleOf(node) || strokeStyleOf(node) || paints.some((p) => p.boundVariables?.color))
      linked = true;
    for (const paint of paints) colours.add(rgbToHex(paint.color).toUpperCase());
  });
  return !linked && colours.size === 1 ? [...colours][0] : undefined;
}
