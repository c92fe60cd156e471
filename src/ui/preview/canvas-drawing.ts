// A line icon drawn on a <canvas> from its shapes' geometry: Chromium makes a whole document for each
// SVG shown as an image, about 2 ms apiece on the shared 2-core machine, so a new stroke width over
// 54 cells took 170 ms to reach the screen; painted on canvases it takes about 10 ms, the next frame
// (bench/stroke.bench.mjs).
// Only plain drawings qualify (Tabler's outline icons are): shapes and groups with plain paints, caps,
// joins and no transforms. Anything else (a transform, a <style>, a gradient, text, a clip) keeps
// the image path, which draws every SVG. Nothing of the file reaches the page: only path data
// (given to Path2D, which reads nothing else) and colours that match a plain colour's form.

export interface DrawOp {
  /** SVG path data for Path2D. */
  path: string;
  /** A colour, "currentColor", or null for none. */
  fill: string | null;
  stroke: string | null;
  fillRule: CanvasFillRule;
  cap: CanvasLineCap;
  join: CanvasLineJoin;
  miter: number;
}

export interface CanvasDrawing {
  box: { x: number; y: number; width: number; height: number };
  ops: DrawOp[];
}

const SVG_NS = "http://www.w3.org/2000/svg";
/** Attributes a plain drawing may carry; any other one sends it down the image path. */
const PAINT_ATTRS = [
  "fill",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "fill-rule",
] as const;
const HARMLESS = new Set(["class", "id", "xmlns", "xmlns:xlink", "version", "width", "height", "viewBox"]);
const GEOMETRY: Record<string, readonly string[]> = {
  path: ["d"],
  line: ["x1", "y1", "x2", "y2"],
  polyline: ["points"],
  polygon: ["points"],
  circle: ["cx", "cy", "r"],
  ellipse: ["cx", "cy", "rx", "ry"],
  rect: ["x", "y", "width", "height", "rx", "ry"],
};
/** Skipped: they draw nothing. */
const SILENT = new Set(["title", "desc", "metadata"]);
const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20}|currentcolor)$/i;

type Style = Omit<DrawOp, "path">;

class NotPlain extends Error {}

function paint(value: string | null, inherited: string | null): string | null {
  if (value === null) return inherited;
  const v = value.trim();
  if (v === "none" || v === "transparent") return null;
  if (v === "inherit") return inherited;
  if (!COLOUR.test(v)) throw new NotPlain(`paint ${v}`);
  return v.toLowerCase() === "currentcolor" ? "currentColor" : v;
}

function styleOf(element: Element, parent: Style): Style {
  const get = (name: string) => element.getAttribute(name);
  const cap = get("stroke-linecap") ?? parent.cap;
  const join = get("stroke-linejoin") ?? parent.join;
  if (!["butt", "round", "square"].includes(cap)) throw new NotPlain(`cap ${cap}`);
  if (!["miter", "round", "bevel"].includes(join)) throw new NotPlain(`join ${join}`);
  const miter = get("stroke-miterlimit") === null ? parent.miter : Number(get("stroke-miterlimit"));
  const rule = get("fill-rule") ?? parent.fillRule;
  if (!(miter >= 1) || (rule !== "nonzero" && rule !== "evenodd")) throw new NotPlain("miter or rule");
  return {
    fill: paint(get("fill"), parent.fill),
    stroke: paint(get("stroke"), parent.stroke),
    cap: cap as CanvasLineCap,
    join: join as CanvasLineJoin,
    miter,
    fillRule: rule,
  };
}

function number(element: Element, name: string): number {
  const raw = element.getAttribute(name);
  if (raw === null) return 0;
  const n = Number(raw.trim().replace(/px$/, ""));
  if (!Number.isFinite(n)) throw new NotPlain(`${name}=${raw}`);
  return n;
}

/** The shape's outline as path data; "" draws nothing. */
export function pathOf(element: Element): string {
  const n = (name: string) => number(element, name);
  switch (element.localName) {
    case "path":
      return element.getAttribute("d") ?? "";
    case "line":
      return `M${n("x1")} ${n("y1")}L${n("x2")} ${n("y2")}`;
    case "polyline":
    case "polygon": {
      const points = (element.getAttribute("points") ?? "")
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (points.some((p) => !Number.isFinite(p)) || points.length < 4) return "";
      const pairs: string[] = [];
      for (let i = 0; i + 1 < points.length; i += 2) pairs.push(`${points[i]} ${points[i + 1]}`);
      return `M${pairs.join("L")}${element.localName === "polygon" ? "Z" : ""}`;
    }
    case "circle":
    case "ellipse": {
      const rx = element.localName === "circle" ? n("r") : n("rx");
      const ry = element.localName === "circle" ? n("r") : n("ry");
      if (rx <= 0 || ry <= 0) return "";
      const [cx, cy] = [n("cx"), n("cy")];
      return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`;
    }
    case "rect": {
      const [x, y, w, h] = [n("x"), n("y"), n("width"), n("height")];
      if (w <= 0 || h <= 0) return "";
      const hasRx = element.hasAttribute("rx");
      const hasRy = element.hasAttribute("ry");
      const rx = Math.min(w / 2, Math.max(0, hasRx ? n("rx") : hasRy ? n("ry") : 0));
      const ry = Math.min(h / 2, Math.max(0, hasRy ? n("ry") : hasRx ? n("rx") : 0));
      if (rx === 0 || ry === 0) return `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
      const arc = (tx: number, ty: number) => `A${rx} ${ry} 0 0 1 ${tx} ${ty}`;
      return (
        `M${x + rx} ${y}H${x + w - rx}${arc(x + w, y + ry)}V${y + h - ry}${arc(x + w - rx, y + h)}` +
        `H${x + rx}${arc(x, y + h - ry)}V${y + ry}${arc(x + rx, y)}Z`
      );
    }
    default:
      return "";
  }
}

function checkAttributes(element: Element, allowed: readonly string[]): void {
  for (const { name } of element.attributes) {
    if (HARMLESS.has(name) || name.startsWith("data-") || allowed.includes(name)) continue;
    if ((PAINT_ATTRS as readonly string[]).includes(name)) continue;
    throw new NotPlain(`attribute ${name}`);
  }
}

/**
 * The drawing as canvas operations, or null when it is not a plain one. Reads the disarmed root
 * (stroke-rewrite's prepareSvg) before any width is put in it.
 */
export function canvasDrawingOf(root: Element, box: { width: number; height: number }): CanvasDrawing | null {
  const view = (root.getAttribute("viewBox") ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const origin = view.length === 4 ? { x: view[0]!, y: view[1]! } : { x: 0, y: 0 };
  if (!Number.isFinite(origin.x) || !Number.isFinite(origin.y)) return null;
  const ops: DrawOp[] = [];
  const visit = (element: Element, parent: Style) => {
    if (element.namespaceURI !== SVG_NS) throw new NotPlain("foreign");
    if (SILENT.has(element.localName)) return;
    const geometry = GEOMETRY[element.localName];
    if (element.localName !== "g" && !geometry) throw new NotPlain(element.localName);
    checkAttributes(element, geometry ?? []);
    const style = styleOf(element, parent);
    if (geometry) {
      const path = pathOf(element);
      if (path && (style.fill || style.stroke)) ops.push({ path, ...style });
      if (element.children.length > 0) throw new NotPlain("shape with children");
      return;
    }
    for (const child of element.children) visit(child, style);
  };
  try {
    checkAttributes(root, []);
    // SVG's initial values: black fill, no stroke, butt caps, miter joins at 4.
    const initial: Style = {
      fill: "#000",
      stroke: null,
      cap: "butt",
      join: "miter",
      miter: 4,
      fillRule: "nonzero",
    };
    const style = styleOf(root, initial);
    for (const child of root.children) visit(child, style);
  } catch (error) {
    if (error instanceof NotPlain) return null;
    throw error;
  }
  return ops.length > 0 ? { box: { ...origin, ...box }, ops } : null;
}

export interface DrawLook {
  /** The stroke width in the drawing's units. */
  strokeUnits: number;
  /** Every painted part in this colour (the insert bar's), or null: as drawn, currentColor black. */
  tint: string | null;
}

/** Paints the drawing fitted and centred in a canvas of `width` x `height` device pixels. */
export function paintDrawing(
  context: CanvasRenderingContext2D,
  drawing: CanvasDrawing,
  look: DrawLook,
  width: number,
  height: number,
): void {
  const { box } = drawing;
  const scale = Math.min(width / box.width, height / box.height);
  const dx = (width - box.width * scale) / 2 - box.x * scale;
  const dy = (height - box.height * scale) / 2 - box.y * scale;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, width, height);
  context.setTransform(scale, 0, 0, scale, dx, dy);
  const colour = (paint: string) => look.tint ?? (paint === "currentColor" ? "#000" : paint);
  for (const op of drawing.ops) {
    const path = new Path2D(op.path);
    if (op.fill) {
      context.fillStyle = colour(op.fill);
      context.fill(path, op.fillRule);
    }
    if (op.stroke) {
      context.strokeStyle = colour(op.stroke);
      context.lineWidth = look.strokeUnits;
      context.lineCap = op.cap;
      context.lineJoin = op.join;
      context.miterLimit = op.miter;
      context.stroke(path);
    }
  }
}
