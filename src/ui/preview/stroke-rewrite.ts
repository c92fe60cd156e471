// A line icon's preview redrawn with the stroke width chosen in the insert bar, as Insert will place
// it: the plugin scales the drawing so its long side is the insert size, then sets every stroke to
// the chosen width in px (src/plugin/paints.ts setStrokeWidth). In the drawing's own units that is
// width x (long side of the viewBox) / size, divided by any scale a transform adds on the way down.
// The file is parsed once (prepareSvg), each shape's width left as a slot; a width is then a string
// replacement (strokeAt), so a new width costs no parse.
//
// The service's SVG is parsed in an inert document (DOMParser, never the page) and only ever shown
// as an image, where it can run nothing and load nothing. As a second fence the rewrite drops
// scripts, foreign content, event attributes and links out of the file, and refuses what an icon
// never needs: a DOCTYPE (entity expansion) or a file past MAX_SVG_CHARS.

import { type CanvasDrawing, canvasDrawingOf } from "./canvas-drawing";
import { transformScale } from "./svg-transform-scale";

export interface StrokeLook {
  /** The stroke width chosen, in px at the insert size. */
  width: number;
  /** The insert size in px (the icon's long side once placed). */
  size: number;
}

/**
 * A weight the set has no drawing of (Tabler's Bold), drawn as the set's own stroke times `scale`
 * (variants/weight-stroke.ts): relative, so it looks the same at any insert size.
 */
export interface WeightLook {
  scale: number;
}

/** How a preview's lines are drawn: at a width the insert bar chose, or at a weight's scale. */
export type PreviewLook = StrokeLook | WeightLook;

export type StrokeRewrite =
  | { kind: "stroked"; svg: string }
  /** Nothing in the drawing is stroked (a filled weight): it is shown as the service drew it. */
  | { kind: "unstroked" }
  /** Not an SVG this window will redraw (too big, a DTD, malformed): shown as drawn, as an image. */
  | { kind: "refused"; why: string };

/** Far above any icon (Tabler's are under 1 KB, Phosphor's a few KB). */
export const MAX_SVG_CHARS = 512 * 1024;

const SVG_NS = "http://www.w3.org/2000/svg";
/** What draws a stroke of its own; groups only pass theirs down, and are overridden here. */
const SHAPES = new Set(["path", "line", "polyline", "polygon", "rect", "circle", "ellipse", "text", "tspan"]);
/** Never needed to draw an icon, and the only ways markup could act or reach out. */
const DROPPED = new Set([
  "script",
  "foreignObject",
  "iframe",
  "object",
  "embed",
  "audio",
  "video",
  "handler",
]);

/**
 * The drawing's box: its viewBox, else its width and height in user units from 0. A viewBox with a
 * part that is not a number is one the browser ignores, and so is it here.
 */
export function drawingBox(root: Element): { x: number; y: number; width: number; height: number } | null {
  const view = (root.getAttribute("viewBox") ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (view.length === 4 && view.every(Number.isFinite) && view[2]! > 0 && view[3]! > 0)
    return { x: view[0]!, y: view[1]!, width: view[2]!, height: view[3]! };
  const width = Number.parseFloat(root.getAttribute("width") ?? "");
  const height = Number.parseFloat(root.getAttribute("height") ?? "");
  return width > 0 && height > 0 ? { x: 0, y: 0, width, height } : null;
}

/** The stroke width in the drawing's units that shows `look.width` px once inserted at `look.size`. */
export function strokeInDrawingUnits(look: StrokeLook, box: { width: number; height: number }): number {
  return (look.width * Math.max(box.width, box.height)) / look.size;
}

/** The stroke width, in the drawing's units, a look gives a drawing whose own lines are `own` wide. */
export function lookInDrawingUnits(
  look: PreviewLook,
  drawing: { box: { width: number; height: number }; own: number },
): number {
  return "scale" in look ? look.scale * drawing.own : strokeInDrawingUnits(look, drawing.box);
}

/** A width as set on one element ("2", "1.5px", in a style or an attribute); undefined when unset. */
function ownWidth(element: Element): number | undefined {
  const styled = /(?:^|;)\s*stroke-width\s*:\s*([^;]*)/i.exec(element.getAttribute("style") ?? "")?.[1];
  const value = Number.parseFloat(styled ?? element.getAttribute("stroke-width") ?? "");
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The width most of the drawing's lines have (ties: the first met), in the drawing's units. */
function commonWidth(widths: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const width of widths) counts.set(width, (counts.get(width) ?? 0) + 1);
  let best = widths[0] ?? 1;
  for (const [width, count] of counts) if (count > (counts.get(best) ?? 0)) best = width;
  return best;
}

/** A `stroke` paint as set on one element: true painted, false "none", undefined not set there. */
function ownStroke(element: Element): boolean | undefined {
  const styled = /(?:^|;)\s*stroke\s*:\s*([^;]*)/i.exec(element.getAttribute("style") ?? "")?.[1];
  const value = (styled ?? element.getAttribute("stroke") ?? "").replace(/!important/i, "").trim();
  if (value === "" || value === "inherit") return undefined;
  return value !== "none" && value !== "transparent";
}

/** A <style> sheet inside the drawing that strokes something. */
function sheetStrokes(root: Element): boolean {
  return [...root.getElementsByTagNameNS(SVG_NS, "style")].some((sheet) =>
    /(?:^|[;{\s])stroke\s*:\s*(?!none\b|transparent\b)[^;}\s]/i.test(sheet.textContent ?? ""),
  );
}

/** Removes what could act or load: scripts, foreign content, on* attributes, links out of the file. */
function disarm(root: Element): void {
  for (const element of [...root.getElementsByTagName("*")]) {
    if (DROPPED.has(element.localName) || element.namespaceURI !== SVG_NS) {
      element.remove();
      continue;
    }
    for (const { name, value } of [...element.attributes]) {
      const local = name.replace(/^.*:/, "").toLowerCase();
      if (local.startsWith("on") || (local === "href" && !value.trim().startsWith("#")))
        element.removeAttribute(name);
    }
  }
  for (const { name } of [...root.attributes]) if (/^on/i.test(name)) root.removeAttribute(name);
}

/** Stands for the width of the shapes under one scale until a width is chosen (see strokeAt). */
const SLOT = /__assetport_stroke_(\d+)__/g;
const slot = (index: number) => `__assetport_stroke_${index}__`;

/**
 * Marks every shape's stroke width as a slot, one slot per transform scale met on the way down (most
 * drawings have one), and says whether anything in the drawing is stroked.
 */
function markWidths(root: Element): { stroked: boolean; scales: number[]; widths: number[] } {
  let stroked = sheetStrokes(root);
  const scales: number[] = [];
  /** Each stroked shape's own width in the drawing's units (SVG's default width is 1). */
  const widths: number[] = [];
  const visit = (element: Element, inherited: boolean, scale: number, width: number) => {
    const paints = ownStroke(element) ?? inherited;
    const own = scale * transformScale(element.getAttribute("transform"));
    const lineWidth = ownWidth(element) ?? width;
    if (SHAPES.has(element.localName)) {
      stroked ||= paints;
      if (paints) widths.push(lineWidth * own);
      if (!scales.includes(own)) scales.push(own);
      // Inline and important: it wins over the drawing's attributes and its own <style> rules. A
      // non-scaling stroke would be measured in the preview's pixels, not the icon's: turned off.
      const style = (element.getAttribute("style") ?? "").trim().replace(/;?$/, ";");
      element.setAttribute(
        "style",
        `${style === ";" ? "" : style}stroke-width:${slot(scales.indexOf(own))}px !important;vector-effect:none !important`,
      );
    }
    for (const child of element.children) visit(child, paints, own, lineWidth);
  };
  // The root's own transform places the whole picture; the units inside it are the drawing's.
  const rootPaints = ownStroke(root) ?? false;
  const rootWidth = ownWidth(root) ?? 1;
  for (const child of root.children) visit(child, rootPaints, 1, rootWidth);
  return { stroked, scales, widths };
}

/** A preview's SVG read once: any width is then one string replacement away (strokeAt). */
export type PreparedSvg =
  | {
      kind: "stroked";
      template: string;
      scales: number[];
      box: { width: number; height: number };
      /** The width most of its lines are drawn at, in its units (Tabler's 2 on 24): a weight's base. */
      own: number;
      /** The same drawing as canvas operations, when it is a plain one (canvas-drawing.ts). */
      drawing: CanvasDrawing | null;
    }
  /** Nothing in it is stroked (a filled weight): shown as drawn, disarmed. */
  | { kind: "unstroked"; svg: string }
  /** Not an SVG this window will show from its own copy (too big, a DTD, malformed). */
  | { kind: "refused"; why: string };

/** The file's <svg> element, parsed in an inert document and disarmed, or why it was refused. */
export function readDisarmed(svg: string): { root: Element } | { refused: string } {
  if (svg.length > MAX_SVG_CHARS) return { refused: "too big" };
  if (/<!DOCTYPE|<!ENTITY/i.test(svg)) return { refused: "has a DTD" };
  if (svg.includes("__assetport_stroke_")) return { refused: "holds our marker" };
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const root = doc.documentElement;
  if (doc.getElementsByTagName("parsererror").length > 0 || root.namespaceURI !== SVG_NS)
    return { refused: "not SVG" };
  if (root.localName !== "svg") return { refused: "not SVG" };
  disarm(root);
  return { root };
}

/** The file as drawn, with nothing that could act or load (as prepareSvg keeps it); null if refused. */
export function disarmedSvg(svg: string): string | null {
  const read = readDisarmed(svg);
  return "root" in read ? new XMLSerializer().serializeToString(read.root) : null;
}

export function prepareSvg(svg: string): PreparedSvg {
  const read = readDisarmed(svg);
  if (!("root" in read)) return { kind: "refused", why: read.refused };
  const { root } = read;
  const box = drawingBox(root);
  if (!box) return { kind: "refused", why: "no size" };
  const plain = new XMLSerializer().serializeToString(root);
  const drawing = canvasDrawingOf(root, box);
  const { stroked, scales, widths } = markWidths(root);
  if (!stroked) return { kind: "unstroked", svg: plain };
  const template = new XMLSerializer().serializeToString(root);
  return { kind: "stroked", template, scales, box, own: commonWidth(widths), drawing };
}

/** The prepared drawing with every stroke at `look`: a width in px at the insert size, or a weight. */
export function strokeAt(prepared: Extract<PreparedSvg, { kind: "stroked" }>, look: PreviewLook): string {
  const width = lookInDrawingUnits(look, prepared);
  return prepared.template.replace(SLOT, (_, index: string) =>
    String(Number((width / prepared.scales[Number(index)]!).toFixed(4))),
  );
}

export function rewriteStroke(svg: string, look: StrokeLook): StrokeRewrite {
  if (!(look.width > 0 && look.size > 0)) return { kind: "refused", why: "no width" };
  const prepared = prepareSvg(svg);
  if (prepared.kind !== "stroked") return prepared.kind === "refused" ? prepared : { kind: "unstroked" };
  return { kind: "stroked", svg: strokeAt(prepared, look) };
}
