// @vitest-environment happy-dom
// Small drawings (a dot, "<>") shown at a size that reads: the ink measured once per preview, a
// small one enlarged about its centre (at most MAX_FIT_SCALE times), a normal one left as drawn.
import { describe, expect, it } from "vitest";
import {
  createInkFits,
  FIT_SHARE,
  fitScale,
  fittedPicture,
  fittedViewBox,
  type InkShare,
  inkShare,
  MAX_FIT_SCALE,
  SMALL_SHARE,
} from "../../../src/ui/preview/ink-fit";

/** A side x side RGBA picture with ink on the given box (in pixels). */
function picture(side: number, x0: number, y0: number, x1: number, y1: number): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(side * side * 4);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) rgba[(y * side + x) * 4 + 3] = 255;
  return rgba;
}

describe("inkShare", () => {
  it("finds the ink's box as shares of the picture, and none in a blank one", () => {
    expect(inkShare(picture(10, 2, 4, 5, 5), 10, 10)).toEqual({ x: 0.2, y: 0.4, width: 0.4, height: 0.2 });
    expect(inkShare(new Uint8ClampedArray(400), 10, 10)).toBeNull();
  });
});

describe("fitScale and fittedViewBox", () => {
  it("leaves a drawing that fills its box as it is", () => {
    expect(fitScale({ x: 0.08, y: 0.08, width: 0.84, height: 0.84 })).toBeNull();
    expect(fitScale({ x: 0.3, y: 0, width: SMALL_SHARE, height: 0.2 })).toBeNull();
    expect(fitScale(null)).toBeNull();
  });

  it("enlarges a small glyph to FIT_SHARE about its centre, and a dot at most MAX_FIT_SCALE times", () => {
    // "<>" off-centre in a 24-unit box: a third of it wide, low in it.
    const code: InkShare = { x: 0.35, y: 0.5, width: 0.3, height: 0.2 };
    const scale = fitScale(code)!;
    expect(scale).toBeCloseTo(FIT_SHARE / 0.3, 5);
    // Centred on the ink's centre (12, 14.4), the box shrunk by the scale.
    const side = 24 / scale;
    expect(fittedViewBox({ x: 0, y: 0, width: 24, height: 24 }, code, scale)).toBe(
      [12 - side / 2, 14.4 - side / 2, side, side].map((n) => Number(n.toFixed(3))).join(" "),
    );
    expect(fitScale({ x: 0.45, y: 0.45, width: 0.1, height: 0.1 })).toBe(MAX_FIT_SCALE);
  });
});

describe("createInkFits", () => {
  it("measures each preview once, repaints when known, and shows an unreadable one as drawn", async () => {
    const fetched: string[] = [];
    const measured: string[] = [];
    const svg = (name: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256"><path d="M0 0" id="${name}"/></svg>`;
    const fits = createInkFits({
      fetchText: async (url) => {
        fetched.push(url);
        return url.includes("broken") ? { kind: "failed" } : { kind: "text", text: svg(url) };
      },
      measure: async (text) => {
        measured.push(text);
        return text.includes("dot")
          ? { x: 0.45, y: 0.45, width: 0.1, height: 0.1 }
          : { x: 0, y: 0, width: 1, height: 1 };
      },
    });
    expect(fits.fitFor("a/dot.svg")).toBeUndefined();
    await Promise.all([fits.load("a/dot.svg"), fits.load("a/dot.svg"), fits.load("a/star.svg")]);
    await fits.load("a/broken.svg");
    const dot = decodeURIComponent(fits.fitFor("a/dot.svg")!);
    // The same drawing, its box narrowed three times about the dot's centre (128, 128).
    expect(dot).toMatch(/^data:image\/svg\+xml/);
    expect(dot).toContain('viewBox="85.333 85.333 85.333 85.333"');
    expect(dot).toContain('id="a/dot.svg"');
    expect(fits.fitFor("a/star.svg")).toBeNull();
    expect(fits.fitFor("a/broken.svg")).toBeNull();
    await fits.load("a/dot.svg");
    expect(fetched).toEqual(["a/dot.svg", "a/star.svg", "a/broken.svg"]);
    // Measured at a known square size: a viewBox alone draws as an image at 300 x 150, squeezed.
    expect(measured).toHaveLength(2);
    for (const text of measured) expect(text).toMatch(/width="72" height="72"/);
  });

  it("disarms what it redraws: no script or handler survives", () => {
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="x()"><script>x()</script><circle cx="12" cy="12" r="1" onclick="y()"/></svg>';
    const picture = decodeURIComponent(
      fittedPicture(hostile, { x: 0.45, y: 0.45, width: 0.1, height: 0.1 })!,
    );
    expect(picture).not.toMatch(/script|onload|onclick/);
    expect(picture).toContain("<circle");
  });
});
