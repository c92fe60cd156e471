// The line-icon previews redrawn at the stroke width chosen in the insert bar. Each preview's SVG is
// fetched once, read once (prepareSvg) and kept, bounded; each width is then one string replacement,
// kept per (preview, width, size), bounded too. Changing the width redraws every visible preview
// from memory in the same render, with no request and no frame of the service's own stroke.
// A plain line icon (Tabler's outline ones are) is painted on a canvas from its paths
// (canvas-drawing.ts): a new width over 54 cells reaches the screen in about 10 ms, where 54 new SVG
// images took 170 (bench/stroke.bench.mjs). Other drawings are data: pictures: Chromium loads those
// in the page's own process, several times faster than blob: ones, and there is nothing to revoke.
// An icon with no stroke is shown from the same fetched copy, so no second request is made for it.
// With no width chosen, previews stay plain <img>s on the service's links, untouched. The first width
// chosen then costs one request per preview in view: the plugin's window has an opaque origin, and
// Chromium keeps no HTTP cache entry for it that the fetch could reuse (measured: 54 requests for the
// 54 cells of "arrow"). Those pictures keep the service's drawing until their redrawing is ready.
// Views reach it through StrokedPreviewsContext; without it previews are drawn as the service drew
// them (as with no width chosen).

import { computed, type ReadonlySignal } from "@preact/signals";
import { createContext } from "preact";
import { arrivals } from "./arrivals";
import { BoundedCache } from "./bounded-cache";
import type { CanvasDrawing } from "./canvas-drawing";
import type { FetchSvgText } from "./fetch-svg-text";
import { chosenStroke } from "./preview-look";
import {
  lookInDrawingUnits,
  type PreparedSvg,
  type PreviewLook,
  prepareSvg,
  type StrokeLook,
  strokeAt,
} from "./stroke-rewrite";
import { createSvgTexts, type SvgTexts } from "./svg-texts";

/** What a preview shows: a picture from the kept copy, nothing yet (on its way), or the service's link. */
export type StrokedImage =
  /** `stroked`: drawn at the look's width; false: a drawing with no stroke, as the service drew it. */
  | { state: "ready"; src: string; stroked: boolean }
  /** A plain line icon, painted on a canvas at `strokeUnits` (its drawing's units). */
  | { state: "canvas"; drawing: CanvasDrawing; strokeUnits: number }
  | { state: "pending" }
  | { state: "original" };

/** An SVG as an image URL: it can only ever be drawn, never run (an <img> or a CSS mask). */
export function svgPicture(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Well above the cells a window shows at once (about 60 at 600 px), so nothing in view is dropped. */
export const KEPT_SVGS = 600;
export const KEPT_PICTURES = 400;
/** Characters held at most: icons are a few KB, so these only bind when files are huge. */
export const KEPT_SVG_CHARS = 8 * 1024 * 1024;
export const KEPT_PICTURE_CHARS = 8 * 1024 * 1024;

/** A preview's kept copy: prepared, or why the service's own link is shown instead. */
type Kept = PreparedSvg | { kind: "unavailable" };

function sizeOf(copy: Kept): number {
  if (copy.kind === "stroked") return copy.template.length;
  return copy.kind === "unstroked" ? copy.svg.length : 0;
}

export interface StrokedPreviewsDeps {
  /** The width and size Insert will use; null while the icons keep their own stroke. */
  look: ReadonlySignal<StrokeLook | null>;
  /** Where SVG texts are read: the window's one, shared with the ink measure (no second fetch). */
  texts?: SvgTexts;
  /** Without `texts`: how a text of its own is fetched. */
  fetchText?: FetchSvgText;
  limits?: { svgs?: number; pictures?: number; svgChars?: number; pictureChars?: number };
}

export function createStrokedPreviews(deps: StrokedPreviewsDeps) {
  const texts = deps.texts ?? createSvgTexts(deps.fetchText ? { fetchText: deps.fetchText } : {});
  const limits = deps.limits ?? {};
  const kept = new BoundedCache<string, Kept>(
    limits.svgs ?? KEPT_SVGS,
    sizeOf,
    limits.svgChars ?? KEPT_SVG_CHARS,
  );
  const pictures = new BoundedCache<string, string>(
    limits.pictures ?? KEPT_PICTURES,
    (src) => src.length,
    limits.pictureChars ?? KEPT_PICTURE_CHARS,
  );
  const waiting = arrivals();
  const loading = new Map<string, Promise<void>>();
  let requests = 0;

  function picture(key: string, draw: () => string): string {
    const known = pictures.get(key);
    if (known !== undefined) return known;
    const made = svgPicture(draw());
    pictures.set(key, made);
    return made;
  }

  return {
    look: deps.look,
    /**
     * The picture for a line icon's SVG preview at `look`. Read during render: a preview still waiting
     * repaints when its SVG arrives (call `load` for it).
     */
    imageFor(url: string, look: PreviewLook): StrokedImage {
      const copy = kept.get(url);
      if (!copy) {
        waiting.awaited(url);
        return { state: "pending" };
      }
      if (copy.kind === "stroked" && copy.drawing)
        return { state: "canvas", drawing: copy.drawing, strokeUnits: lookInDrawingUnits(look, copy) };
      if (copy.kind === "stroked") {
        const key = "scale" in look ? `x${look.scale}` : `${look.width}|${look.size}`;
        const src = picture(`${key}|${url}`, () => strokeAt(copy, look));
        return { state: "ready", src, stroked: true };
      }
      if (copy.kind === "unstroked")
        return { state: "ready", src: picture(`own|${url}`, () => copy.svg), stroked: false };
      return { state: "original" };
    },
    /**
     * The width a line icon's own lines have once inserted at `size` px: Tabler's 2 at 24. Undefined
     * while its SVG is on its way (read during render, it repaints on arrival; call `load`), null for
     * a drawing with no lines or one not read.
     */
    ownStrokePx(url: string, size: number): number | null | undefined {
      const copy = kept.get(url);
      if (!copy) {
        waiting.awaited(url);
        return undefined;
      }
      if (copy.kind !== "stroked") return null;
      return (copy.own * size) / Math.max(copy.box.width, copy.box.height);
    },
    /** Fetches and reads a preview's SVG once; a second call while it is on its way waits for it. */
    load(url: string): Promise<void> {
      if (kept.has(url)) return Promise.resolve();
      let pending = loading.get(url);
      if (!pending) {
        requests += 1;
        pending = texts
          .read(url)
          .then((text): Kept => (text.kind === "text" ? prepareSvg(text.text) : { kind: "unavailable" }))
          .catch((): Kept => ({ kind: "unavailable" }))
          .then((copy) => {
            kept.set(url, copy);
            loading.delete(url);
            waiting.arrived(url);
          });
        loading.set(url, pending);
      }
      return pending;
    },
    /** SVG texts read so far, each at most one fetch (the bench counts them: none after the first paint). */
    get requests() {
      return requests;
    },
    /** What is held: drawn pictures and kept copies, by count and in characters. */
    get held() {
      return {
        pictures: pictures.size,
        pictureChars: pictures.weight,
        svgs: kept.size,
        svgChars: kept.weight,
      };
    },
  };
}

export type StrokedPreviews = ReturnType<typeof createStrokedPreviews>;

/** The look previews are drawn at: the bar's stroke width at its icon size, kept while they are equal. */
export function strokeLookOf(
  settings: ReadonlySignal<{ iconStrokeWidth: number | null; iconSize: number }>,
): ReadonlySignal<StrokeLook | null> {
  let last: StrokeLook | null = null;
  return computed(() => {
    const { iconStrokeWidth: width, iconSize: size } = settings.value;
    const next = chosenStroke(width, size);
    if (next?.width !== last?.width || next?.size !== last?.size) last = next;
    return last;
  });
}

export const StrokedPreviewsContext = createContext<StrokedPreviews | null>(null);
