// Walks a parsed SVG in document order and yields what gets painted: bezier paths in output space with
// their resolved paint. What it does not draw: text, images, <use>, clip paths, masks, patterns, filters,
// dashes and markers; gradients are painted with the average colour of their stops.

import { XMLParser } from "fast-xml-parser";
import { EngineError } from "../errors";
import { SVG_LIMITS } from "../svg-cost";
import { parseViewBox, svgIntrinsicSize } from "../svg-size";
import {
  type BezierPath,
  pathDataToBeziers,
  SHAPE_ELEMENTS,
  type ShapeElement,
  shapeToPathData,
} from "./geometry";
import {
  inheritStyle,
  ownOpacity,
  ownProperties,
  type Paint,
  parseAmount,
  parseColor,
  type Rgba,
  ROOT_STYLE,
  resolvePaint,
  type StyleContext,
} from "./style";
import { IDENTITY, type Matrix, meanScale, multiply, parseTransform } from "./transform";

export interface Drawable {
  paths: BezierPath[];
  paint: Paint;
  /** Stroke widths are in the element's user units; this converts them to output pixels. */
  strokeScale: number;
}

export interface WalkedSvg {
  width: number;
  height: number;
  drawables: Drawable[];
}

interface XmlNode {
  [tag: string]: XmlNode[] | Record<string, string> | undefined;
}

const SKIPPED = new Set([
  "defs",
  "clipPath",
  "mask",
  "symbol",
  "marker",
  "pattern",
  "style",
  "script",
  "title",
  "desc",
  "metadata",
  "text",
  "image",
  "use",
  "foreignObject",
  "filter",
]);

const local = (tag: string) => tag.replace(/^[\w-]+:/, "");
const tagOf = (node: XmlNode) => Object.keys(node).find((k) => k !== ":@") ?? "";
const attrsOf = (node: XmlNode) => (node[":@"] as Record<string, string> | undefined) ?? {};
const childrenOf = (node: XmlNode) =>
  Array.isArray(node[tagOf(node)]) ? (node[tagOf(node)] as XmlNode[]) : [];

/** Every gradient's id mapped to the mean colour of its stops. */
function collectGradients(nodes: XmlNode[], out = new Map<string, Rgba>()): Map<string, Rgba> {
  for (const node of nodes) {
    const tag = local(tagOf(node));
    if (tag === "linearGradient" || tag === "radialGradient") {
      const stops = childrenOf(node)
        .filter((c) => local(tagOf(c)) === "stop")
        .map((c) => {
          const own = ownProperties(attrsOf(c));
          const colour = parseColor(own["stop-color"] ?? "black", own.color ?? "black", out);
          const alpha = Math.min(1, Math.max(0, parseAmount(own["stop-opacity"]) ?? 1));
          return colour ? ([colour[0], colour[1], colour[2], colour[3] * alpha] as Rgba) : undefined;
        })
        .filter((c): c is Rgba => c !== undefined);
      const id = attrsOf(node).id;
      if (id && stops.length > 0) {
        const mean = [0, 1, 2, 3].map((k) => stops.reduce((sum, s) => sum + s[k]!, 0) / stops.length);
        out.set(id, mean as Rgba);
      }
    }
    collectGradients(childrenOf(node), out);
  }
  return out;
}

/** The root's viewBox mapped onto its width x height (preserveAspectRatio xMidYMid meet). */
function viewBoxMatrix(attrs: Record<string, string>, width: number, height: number): Matrix {
  const vb = parseViewBox(attrs.viewBox);
  if (!vb) return IDENTITY;
  const scale =
    attrs.preserveAspectRatio?.trim() === "none" ? undefined : Math.min(width / vb[2], height / vb[3]);
  const sx = scale ?? width / vb[2];
  const sy = scale ?? height / vb[3];
  const tx = (width - vb[2] * sx) / 2 - vb[0] * sx;
  const ty = (height - vb[3] * sy) / 2 - vb[1] * sy;
  return [sx, 0, 0, sy, tx, ty];
}

export function walkSvg(svg: string): WalkedSvg {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    preserveOrder: true,
    parseAttributeValue: false,
    // The cost pre-check (svg-cost.ts) refuses deeper files with a clear reason before this runs.
    maxNestedTags: SVG_LIMITS.maxDepth + 1,
  });
  const tree = parser.parse(svg) as XmlNode[];
  const root = tree.find((n) => local(tagOf(n)) === "svg");
  if (!root) throw new EngineError("invalid_input_file", "The file has no <svg> root element.");
  const size = svgIntrinsicSize(svg) ?? { width: 300, height: 150 };
  const width = Math.max(1, Math.round(size.width));
  const height = Math.max(1, Math.round(size.height));
  const gradients = collectGradients(childrenOf(root));
  const drawables: Drawable[] = [];

  const visit = (node: XmlNode, parentStyle: StyleContext, parentOpacity: number, parentMatrix: Matrix) => {
    const tag = local(tagOf(node));
    const attrs = attrsOf(node);
    if (SKIPPED.has(tag) || tag.startsWith("#") || tag.startsWith("?")) return;
    const style = inheritStyle(parentStyle, attrs);
    if (attrs.display === "none" || /display\s*:\s*none/.test(attrs.style ?? "")) return;
    const opacity = parentOpacity * ownOpacity(attrs);
    const matrix = multiply(parentMatrix, parseTransform(attrs.transform));
    if ((SHAPE_ELEMENTS as readonly string[]).includes(tag)) {
      const paths = pathDataToBeziers(shapeToPathData(tag as ShapeElement, attrs), matrix);
      const hidden = style.visibility === "hidden" || /visibility\s*:\s*hidden/.test(attrs.style ?? "");
      if (paths.length > 0 && !hidden) {
        drawables.push({
          paths,
          paint: resolvePaint(style, opacity, gradients),
          strokeScale: meanScale(matrix),
        });
      }
      return;
    }
    if (tag === "g" || tag === "a" || tag === "svg" || tag === "switch") {
      for (const child of childrenOf(node)) visit(child, style, opacity, matrix);
    }
  };

  const rootAttrs = attrsOf(root);
  const rootMatrix = viewBoxMatrix(rootAttrs, width, height);
  const rootStyle = inheritStyle(ROOT_STYLE, rootAttrs);
  const rootOpacity = ownOpacity(rootAttrs);
  for (const child of childrenOf(root))
    visit(child, rootStyle, rootOpacity, multiply(rootMatrix, parseTransform(rootAttrs.transform)));
  return { width, height, drawables };
}
