// Reads a preview's SVG text once, for redrawing it with another stroke. The preview link (written
// from the proxy's grant) needs no token (the proxy answers null-origin CORS for it), and the proxy marks it immutable until
// it expires, so the browser's cache can answer a link an <img> already loaded. Reading stops at
// MAX_SVG_CHARS: a hostile 5 MB "icon" is never read to the end, nor parsed.

import { MAX_SVG_CHARS } from "./stroke-rewrite";

export type SvgText =
  | { kind: "text"; text: string }
  /** Not an SVG, or too big to redraw: shown as the service drew it. */
  | { kind: "not-svg" }
  /** The link did not answer (expired, offline): the plain <img> tries it and reports the failure. */
  | { kind: "failed" };

export type FetchSvgText = (url: string) => Promise<SvgText>;

export function fetchSvgText(fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): FetchSvgText {
  return async (url) => {
    let response: Response;
    try {
      response = await fetcher(url, { credentials: "omit" });
    } catch {
      return { kind: "failed" };
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: "failed" };
    }
    const type = response.headers.get("content-type") ?? "";
    if (type && !/svg|xml|text\/plain|octet-stream/i.test(type)) {
      await response.body.cancel().catch(() => undefined);
      return { kind: "not-svg" };
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += value;
        if (text.length > MAX_SVG_CHARS) {
          await reader.cancel().catch(() => undefined);
          return { kind: "not-svg" };
        }
      }
    } catch {
      return { kind: "failed" };
    }
    return /<svg[\s>]/i.test(text) ? { kind: "text", text } : { kind: "not-svg" };
  };
}
