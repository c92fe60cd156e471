// The line-icon previews redrawn at the stroke width chosen in the insert bar. Each preview's SVG is
// fetched once and kept (bounded); each redrawing is made once per (preview, width, size), kept as a
// blob: image (bounded, revoked when dropped), so changing the width redraws every visible preview
// from memory, in the same render, with no request and no flash of the service's own stroke.
// Views reach it through StrokedPreviewsContext; without it previews are drawn as the service drew
// them (as with no width chosen).

import { computed, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { createContext } from "preact";
import { BoundedCache } from "./bounded-cache";
import { type FetchSvgText, fetchSvgText, type SvgText } from "./fetch-svg-text";
import { rewriteStroke, type StrokeLook } from "./stroke-rewrite";

/** What a preview shows: a redrawn image, nothing yet (its SVG is on its way), or the service's own. */
export type StrokedImage = { state: "ready"; src: string } | { state: "pending" } | { state: "original" };

export interface ObjectUrls {
  create(svg: string): string;
  revoke(url: string): void;
}

const BLOB_URLS: ObjectUrls = {
  create: (svg) => URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" })),
  revoke: (url) => URL.revokeObjectURL(url),
};

/** Well above the cells a window shows at once (about 60 at 600 px), so nothing in view is dropped. */
export const KEPT_TEXTS = 600;
export const KEPT_IMAGES = 400;

export interface StrokedPreviewsDeps {
  /** The width and size Insert will use; null while the icons keep their own stroke. */
  look: ReadonlySignal<StrokeLook | null>;
  fetchText?: FetchSvgText;
  objectUrls?: ObjectUrls;
  limits?: { texts?: number; images?: number };
}

export function createStrokedPreviews(deps: StrokedPreviewsDeps) {
  const objectUrls = deps.objectUrls ?? BLOB_URLS;
  const fetchText = deps.fetchText ?? fetchSvgText();
  const texts = new BoundedCache<string, SvgText>(deps.limits?.texts ?? KEPT_TEXTS);
  const images = new BoundedCache<string, string | null>(deps.limits?.images ?? KEPT_IMAGES, (src) => {
    if (src) objectUrls.revoke(src);
  });
  /** One signal per preview whose SVG is on its way: only the previews waiting for it repaint. */
  const arrivals = new Map<string, Signal<boolean>>();
  const loading = new Map<string, Promise<void>>();
  let requests = 0;

  function arrival(url: string): Signal<boolean> {
    const known = arrivals.get(url);
    if (known) return known;
    const arrived = signal(false);
    arrivals.set(url, arrived);
    return arrived;
  }

  return {
    look: deps.look,
    /**
     * The picture for a line icon's SVG preview at `look`. Read during render: a preview still waiting
     * repaints when its SVG arrives (call `load` for it).
     */
    imageFor(url: string, look: StrokeLook): StrokedImage {
      const text = texts.get(url);
      if (!text) {
        void arrival(url).value;
        return { state: "pending" };
      }
      if (text.kind !== "text") return { state: "original" };
      const key = `${look.width}|${look.size}|${url}`;
      let src = images.get(key);
      if (src === undefined) {
        const drawn = rewriteStroke(text.text, look);
        src = drawn.kind === "stroked" ? objectUrls.create(drawn.svg) : null;
        images.set(key, src);
      }
      return src ? { state: "ready", src } : { state: "original" };
    },
    /** Fetches a preview's SVG once; a second call while it is on its way waits for the same one. */
    load(url: string): Promise<void> {
      if (texts.has(url)) return Promise.resolve();
      let pending = loading.get(url);
      if (!pending) {
        requests += 1;
        pending = fetchText(url)
          .catch((): SvgText => ({ kind: "failed" }))
          .then((text) => {
            texts.set(url, text);
            loading.delete(url);
            const arrived = arrivals.get(url);
            arrivals.delete(url);
            if (arrived) arrived.value = true;
          });
        loading.set(url, pending);
      }
      return pending;
    },
    /** Fetches made so far (the bench counts them: none after the first paint). */
    get requests() {
      return requests;
    },
    /** How many redrawn images are held (each one a live blob: URL). */
    get heldImages() {
      return images.size;
    },
    /** Drops everything and revokes every blob: URL. */
    dispose() {
      images.clear();
      texts.clear();
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
    const next = width && size > 0 ? { width, size } : null;
    if (next?.width !== last?.width || next?.size !== last?.size) last = next;
    return last;
  });
}

export const StrokedPreviewsContext = createContext<StrokedPreviews | null>(null);
