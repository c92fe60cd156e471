// The filter half of the SVG cost pre-check. A renderer allocates a filter's region in output pixels
// (a 258-byte SVG asking for a region thousands of times its element kept resvg busy for minutes at
// gigabytes), and some primitives cost more per pixel as their radius grows. So: the region is bounded
// against the filtered element (or the drawing, in user space), the content a filter applies to must
// lie near the drawing, a blur may not be wider than the drawing, and the per-pixel work of morphology,
// convolution and turbulence is bounded against the output size.

import { EngineError } from "./errors";
import type { SvgSize } from "./svg-size";

export const FILTER_LIMITS = {
  /** Filter region (x, y, width, height) at most this many times the filtered element or the drawing. */
  regionScale: 4,
  /** Coordinates of filtered content within this many times the drawing's size of its origin. */
  contentScale: 8,
  /** Primitive operations per drawing (output pixels x per-pixel work) for radius-driven primitives. */
  maxOperations: 2_000_000_000,
} as const;

export interface FilterContext {
  /** The drawing's size in user units. */
  viewport: SvgSize;
  /** Output pixels per user unit along the long edge. */
  pixelsPerUnit: number;
  /** Set while inside a <filter>: whether its primitives' lengths are fractions of the element. */
  primitiveBoundingBox?: boolean;
}

const refuse = (message: string) => new EngineError("invalid_input_file", message);
const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;
const GEOMETRY = [
  "x",
  "y",
  "width",
  "height",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "x1",
  "y1",
  "x2",
  "y2",
  "d",
  "points",
];

function numbers(value: string | undefined): number[] {
  if (!value) return [];
  return (value.match(NUMBER) ?? []).map(Number).filter(Number.isFinite);
}

/** A length as a fraction (percentages) or plain number; undefined when absent or unreadable. */
function amount(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  const n = Number.parseFloat(trimmed);
  if (!Number.isFinite(n)) return undefined;
  return trimmed.endsWith("%") ? n / 100 : n;
}

/**
 * True when the element has a filter applied (attribute or inline style). Any mention of filter in a
 * style attribute counts: CSS comments or escapes could hide a url() from a stricter reading.
 */
export function filterOf(attributes: Map<string, string>): boolean {
  const direct = attributes.get("filter");
  if (direct && direct.trim() !== "none") return true;
  return /filter/i.test(attributes.get("style") ?? "");
}

/** The farthest coordinate an element's own geometry attributes name (0 when none). */
export function geometryReach(attributes: Map<string, string>): number {
  let farthest = 0;
  for (const name of GEOMETRY) {
    for (const n of numbers(attributes.get(name))) farthest = Math.max(farthest, Math.abs(n));
  }
  return farthest;
}

function checkRegion(attributes: Map<string, string>, context: FilterContext): void {
  const userSpace = attributes.get("filterUnits")?.trim() === "userSpaceOnUse";
  const scale = FILTER_LIMITS.regionScale;
  const { width, height } = context.viewport;
  const bounds: Array<[string, number]> = userSpace
    ? [
        ["x", scale * width],
        ["y", scale * height],
        ["width", scale * width],
        ["height", scale * height],
      ]
    : [
        ["x", scale],
        ["y", scale],
        ["width", scale],
        ["height", scale],
      ];
  for (const [name, limit] of bounds) {
    const value = amount(attributes.get(name));
    if (value !== undefined && Math.abs(value) > limit) {
      throw refuse(
        `A filter region's ${name} is more than ${scale} times ${userSpace ? "the drawing" : "the element it filters"} (the limit for filter regions).`,
      );
    }
  }
}

/** Output pixels of the whole drawing, the figure per-pixel work is counted against. */
function outputPixels(context: FilterContext): number {
  const { width, height } = context.viewport;
  return width * height * context.pixelsPerUnit ** 2;
}

function checkOperations(what: string, perPixel: number, context: FilterContext): void {
  const operations = outputPixels(context) * perPixel;
  if (operations > FILTER_LIMITS.maxOperations) {
    throw refuse(
      `A filter's ${what} would take ${Math.round(operations / 1e9)} billion operations at this size; the limit is ${FILTER_LIMITS.maxOperations / 1e9} billion.`,
    );
  }
}

/** Checks <filter> regions and the costly primitives inside one; updates `context` as filters open. */
export function checkFilterElement(
  name: string,
  attributes: Map<string, string>,
  context: FilterContext,
): void {
  const edge = Math.max(context.viewport.width, context.viewport.height);
  // Lengths in primitive bounding-box units are fractions of the element: bound them as the drawing.
  const unit = context.primitiveBoundingBox ? edge : 1;
  switch (name) {
    case "filter":
      checkRegion(attributes, context);
      context.primitiveBoundingBox = attributes.get("primitiveUnits")?.trim() === "objectBoundingBox";
      return;
    case "feGaussianBlur":
    case "feDropShadow":
      for (const deviation of numbers(attributes.get("stdDeviation"))) {
        if (Math.abs(deviation * unit) > edge)
          throw refuse(
            `A blur's stdDeviation (${deviation}) is wider than the drawing (${edge}); the limit is the drawing's size.`,
          );
      }
      return;
    case "feMorphology": {
      const radius = Math.max(0, ...numbers(attributes.get("radius")).map((r) => Math.abs(r * unit)));
      const pixels = radius * context.pixelsPerUnit;
      checkOperations("morphology radius", (2 * pixels + 1) ** 2, context);
      return;
    }
    case "feConvolveMatrix": {
      const order = numbers(attributes.get("order") ?? "3");
      const [x = 3, y = x] = order;
      checkOperations("convolution order", Math.abs(x * y), context);
      return;
    }
    case "feTurbulence": {
      const octaves = numbers(attributes.get("numOctaves") ?? "1")[0] ?? 1;
      checkOperations("turbulence octaves", Math.abs(octaves) * 64, context);
      return;
    }
  }
}
