// Small drawings shown at a size that reads. A set's icon box is the same for every icon, so a
// glyph drawn small inside it (a dot, "<>", a caret) showed as a speck in an empty cell, and looked
// like a picture that failed. Find similar meets many of them (its likeness ignores size). Such a
// drawing is shown enlarged (at most MAX_FIT_SCALE times) so its ink spans most of the box, centred,
// as a normal icon's does; inserting it still places the set's own drawing, box and all.
// The ink is measured once per preview from its SVG (read through the window's SVG texts, the same
// fetch the stroke previews use; drawn on a small canvas as an image, never put in the page); the
// enlarged picture is the same drawing with its viewBox narrowed about the ink, kept, bounded.

import { createContext } from "preact";
import { arrivals } from "./arrivals";
import { BoundedCache } from "./bounded-cache";
import type { FetchSvgText } from "./fetch-svg-text";
import { drawingBox, readDisarmed } from "./stroke-rewrite";
import { svgPicture } from "./stroked-previews";
import { createSvgTexts, type SvgTexts } from "./svg-texts";

/** A drawing's box in its own units. */
type Box = NonNullable<ReturnType<typeof drawingBox>>;

/** Where the ink lies, as shares (0 to 1) of the drawing's box. */
export interface InkShare {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A drawing whose ink spans less than this share of its box, both ways, is small. */
export const SMALL_SHARE = 0.45;
/** What a small drawing's longer side is enlarged to: most of a normal icon's ink on its grid. */
export const FIT_SHARE = 0.6;
/**
 * Enlarged at most this much: a dot stays a dot (a quarter of the box, not a disc), and a line
 * glyph's lines, enlarged with it, stay within a weight or two of the others'.
 */
export const MAX_FIT_SCALE = 3;
/** The canvas side the ink is measured on: enough to place a 1 px line of a 24 px icon. */
const MEASURE_SIDE = 72;
const KEPT = 600;
/** Characters of enlarged pictures held at most: small glyphs are a few hundred each. */
const KEPT_CHARS = 4 * 1024 * 1024;

/** The ink's bounds in an RGBA picture (alpha above a faint edge), as shares, or null when blank. */
export function inkShare(rgba: Uint8ClampedArray, width: number, height: number): InkShare | null {
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3]! < 24) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return null;
  return { x: x0 / width, y: y0 / height, width: (x1 + 1 - x0) / width, height: (y1 + 1 - y0) / height };
}

/** How much a drawing with this ink is enlarged, or null when it is not small (or is blank). */
export function fitScale(ink: InkShare | null): number | null {
  if (!ink) return null;
  const side = Math.max(ink.width, ink.height);
  if (side <= 0 || side >= SMALL_SHARE) return null;
  return Math.min(MAX_FIT_SCALE, FIT_SHARE / side);
}

/**
 * The drawing's viewBox narrowed about its ink's centre by `scale`: the same drawing, larger in the
 * same picture box, drawn sharp (an image enlarged by CSS is drawn at its small size and blurred).
 */
export function fittedViewBox(box: Box, ink: InkShare, scale: number): string {
  const width = box.width / scale;
  const height = box.height / scale;
  const cx = box.x + (ink.x + ink.width / 2) * box.width;
  const cy = box.y + (ink.y + ink.height / 2) * box.height;
  const round = (n: number) => Number(n.toFixed(3));
  return [cx - width / 2, cy - height / 2, width, height].map(round).join(" ");
}

/**
 * The drawing parsed in an inert document and disarmed as the stroke previews are (stroke-rewrite.ts),
 * with its square box; null for one this window does not redraw (too big, a DTD, malformed, not
 * square: icons are).
 */
function readDrawing(svg: string): { root: Element; box: Box } | null {
  const read = readDisarmed(svg);
  if (!("root" in read)) return null;
  const { root } = read;
  const box = drawingBox(root);
  if (!box || Math.abs(box.width - box.height) > box.width / 100) return null;
  root.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
  return { root, box };
}

/**
 * The drawing to measure, drawn at `side` px: with a viewBox alone an SVG image is drawn at the
 * browser's default 300 x 150, and its ink would be measured squeezed.
 */
export function drawingToMeasure(svg: string, side: number): string | null {
  const drawing = readDrawing(svg);
  if (!drawing) return null;
  drawing.root.setAttribute("width", String(side));
  drawing.root.setAttribute("height", String(side));
  return new XMLSerializer().serializeToString(drawing.root);
}

/** A small drawing as a picture enlarged about its ink, or null to show it as drawn. */
export function fittedPicture(svg: string, ink: InkShare | null): string | null {
  const scale = fitScale(ink);
  const drawing = scale === null ? null : readDrawing(svg);
  if (!drawing || !ink || scale === null) return null;
  const { root, box } = drawing;
  root.setAttribute("viewBox", fittedViewBox(box, ink, scale));
  // The picture box sizes it; the drawing's own px size would only pin its old proportions.
  root.removeAttribute("width");
  root.removeAttribute("height");
  return svgPicture(new XMLSerializer().serializeToString(root));
}

/** A 2D canvas to measure on, or null where the page has none (then nothing is fetched to measure). */
function measuringCanvas(): HTMLCanvasElement | null {
  if (typeof document === "undefined" || typeof Image === "undefined") return null;
  const canvas = document.createElement("canvas");
  return canvas.getContext("2d") ? canvas : null;
}

/** Draws SVG text on a canvas as an image and reads its ink; null where the page cannot. */
async function measureInBrowser(svg: string): Promise<InkShare | null> {
  if (!measuringCanvas()) return null;
  try {
    const image = new Image(MEASURE_SIDE, MEASURE_SIDE);
    image.src = svgPicture(svg);
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = MEASURE_SIDE;
    canvas.height = MEASURE_SIDE;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(image, 0, 0, MEASURE_SIDE, MEASURE_SIDE);
    return inkShare(context.getImageData(0, 0, MEASURE_SIDE, MEASURE_SIDE).data, MEASURE_SIDE, MEASURE_SIDE);
  } catch {
    return null;
  }
}

export interface InkFitsDeps {
  /** Where SVG texts are read: the window's one, shared with the stroke previews (no second fetch). */
  texts?: SvgTexts;
  /** Without `texts`: how a text of its own is fetched. */
  fetchText?: FetchSvgText;
  measure?: (svg: string) => Promise<InkShare | null>;
}

export function createInkFits(deps: InkFitsDeps = {}) {
  const texts = deps.texts ?? createSvgTexts(deps.fetchText ? { fetchText: deps.fetchText } : {});
  const measure = deps.measure ?? measureInBrowser;
  /** Known on first use: without a canvas (a test's page) previews are shown as drawn, unfetched. */
  let able: boolean | undefined;
  /** The enlarged picture per preview link, or null when it is shown as drawn. */
  const fits = new BoundedCache<string, { picture: string | null }>(
    KEPT,
    (fit) => fit.picture?.length ?? 0,
    KEPT_CHARS,
  );
  const waiting = arrivals();
  const loading = new Map<string, Promise<void>>();

  /** Keeps a preview's transform and repaints the previews waiting for it. */
  function found(url: string, picture: string | null) {
    fits.set(url, { picture });
    waiting.arrived(url);
  }

  return {
    /**
     * The enlarged picture a preview shows: undefined while measuring (read during render, it
     * repaints once known; call `load`), null when it is shown as drawn.
     */
    fitFor(url: string): string | null | undefined {
      const known = fits.get(url);
      if (known) return known.picture;
      waiting.awaited(url);
      return undefined;
    },
    load(url: string): Promise<void> {
      if (fits.has(url)) return Promise.resolve();
      able ??= deps.measure !== undefined || measuringCanvas() !== null;
      if (!able) {
        found(url, null);
        return Promise.resolve();
      }
      let pending = loading.get(url);
      if (!pending) {
        pending = texts
          .read(url)
          .then(async (text) => {
            const drawn = text.kind === "text" ? drawingToMeasure(text.text, MEASURE_SIDE) : null;
            return drawn && text.kind === "text" ? fittedPicture(text.text, await measure(drawn)) : null;
          })
          .catch(() => null)
          .then((picture) => {
            loading.delete(url);
            found(url, picture);
          });
        loading.set(url, pending);
      }
      return pending;
    },
  };
}

export type InkFits = ReturnType<typeof createInkFits>;

/** Given where small drawings are to be shown enlarged (Find similar); absent, previews are as drawn. */
export const InkFitsContext = createContext<InkFits | null>(null);
