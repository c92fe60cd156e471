// figma.createNodeFromSvg: well-formed SVG becomes a frame of vectors (groups for <g>), paints resolved
// the way SVG inherits them; anything else throws Figma's error. Vector bounds are not computed from
// path data: each vector spans the frame, which is what the plugin's placement and export rely on.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { EmuFrame, EmuGroup, EmuVector } from "./node-types";
import type { EmuScene } from "./nodes";
import { parseColor, solid } from "./paint";
import { figmaError, type World } from "./world";

type XmlNode = Record<string, unknown> & { ":@"?: Record<string, string> };

const SHAPES = new Set(["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]);
const DEFS = new Set([
  "defs",
  "linearGradient",
  "radialGradient",
  "clipPath",
  "mask",
  "pattern",
  "filter",
  "symbol",
]);
const PAINT_ATTRS = [
  "fill",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "fill-rule",
  "opacity",
  "fill-opacity",
  "stroke-opacity",
];

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseAttributeValue: false,
});

function failure(): Error {
  return figmaError("createNodeFromSvg", "Failed to convert SVG file");
}

function tagOf(node: XmlNode): string {
  return Object.keys(node).find((k) => k !== ":@") ?? "";
}

function childrenOf(node: XmlNode): XmlNode[] {
  const inner = node[tagOf(node)];
  return Array.isArray(inner) ? (inner as XmlNode[]) : [];
}

/** Attributes with `style="fill:..;stroke:.."` folded in (style wins, as in CSS). */
function attrsOf(node: XmlNode): Record<string, string> {
  const attrs = { ...(node[":@"] ?? {}) };
  for (const decl of (attrs.style ?? "").split(";")) {
    const [k, v] = decl.split(":").map((s) => s.trim());
    if (k && v) attrs[k] = v;
  }
  delete attrs.style;
  return attrs;
}

function length(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number.parseFloat(raw);
  return Number.isFinite(n) && n > 0 && !raw.trim().endsWith("%") ? n : undefined;
}

export function createNodeFromSvg(world: World, svg: unknown): EmuFrame {
  if (typeof svg !== "string" || svg.trim() === "") throw failure();
  if (XMLValidator.validate(svg) !== true) throw failure();
  const tree = parser.parse(svg) as XmlNode[];
  const root = tree.find((n) => tagOf(n) === "svg");
  if (!root) throw failure();
  const attrs = attrsOf(root);
  const vbParts = (attrs.viewBox ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  let viewBox: [number, number, number, number] | null =
    vbParts.length === 4 && vbParts.every(Number.isFinite) && vbParts[2]! > 0 && vbParts[3]! > 0
      ? (vbParts as [number, number, number, number])
      : null;
  const width = length(attrs.width) ?? viewBox?.[2] ?? 100;
  const height = length(attrs.height) ?? viewBox?.[3] ?? 100;
  viewBox ??= [0, 0, width, height];

  const defs = collectDefs(root);
  const frame = new EmuFrame(world);
  frame.name = "svg";
  frame.fills = [];
  frame.resize(width, height);
  frame.svgViewBox = viewBox;
  frame.svgDefs = defs;
  const inherited = Object.fromEntries(
    PAINT_ATTRS.filter((a) => attrs[a] !== undefined).map((a) => [a, attrs[a]!]),
  );
  for (const child of importChildren(world, root, inherited, "", viewBox, defs, width, height))
    frame.appendChild(child);
  return frame;
}

function collectDefs(root: XmlNode): string {
  const found: XmlNode[] = [];
  const walk = (node: XmlNode) => {
    for (const child of childrenOf(node)) {
      if (DEFS.has(tagOf(child))) found.push(child);
      else walk(child);
    }
  };
  walk(root);
  return found.length > 0 ? JSON.stringify(found) : "";
}

function importChildren(
  world: World,
  parent: XmlNode,
  inherited: Record<string, string>,
  transform: string,
  viewBox: [number, number, number, number],
  defs: string,
  width: number,
  height: number,
): EmuScene[] {
  const out: EmuScene[] = [];
  for (const node of childrenOf(parent)) {
    const tag = tagOf(node);
    const attrs = attrsOf(node);
    if (attrs.display === "none") continue;
    const paints = { ...inherited };
    for (const a of PAINT_ATTRS) if (attrs[a] !== undefined) paints[a] = attrs[a]!;
    const ownTransform = [transform, attrs.transform ?? ""].filter(Boolean).join(" ");
    if (tag === "g" || tag === "a") {
      const kids = importChildren(world, node, paints, ownTransform, viewBox, defs, width, height);
      if (kids.length === 0) continue;
      const group = new EmuGroup(world);
      group.name = attrs.id ?? "Group";
      group.constraints = { horizontal: "SCALE", vertical: "SCALE" };
      for (const kid of kids) group.appendChild(kid);
      out.push(group);
    } else if (SHAPES.has(tag)) {
      out.push(importShape(world, tag, attrs, paints, ownTransform, viewBox, defs, width, height));
    }
  }
  return out;
}

function importShape(
  world: World,
  tag: string,
  attrs: Record<string, string>,
  paints: Record<string, string>,
  transform: string,
  viewBox: [number, number, number, number],
  defs: string,
  width: number,
  height: number,
): EmuVector {
  const vector = new EmuVector(world);
  vector.name = attrs.id ?? "Vector";
  vector.resize(width, height);
  vector.constraints = { horizontal: "SCALE", vertical: "SCALE" };
  const geometry: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs))
    if (!PAINT_ATTRS.includes(k) && k !== "transform") geometry[k] = v;
  for (const k of ["stroke-linecap", "stroke-linejoin", "fill-rule"]) if (paints[k]) geometry[k] = paints[k]!;
  if (transform) geometry.transform = transform;
  const fillRef = paints.fill?.startsWith("url(") ? paints.fill : undefined;
  const strokeRef = paints.stroke?.startsWith("url(") ? paints.stroke : undefined;
  if (fillRef) geometry["data-fill-ref"] = fillRef;
  if (strokeRef) geometry["data-stroke-ref"] = strokeRef;
  vector.svg = { element: { [tag]: [], ":@": geometry }, viewBox, defs };
  vector.fills = paintList(paints.fill ?? "black", paints["fill-opacity"], paints.opacity);
  vector.strokes = paintList(paints.stroke ?? "none", paints["stroke-opacity"], paints.opacity);
  vector.strokeWeight = Number.parseFloat(paints["stroke-width"] ?? "1") || 1;
  return vector;
}

function paintList(raw: string, ownOpacity: string | undefined, opacity: string | undefined): Paint[] {
  if (raw.startsWith("url(")) {
    return [
      {
        type: "GRADIENT_LINEAR",
        gradientTransform: [
          [1, 0, 0],
          [0, 1, 0],
        ],
        gradientStops: [],
        visible: true,
        opacity: 1,
        blendMode: "NORMAL",
      } as GradientPaint,
    ];
  }
  const parsed = parseColor(raw);
  if (parsed === null) return [];
  const alpha = (parsed?.opacity ?? 1) * Number(ownOpacity ?? 1) * Number(opacity ?? 1);
  return [solid(parsed?.color ?? { r: 0, g: 0, b: 0 }, alpha)];
}
