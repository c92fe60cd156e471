import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderLottieFrame } from "../../../src/local-api/engines/lottie/render-frame";
import { sniff } from "../../../src/local-api/engines/sniff";
import { svgToLottie } from "../../../src/local-api/engines/svg-lottie/index";
import { rasteriseSvg } from "../../../src/local-api/engines/svg-render";
import { svgBytes } from "./fixtures";
import { allIcons, random, sample } from "./icon-set";

/** Every element and feature the converter claims to handle, in one drawing. */
const KITCHEN_SINK = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="160" viewBox="0 0 100 80" color="#8a2be2">
  <rect x="4" y="4" width="30" height="20" rx="5" fill="#ff8800" stroke="navy" stroke-width="2"/>
  <circle cx="55" cy="14" r="10" fill="currentColor" fill-opacity="0.5"/>
  <ellipse cx="85" cy="14" rx="10" ry="6" style="fill: rgb(0, 128, 0); stroke: black; stroke-width: 1.5"/>
  <line x1="4" y1="34" x2="40" y2="44" stroke="red" stroke-width="3" stroke-linecap="round"/>
  <polyline points="50,30 60,44 70,30 80,44" fill="none" stroke="#0aa" stroke-width="2" stroke-linejoin="round"/>
  <polygon points="88,30 96,44 80,44" fill="gold"/>
  <g transform="translate(10 50) rotate(10)" opacity="0.8">
    <path d="M0 0 h20 v10 H0 z M5 2 h10 v6 h-10 z" fill="#333" fill-rule="evenodd"/>
    <path d="M30 0 q10 -8 20 0 t20 0 c5 5 5 10 0 15 s-10 5 -15 0" fill="none" stroke="purple" stroke-width="2"/>
    <path d="M75 5 a8 6 30 1 1 0.01 0 Z" fill="#e91e63" stroke="#000" stroke-opacity="0.6"/>
  </g>
</svg>`;

async function svgPixels(svg: string, width: number) {
  return sharp(rasteriseSvg(svg, { width })).ensureAlpha().raw().toBuffer();
}

/** Similarity of two RGBA images as seen on white: 1 - mean absolute channel difference. */
function onWhiteSimilarity(a: Uint8Array, b: Uint8Array): number {
  let diff = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const va = a[i + c]! * (a[i + 3]! / 255) + 255 * (1 - a[i + 3]! / 255);
      const vb = b[i + c]! * (b[i + 3]! / 255) + 255 * (1 - b[i + 3]! / 255);
      diff += Math.abs(va - vb);
    }
  }
  return 1 - diff / ((a.length / 4) * 3 * 255);
}

/** Intersection over union of the drawn pixels (alpha above 3/8, so half-transparent fills count). */
function inkIou(a: Uint8Array, b: Uint8Array): number {
  let [both, either] = [0, 0];
  for (let i = 3; i < a.length; i += 4) {
    const [x, y] = [a[i]! > 96, b[i]! > 96];
    if (x && y) both++;
    if (x || y) either++;
  }
  return both / either;
}

describe("svg-to-lottie", () => {
  it("draws every supported element like the SVG renderer does", async () => {
    const lottie = await svgToLottie(svgBytes(KITCHEN_SINK));
    expect(sniff(lottie)).toBe("lottie");
    const json = JSON.parse(lottie.toString());
    expect([json.w, json.h, json.fr, json.op]).toEqual([200, 160, 30, 30]);
    expect(json.layers[0].shapes).toHaveLength(9);
    const fromLottie = await renderLottieFrame(lottie.toString(), { width: 200, height: 160, frame: 0 });
    const fromSvg = await svgPixels(KITCHEN_SINK, 200);
    expect(inkIou(fromLottie, fromSvg)).toBeGreaterThan(0.93);
    expect(onWhiteSimilarity(fromLottie, fromSvg)).toBeGreaterThan(0.98);
  });

  it("converts real icons (tabler outline and filled, phosphor) faithfully", async () => {
    const icons = sample(allIcons(), 16, random(7));
    const scores: number[] = [];
    for (const icon of icons) {
      const lottie = await svgToLottie(svgBytes(icon.svg));
      const json = JSON.parse(lottie.toString());
      const size = 96;
      const fromLottie = await renderLottieFrame(lottie.toString(), { width: size, height: size, frame: 0 });
      expect([json.w, json.h].every((n: number) => n > 0)).toBe(true);
      const fromSvg = await svgPixels(icon.svg, size);
      scores.push(inkIou(fromLottie, fromSvg));
    }
    scores.sort((a, b) => a - b);
    expect(scores[Math.floor(scores.length / 2)]).toBeGreaterThan(0.95);
    expect(scores[0]).toBeGreaterThan(0.85);
  }, 60_000);

  it("fade-in starts invisible and ends as the drawing", async () => {
    const lottie = (await svgToLottie(svgBytes(KITCHEN_SINK), { preset: "fade-in" })).toString();
    const first = await renderLottieFrame(lottie, { width: 200, height: 160, frame: 0 });
    const last = await renderLottieFrame(lottie, { width: 200, height: 160, frame: 44 });
    expect(first.every((v, i) => i % 4 !== 3 || v === 0)).toBe(true);
    expect(inkIou(last, await svgPixels(KITCHEN_SINK, 200))).toBeGreaterThan(0.93);
  });

  it("draw traces strokes along their length before the fills appear", async () => {
    const outline = allIcons().find((i) => i.uuid === "tabler-outline/circle")!;
    const lottie = (await svgToLottie(svgBytes(outline.svg), { preset: "draw" })).toString();
    const ink = async (frame: number) =>
      (await renderLottieFrame(lottie, { width: 96, height: 96, frame })).filter(
        (v, i) => i % 4 === 3 && v > 127,
      ).length;
    const [start, middle, end] = [await ink(0), await ink(18), await ink(59)];
    expect(start).toBe(0);
    expect(middle).toBeGreaterThan(end * 0.2);
    expect(middle).toBeLessThan(end * 0.8);
  });

  it("refuses unknown presets, SVGs with nothing to draw, and non-SVG input", async () => {
    await expect(svgToLottie(svgBytes(KITCHEN_SINK), { preset: "spin" })).rejects.toMatchObject({
      reason: "invalid_request",
    });
    await expect(
      svgToLottie(
        svgBytes('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>hi</text></svg>'),
      ),
    ).rejects.toMatchObject({ reason: "invalid_input_file" });
    await expect(svgToLottie(new TextEncoder().encode("{}"))).rejects.toMatchObject({
      reason: "invalid_input_file",
    });
  });
});
