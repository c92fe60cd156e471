// @vitest-environment happy-dom
// The cache behind stroke previews: one fetch per preview however many widths follow, one picture
// per (preview, width, size), a filled icon shown from the same fetched copy, a bound on what is
// held, and the capped read that keeps a 5 MB "icon" from being read or parsed.
import { signal } from "@preact/signals";
import { describe, expect, it } from "vitest";
import { fetchSvgText, type SvgText } from "../../../src/ui/preview/fetch-svg-text";
import type { StrokeLook } from "../../../src/ui/preview/stroke-rewrite";
import { createStrokedPreviews, strokeLookOf } from "../../../src/ui/preview/stroked-previews";

/** A plain line icon: painted on a canvas. */
const LINE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" stroke="#000"><path d="M4 4h16"/></svg>';
/** A line icon with a transform: drawn as a data: picture. */
const SCALED =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" stroke="#000"><g transform="scale(2)"><path d="M2 2h8"/></g></svg>';
const FILLED =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M4 4h16v16z" onclick="x()"/></svg>';

/** The SVG a data: picture holds. */
const svgIn = (src: string) => decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ""));

function setup(
  texts: Record<string, string>,
  limits?: { pictures?: number; svgs?: number; svgChars?: number; pictureChars?: number },
) {
  const fetched: string[] = [];
  const look = signal<StrokeLook | null>({ width: 1, size: 24 });
  const previews = createStrokedPreviews({
    look,
    fetchText: async (url): Promise<SvgText> => {
      fetched.push(url);
      const text = texts[url];
      return text ? { kind: "text", text } : { kind: "failed" };
    },
    ...(limits ? { limits } : {}),
  });
  return { previews, fetched, look };
}

const srcOf = (image: { state: string; src?: string }) => (image.state === "ready" ? image.src! : "");

describe("stroked previews", () => {
  it("fetches each preview once, then draws every width from memory", async () => {
    const { previews, fetched } = setup({ "/a.svg": LINE, "/s.svg": SCALED });
    expect(previews.imageFor("/a.svg", { width: 1, size: 24 })).toEqual({ state: "pending" });
    await Promise.all([previews.load("/a.svg"), previews.load("/a.svg"), previews.load("/s.svg")]);
    // A plain icon: its paths on a canvas, the width in its own units.
    const thin = previews.imageFor("/a.svg", { width: 1, size: 24 });
    expect(thin).toMatchObject({ state: "canvas", strokeUnits: 1 });
    expect(previews.imageFor("/a.svg", { width: 3, size: 48 })).toMatchObject({ strokeUnits: 1.5 });
    expect(thin.state === "canvas" && thin.drawing.ops.map((op) => op.path)).toEqual(["M4 4h16"]);
    // Any other: a data: picture with the width put in (halved under the group's scale of 2).
    const scaled = previews.imageFor("/s.svg", { width: 3, size: 24 });
    expect(srcOf(scaled)).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(svgIn(srcOf(scaled))).toMatch(/stroke-width:1.5px/);
    expect(previews.imageFor("/s.svg", { width: 3, size: 24 })).toEqual(scaled);
    await previews.load("/a.svg");
    expect(fetched).toEqual(["/a.svg", "/s.svg"]);
    expect(previews.requests).toBe(2);
  });

  it("shows a filled icon from its fetched copy, unchanged but disarmed, and a failed one from its link", async () => {
    const { previews, fetched } = setup({ "/filled.svg": FILLED });
    await previews.load("/filled.svg");
    await previews.load("/gone.svg");
    const filled = previews.imageFor("/filled.svg", { width: 2, size: 24 });
    expect(svgIn(srcOf(filled))).not.toMatch(/stroke-width|onclick/);
    expect(svgIn(srcOf(filled))).toContain('d="M4 4h16v16z"');
    // The same picture at any width.
    expect(previews.imageFor("/filled.svg", { width: 3, size: 48 })).toEqual(filled);
    expect(previews.imageFor("/gone.svg", { width: 2, size: 24 })).toEqual({ state: "original" });
    expect(fetched).toEqual(["/filled.svg", "/gone.svg"]);
  });

  it("holds a bounded number of pictures and copies", async () => {
    const texts = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`/${i}.svg`, SCALED]));
    const { previews } = setup(texts, { pictures: 8, svgs: 20 });
    for (const url of Object.keys(texts)) await previews.load(url);
    for (const url of Object.keys(texts).slice(-20)) {
      for (const width of [1, 1.5, 2]) previews.imageFor(url, { width, size: 24 });
    }
    expect(previews.held.pictures).toBe(8);
    // The first ten copies were dropped for the last twenty: asked again, they are fetched again.
    expect(previews.imageFor("/0.svg", { width: 1, size: 24 })).toEqual({ state: "pending" });
  });

  it("holds a bounded number of characters, however big the files", async () => {
    // Each just under the read bound: a hostile service's worst.
    const big = (i: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" stroke="#000"><g transform="scale(2)"><path d="M${i} 0h4"/></g><!--${"x".repeat(400_000)}--></svg>`;
    const texts = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`/${i}.svg`, big(i)]));
    const { previews } = setup(texts, { svgChars: 2_000_000, pictureChars: 3_000_000 });
    for (const url of Object.keys(texts)) {
      await previews.load(url);
      for (const width of [1, 2]) previews.imageFor(url, { width, size: 24 });
    }
    const held = previews.held;
    expect(held.svgChars).toBeLessThanOrEqual(2_000_000);
    expect(held.pictureChars).toBeLessThanOrEqual(3_000_000);
    expect(held.svgs).toBeGreaterThan(0);
    // The last one asked for is still there to be shown.
    expect(previews.imageFor("/11.svg", { width: 2, size: 24 }).state).toBe("ready");
  });

  it("follows the bar's width and size, and keeps one look while they stay the same", () => {
    const settings = signal({ iconStrokeWidth: null as number | null, iconSize: 24, windowWidth: 360 });
    const look = strokeLookOf(settings);
    expect(look.value).toBeNull();
    settings.value = { ...settings.value, iconStrokeWidth: 1.5 };
    const first = look.value;
    expect(first).toEqual({ width: 1.5, size: 24 });
    settings.value = { ...settings.value, windowWidth: 400 };
    expect(look.value).toBe(first);
    settings.value = { ...settings.value, iconSize: 48 };
    expect(look.value).toEqual({ width: 1.5, size: 48 });
  });
});

describe("reading a preview's SVG", () => {
  const answer = (body: string | ReadableStream<Uint8Array>, type = "image/svg+xml", status = 200) =>
    (async () => new Response(body, { status, headers: { "content-type": type } })) as typeof fetch;

  it("reads an SVG, and tells a failed link from a file that is not one", async () => {
    expect(await fetchSvgText(answer(LINE))("/a.svg")).toEqual({ kind: "text", text: LINE });
    expect(await fetchSvgText(answer("gone", "text/plain", 404))("/a.svg")).toEqual({ kind: "failed" });
    expect(await fetchSvgText(answer("\x89PNG", "image/png"))("/a.png")).toEqual({ kind: "not-svg" });
    expect(await fetchSvgText(answer("<html></html>", "text/plain"))("/a")).toEqual({ kind: "not-svg" });
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await fetchSvgText(offline)("/a.svg")).toEqual({ kind: "failed" });
  });

  it("stops reading a hostile endless file at the bound, and never reads the rest", async () => {
    const chunk = new TextEncoder().encode(
      `<svg xmlns="http://www.w3.org/2000/svg">${"<!-- x -->".repeat(6553)}`,
    );
    let sent = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await fetchSvgText(answer(endless))("/huge.svg")).toEqual({ kind: "not-svg" });
    expect(cancelled).toBe(true);
    // Read a little past the bound (one chunk), nowhere near 5 MB.
    expect(sent).toBeLessThan(1024 * 1024);
  });
});
