import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  estimateBackground,
  floodBackground,
  removeBackground,
} from "../../../src/local-api/engines/ai/remove-background";
import { vectorize } from "../../../src/local-api/engines/ai/vectorize";
import { sniff } from "../../../src/local-api/engines/sniff";
import { rgba, SAMPLE_SVG, svgBytes } from "./fixtures";

/** A 240x160 picture: a red disc and a dark bar on a light blue background with mild noise, as JPEG. */
async function productShot(): Promise<Buffer> {
  const { data, info } = await sharp(
    svgBytes(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160">
      <rect width="240" height="160" fill="#dce8f4"/>
      <circle cx="80" cy="80" r="45" fill="#d22"/>
      <rect x="150" y="40" width="50" height="80" rx="6" fill="#234"/>
    </svg>`),
  )
    .raw()
    .toBuffer({ resolveWithObject: true });
  let seed = 1;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 16807) % 2147483647;
    if (i % info.channels !== 3) data[i] = Math.max(0, Math.min(255, data[i]! + ((seed % 9) - 4)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

describe("remove-background", () => {
  it("estimates a noisy flat background from the border", async () => {
    const { data, width, height } = await rgba(await productShot());
    const bg = estimateBackground(data, width, height);
    expect(bg.alreadyTransparent).toBe(false);
    const expected = [0xdc, 0xe8, 0xf4];
    for (const [i, c] of bg.colour.entries()) expect(Math.abs(c - expected[i]!)).toBeLessThan(6);
  });

  it("cuts the subjects out of a flat background with soft edges", async () => {
    const out = await removeBackground(await productShot());
    expect(sniff(out)).toBe("png");
    const image = await rgba(out);
    expect([image.width, image.height]).toEqual([240, 160]);
    const backgroundPoints: Array<[number, number]> = [
      [2, 2],
      [120, 10],
      [237, 157],
      [137, 80],
    ];
    for (const [x, y] of backgroundPoints) expect(image.at(x, y)[3]).toBe(0);
    const disc = image.at(80, 80);
    expect(disc[3]).toBe(255);
    expect(disc[0]).toBeGreaterThan(190);
    expect(image.at(175, 80)[3]).toBe(255);
    // Opaque area close to the drawn area (disc 6362 px + bar about 3970 px).
    let opaque = 0;
    let partial = 0;
    for (let i = 3; i < image.data.length; i += 4) {
      if (image.data[i]! > 127) opaque++;
      if (image.data[i]! > 0 && image.data[i]! < 255) partial++;
    }
    expect(Math.abs(opaque - 10_330) / 10_330).toBeLessThan(0.04);
    expect(partial).toBeGreaterThan(100); // the rim is feathered, not a hard cut
  });

  it("lets other work run while it fills a large background", async () => {
    const side = 3000;
    const distance = new Float32Array(side * side); // every pixel exactly the background's colour
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    const mask = await floodBackground(distance, side, side, 20);
    clearInterval(ticker);
    expect(mask.every((v) => v === 1)).toBe(true);
    expect(ticks).toBeGreaterThan(0);
  });

  it("leaves an already cut-out image as it is", async () => {
    const png = new Resvg(SAMPLE_SVG).render().asPng();
    const out = await rgba(await removeBackground(png));
    const before = await rgba(png);
    expect(Buffer.compare(out.data, before.data)).toBe(0);
  });

  it("refuses non-raster uploads", async () => {
    await expect(removeBackground(svgBytes(SAMPLE_SVG))).rejects.toMatchObject({
      reason: "invalid_input_file",
    });
  });
});

describe("vectorize", () => {
  it("traces a raster into an SVG that renders like the input", async () => {
    const input = await productShot();
    const svg = await vectorize(input);
    expect(sniff(new TextEncoder().encode(svg))).toBe("svg");
    expect(svg).toMatch(/<path /);
    const rendered = new Resvg(svg).render();
    expect([rendered.width, rendered.height]).toEqual([240, 160]);
    const traced = await rgba(rendered.asPng());
    const source = await rgba(input);
    let diff = 0;
    for (let i = 0; i < source.data.length; i += 4) {
      for (let c = 0; c < 3; c++) diff += Math.abs(source.data[i + c]! - traced.data[i + c]!);
    }
    expect(diff / (240 * 160 * 3)).toBeLessThan(12); // mean error per channel, out of 255
    const [r, g, b] = traced.at(80, 80);
    expect(r).toBeGreaterThan(180);
    expect(g + b).toBeLessThan(120);
  });

  it("honours the palette size and refuses a bad one", async () => {
    const svg = await vectorize(await productShot(), { colours: 2 });
    const fills = new Set(svg.match(/fill="[^"]*"/g));
    expect(fills.size).toBeGreaterThan(0);
    expect(fills.size).toBeLessThanOrEqual(2);
    await expect(vectorize(await productShot(), { colours: 1 })).rejects.toMatchObject({
      reason: "invalid_request",
    });
  });

  it("refuses non-raster uploads", async () => {
    await expect(vectorize(svgBytes(SAMPLE_SVG))).rejects.toMatchObject({ reason: "invalid_input_file" });
  });
});
