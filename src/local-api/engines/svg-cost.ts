// The cost pre-check of an SVG, before anything draws it: renderers expand every <use> (and every other
// reference) as they go, so 1.7 KB of nested <use> becomes a billion elements, and a filter's region
// is allocated in output pixels whatever the drawing's size. This reads the structure once, linearly
// (svg-scan.ts), and refuses (invalid_input_file, the message naming the limit) what would cost more
// than the limits below. What passes still runs in a worker with a memory cap and a deadline that
// terminates it (workers/); this check only turns the predictable bombs into a clear 400, cheaply.

import { EngineError } from "./errors";
import { checkFilterElement, type FilterContext, filterOf, geometryReach } from "./svg-filter-cost";
import { checkFilteredReach, stylesheetSetsFilter } from "./svg-filter-reach";
import { finishAfterDependencies, newWalkState } from "./svg-graph";
import { EMBEDDED_MAX_PIXELS, embeddedImage } from "./svg-images";
import { localName, ScanProblem, scanXml } from "./svg-scan";
import { parseViewBox, type SvgSize, svgSizeFromRoot } from "./svg-size";

export const SVG_LIMITS = {
  /** Elements once every <use> and url(#...) reference is expanded, transitively. */
  maxElements: 100_000,
  /** The same for svg-to-pdf, whose writer holds about 10 KB of heap per element. */
  maxPdfElements: 25_000,
  /** Elements nested inside one another. */
  maxDepth: 256,
  /** <!ENTITY> declarations; an entity that refers to another is refused outright. */
  maxEntities: 64,
  /** SVG images inside SVG images inside the file. */
  maxEmbeddedDepth: 2,
} as const;

/** CSS's size for a replaced element that states none. */
const DEFAULT_VIEWPORT = { width: 300, height: 150 };

export interface SvgCostOptions {
  /** The raster's requested width or height in pixels (filters cost per output pixel). */
  width?: number;
  height?: number;
  /** The long edge a raster of the SVG's own size is capped at; default 4096. */
  maxEdge?: number;
  /** The element limit for this use of the file; default SVG_LIMITS.maxElements. */
  maxElements?: number;
  /** How deep inside other SVGs (as embedded images) this one is; set by the check itself. */
  embeddedIn?: number;
}

export interface SvgFacts {
  /** The root's intrinsic size in CSS px, when its attributes state one. */
  size: SvgSize | undefined;
  /** Elements after references are expanded. */
  expandedElements: number;
}

const refuse = (message: string) => new EngineError("invalid_input_file", message);
const NOT_WELL_FORMED = "The SVG is not well-formed XML";
const URL_REFERENCE = /url\(\s*['"]?#([^)'"\s]+)/g;
const MARKER_REFERENCE = /marker(?:-start|-mid|-end)?\s*[:=]\s*["']?\s*url\(\s*['"]?#([^)'"\s]+)/g;
const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

/** Markers named by an element's own attributes or style (they are inherited by its descendants). */
function markersOf(attributes: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [name, value] of attributes) {
    if (name.startsWith("marker") || name === "style") {
      for (const match of `${name === "style" ? "" : `${name}=`}${value}`.matchAll(MARKER_REFERENCE))
        found.push(match[1]!);
    }
  }
  return found;
}

/** Vertices a marker is drawn at, over-estimated: half the numbers of the shape's geometry. */
function vertexCount(name: string, attributes: Map<string, string>): number {
  if (name === "line") return 2;
  const data = attributes.get(name === "path" ? "d" : "points");
  if ((name !== "path" && name !== "polyline" && name !== "polygon") || !data) return 0;
  return Math.ceil((data.match(NUMBER)?.length ?? 0) / 2);
}

/** Throws invalid_input_file naming the limit an SVG passes; otherwise returns what it learnt. */
export function checkSvgCost(text: string, options: SvgCostOptions = {}): SvgFacts {
  const maxElements = options.maxElements ?? SVG_LIMITS.maxElements;
  // deps[i]: the elements drawn as part of element i (its children and whatever it references by id).
  const deps: number[][] = [];
  // weights[i][k]: how many times deps[i][k] is drawn (a marker once per vertex; everything else once).
  const weights: number[][] = [];
  const references: Array<[from: number, id: string, times: number]> = [];
  const markerStack: string[][] = [];
  const ids = new Map<string, number>();
  const stack: number[] = [];
  let size: SvgSize | undefined;
  let filter: FilterContext | undefined;
  // Filtered elements, and each element's own farthest coordinate: what they draw is checked after.
  const filtered: number[] = [];
  const ownReach: number[] = [];
  const drawnByHref: Array<[from: number, id: string]> = [];
  let entities = 0;
  let embeddedElements = 0; // elements of SVG images the file carries, each drawn as well

  const visitor = {
    entity(name: string, value: string) {
      if (++entities > SVG_LIMITS.maxEntities)
        throw refuse(`The SVG declares more than ${SVG_LIMITS.maxEntities} XML entities (the limit).`);
      if (value.includes("&"))
        throw refuse(
          `The SVG's XML entity ${name} refers to another entity; nested entities are not accepted.`,
        );
      // The parser turns markup in an entity into elements where it is referenced: elements this
      // scan would never see (neither counted nor their links checked).
      if (value.includes("<"))
        throw refuse(
          `The SVG's XML entity ${name} holds markup; entities that hold elements are not accepted.`,
        );
    },
    open(rawName: string, attributes: Map<string, string>) {
      const index = deps.length;
      if (index >= maxElements) throw tooMany(maxElements);
      if (stack.length >= SVG_LIMITS.maxDepth)
        throw refuse(`The SVG nests elements more than ${SVG_LIMITS.maxDepth} deep (the limit).`);
      deps.push([]);
      weights.push([]);
      if (stack.length > 0) {
        deps[stack.at(-1)!]!.push(index);
        weights[stack.at(-1)!]!.push(1);
      }
      const name = localName(rawName);
      if (index === 0) {
        size = svgSizeFromRoot(attributes);
        filter = filterContext(size, parseViewBox(attributes.get("viewBox")), options);
      }
      const id = attributes.get("id");
      if (id !== undefined && !ids.has(id)) ids.set(id, index);
      for (const [attribute, value] of attributes) {
        if (localName(attribute) === "href") requireOwnLink(name, attribute, value);
        if (localName(attribute) === "href" && value.startsWith("#")) {
          references.push([index, value.slice(1), 1]);
          drawnByHref.push([index, value.slice(1)]);
        } else if (value.includes("url(")) {
          for (const match of value.matchAll(URL_REFERENCE)) references.push([index, match[1]!, 1]);
        }
      }
      // A marker is drawn at every vertex of every shape it applies to, its own or inherited.
      const markers = [...(markerStack.at(-1) ?? []), ...markersOf(attributes)];
      markerStack.push(markers);
      const vertices = markers.length > 0 ? vertexCount(name, attributes) : 0;
      for (const marker of vertices > 0 ? markers : []) references.push([index, marker, vertices]);
      if (name === "image" || name === "feImage") {
        embeddedElements += checkEmbedded(attributes, options, maxElements - embeddedElements);
      }
      ownReach.push(geometryReach(attributes));
      if (filterOf(attributes)) filtered.push(index);
      if (filter) checkFilterElement(name, attributes, filter);
      stack.push(index);
    },
    close() {
      stack.pop();
      markerStack.pop();
    },
  };

  try {
    scanXml(text, visitor);
  } catch (error) {
    if (error instanceof ScanProblem) throw refuse(`${NOT_WELL_FORMED}: ${error.message}.`);
    throw error;
  }
  // What each element draws for its bounding box: its children and the elements it uses by href.
  const drawn = deps.map((children) => [...children]);
  for (const [from, id] of drawnByHref) {
    const target = ids.get(id);
    if (target !== undefined) drawn[from]!.push(target);
  }
  for (const [from, id, times] of references) {
    const target = ids.get(id);
    if (target === undefined) continue;
    deps[from]!.push(target);
    weights[from]!.push(times);
  }
  const expandedElements = expandedCount(deps, weights, maxElements) + embeddedElements;
  if (expandedElements > maxElements) throw tooMany(maxElements);
  // A stylesheet that sets a filter could match any element: then everything counts as filtered.
  if (filter) checkFilteredReach(drawn, ownReach, stylesheetSetsFilter(text) ? [0] : filtered, filter);
  return { size, expandedElements };
}

/**
 * A renderer opens a link that is a path (resvg reads <image>/<feImage> hrefs from the server's disk)
 * and finds href by namespace, whatever prefix spells it (x.y:href, é:href). So every attribute whose
 * local name is href must be a fragment (#id) or a data: URL; a value written with an XML reference
 * (&#47;...) is refused too, since the parser would decode it into a path. <a> is a hyperlink, which
 * no renderer follows.
 */
function requireOwnLink(element: string, attribute: string, value: string): void {
  if (element === "a") return;
  const link = value.trim();
  if (link.startsWith("#") || /^data:/i.test(link)) return;
  throw refuse(
    `The SVG's ${attribute} links to "${link.slice(0, 80)}"; only #fragment and data: links are accepted (files and URLs are not read).`,
  );
}

/** Checks an image the file carries; answers how many elements it adds (an SVG image's, expanded). */
function checkEmbedded(attributes: Map<string, string>, options: SvgCostOptions, room: number): number {
  let total = 0;
  for (const [name, value] of attributes) {
    if (localName(name) !== "href") continue;
    const image = embeddedImage(value);
    if (image?.kind === "raster" && image.width * image.height > EMBEDDED_MAX_PIXELS) {
      throw refuse(
        `An embedded image is ${image.width} x ${image.height} pixels; the limit is ${EMBEDDED_MAX_PIXELS / 1e6} million.`,
      );
    }
    if (image?.kind !== "svg") continue;
    const depth = (options.embeddedIn ?? 0) + 1;
    if (depth > SVG_LIMITS.maxEmbeddedDepth)
      throw refuse(`The SVG nests SVG images more than ${SVG_LIMITS.maxEmbeddedDepth} deep (the limit).`);
    const inner = checkSvgCost(image.text, {
      ...options,
      maxElements: Math.max(1, room - total),
      embeddedIn: depth,
    });
    total += inner.expandedElements;
  }
  return total;
}

/** User units are the viewBox's when there is one; output pixels follow the requested raster size. */
function filterContext(
  size: SvgSize | undefined,
  viewBox: [number, number, number, number] | undefined,
  options: SvgCostOptions,
): FilterContext {
  const own = size ?? DEFAULT_VIEWPORT;
  const viewport = viewBox ? { width: viewBox[2], height: viewBox[3] } : own;
  const scale =
    options.width !== undefined
      ? options.width / own.width
      : options.height !== undefined
        ? options.height / own.height
        : Math.min(1, (options.maxEdge ?? 4096) / Math.max(own.width, own.height));
  const outputLongEdge = Math.max(own.width, own.height) * scale;
  return { viewport, pixelsPerUnit: outputLongEdge / Math.max(viewport.width, viewport.height) };
}

function tooMany(limit: number): EngineError {
  return refuse(
    `The SVG has more than ${limit} elements once <use> and other references are expanded (the limit).`,
  );
}

/**
 * Elements drawn from the root with every reference expanded, each id's total computed once (so the
 * count is linear in the file, however large the expansion): an explicit stack, never recursion.
 */
function expandedCount(deps: number[][], weights: number[][], maxElements: number): number {
  if (deps.length === 0) return 0;
  const total = new Float64Array(deps.length);
  const finish = (i: number) => {
    let sum = 1;
    const own = deps[i]!;
    for (let k = 0; k < own.length; k++) sum += weights[i]![k]! * total[own[k]!]!;
    if (sum > maxElements) throw tooMany(maxElements);
    total[i] = sum;
  };
  finishAfterDependencies(deps, 0, newWalkState(deps.length), finish, () => {
    throw refuse(
      "The SVG refers to an element from inside itself (a reference loop), which cannot be drawn.",
    );
  });
  return total[0]!;
}
