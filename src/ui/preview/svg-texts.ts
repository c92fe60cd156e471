// A preview's SVG text, fetched once for everyone who reads it: the stroke previews (to redraw its
// lines) and the ink measure (to enlarge a small glyph) both need it, often for the same cell in the
// same render, and each fetching its own copy cost two requests per preview. A second reader while
// it is on its way waits for the same request; the text is kept, bounded, for a reader that comes
// later (a weight chosen after the cells were measured).

import { BoundedCache } from "./bounded-cache";
import { type FetchSvgText, fetchSvgText, type SvgText } from "./fetch-svg-text";

/** Well above the cells a window shows at once (about 60 at 600 px). */
export const KEPT_TEXTS = 300;
/** Characters held at most: icons are a few KB; a hostile 512 KB one only crowds out others. */
export const KEPT_TEXT_CHARS = 4 * 1024 * 1024;

export interface SvgTextsDeps {
  fetchText?: FetchSvgText;
  limits?: { texts?: number; chars?: number };
}

export function createSvgTexts(deps: SvgTextsDeps = {}) {
  const fetchText = deps.fetchText ?? fetchSvgText();
  const kept = new BoundedCache<string, SvgText>(
    deps.limits?.texts ?? KEPT_TEXTS,
    (text) => (text.kind === "text" ? text.text.length : 0),
    deps.limits?.chars ?? KEPT_TEXT_CHARS,
  );
  const loading = new Map<string, Promise<SvgText>>();
  let requests = 0;

  return {
    /** The link's SVG text: kept, on its way, or fetched now. */
    read(url: string): Promise<SvgText> {
      const known = kept.get(url);
      if (known) return Promise.resolve(known);
      let pending = loading.get(url);
      if (!pending) {
        requests += 1;
        pending = fetchText(url)
          .catch((): SvgText => ({ kind: "failed" }))
          .then((text) => {
            loading.delete(url);
            // A link that did not answer is not kept: each reader keeps its own outcome for it.
            if (text.kind !== "failed") kept.set(url, text);
            return text;
          });
        loading.set(url, pending);
      }
      return pending;
    },
    /** Fetches made so far. */
    get requests() {
      return requests;
    },
    /** Texts held, by count and in characters. */
    get held() {
      return { texts: kept.size, chars: kept.weight };
    },
  };
}

export type SvgTexts = ReturnType<typeof createSvgTexts>;
