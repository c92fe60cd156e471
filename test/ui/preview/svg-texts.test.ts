// @vitest-environment happy-dom
// A preview's SVG is fetched once for everyone who reads it: the stroke previews (its lines redrawn)
// and the ink measure (a small glyph enlarged) share one request, at once or one after the other.
import { signal } from "@preact/signals";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SvgText } from "../../../src/ui/preview/fetch-svg-text";
import { createInkFits } from "../../../src/ui/preview/ink-fit";
import { createStrokedPreviews } from "../../../src/ui/preview/stroked-previews";
import { createSvgTexts } from "../../../src/ui/preview/svg-texts";
import { buildApp } from "../support/mount";

const LINE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" stroke="#000" stroke-width="2" fill="none"><path d="M4 12h16"/></svg>';
const whole = { x: 0, y: 0, width: 1, height: 1 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("svg texts", () => {
  it("gives the stroke previews and the ink measure one fetch per link", async () => {
    const fetched: string[] = [];
    const texts = createSvgTexts({
      fetchText: async (url): Promise<SvgText> => {
        fetched.push(url);
        return { kind: "text", text: LINE };
      },
    });
    const strokes = createStrokedPreviews({ look: signal({ width: 1, size: 24 }), texts });
    const fits = createInkFits({ texts, measure: async () => whole });
    // The same cell's two readers in one render, then a later one for another link.
    await Promise.all([strokes.load("/a.svg"), fits.load("/a.svg")]);
    await fits.load("/b.svg");
    await strokes.load("/b.svg");
    expect(fetched).toEqual(["/a.svg", "/b.svg"]);
    expect(strokes.imageFor("/b.svg", { width: 1, size: 24 })).toMatchObject({ state: "canvas" });
    expect(fits.fitFor("/b.svg")).toBeNull();
  });

  it("asks again for a link that did not answer, and keeps what did within its bounds", async () => {
    let answers = 0;
    const texts = createSvgTexts({
      fetchText: async (): Promise<SvgText> =>
        answers++ === 0 ? { kind: "failed" } : { kind: "text", text: LINE },
      limits: { texts: 2 },
    });
    expect(await texts.read("/a.svg")).toEqual({ kind: "failed" });
    expect(await texts.read("/a.svg")).toEqual({ kind: "text", text: LINE });
    await texts.read("/b.svg");
    await texts.read("/c.svg");
    expect(texts.held.texts).toBe(2);
    expect(texts.requests).toBe(4);
  });

  it("is one for the window: its stroke previews and Find similar's ink measure share it", async () => {
    const fetch = vi.fn(
      async (_url: string) => new Response(LINE, { headers: { "content-type": "image/svg+xml" } }),
    );
    vi.stubGlobal("fetch", fetch);
    // A page that can measure ink (happy-dom draws no canvas): the measure reads the text too.
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({} as never);
    const { app } = buildApp({ routes: [] });
    await Promise.all([app.strokedPreviews.load("/p/a.svg"), app.inkFits.load("/p/a.svg")]);
    await app.inkFits.load("/p/b.svg");
    await app.strokedPreviews.load("/p/b.svg");
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/p/a.svg", "/p/b.svg"]);
  });
});
