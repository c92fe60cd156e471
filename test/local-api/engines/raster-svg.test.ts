import { unzlibSync } from "fflate";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpgToPng, pngToJpg } from "../../../src/local-api/engines/raster";
import { svgToPdf } from "../../../src/local-api/engines/svg-pdf";
import { svgToJpg, svgToPng } from "../../../src/local-api/engines/svg-render";
import { rgba, SAMPLE_SVG, samplePng, svgBytes } from "./fixtures";

const close = (actual: readonly number[], expected: readonly number[], tolerance = 12) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);

describe("png-to-jpg and jpg-to-png", () => {
  it("png-to-jpg keeps size and colours and puts transparency on white", async () => {
    const transparent = await sharp({
      create: { width: 20, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    for (const [input, probe, expected] of [
      [await samplePng(), [32, 24], [255, 0, 0]],
      [transparent, [5, 5], [255, 255, 255]],
    ] as const) {
      const jpg = await pngToJpg(input);
      const meta = await sharp(jpg).metadata();
      expect(meta.format).toBe("jpeg");
      const inputMeta = await sharp(input).metadata();
      expect([meta.width, meta.height]).toEqual([inputMeta.width, inputMeta.height]);
      const decoded = await rgba(jpg);
      expect(close(decoded.at(probe[0], probe[1]).slice(0, 3), expected)).toBe(true);
    }
  });

  it("jpg-to-png gives a lossless PNG of the decoded photo", async () => {
    const jpg = await sharp(await samplePng())
      .jpeg({ quality: 95 })
      .toBuffer();
    const png = await jpgToPng(jpg);
    expect((await sharp(png).metadata()).format).toBe("png");
    const [a, b] = [await rgba(png), await rgba(jpg)];
    expect(Buffer.compare(a.data, b.data)).toBe(0);
  });

  it("refuses the wrong input, and damaged files that only look right", async () => {
    const png = await samplePng();
    await expect(pngToJpg(png.subarray(0, 60))).rejects.toMatchObject({ reason: "invalid_input_file" });
    await expect(pngToJpg(png.subarray(0, png.length - 20))).rejects.toMatchObject({
      reason: "invalid_input_file",
    });
    await expect(pngToJpg(svgBytes(SAMPLE_SVG))).rejects.toMatchObject({ reason: "invalid_input_file" });
    await expect(jpgToPng(await samplePng())).rejects.toMatchObject({ reason: "invalid_input_file" });
  });
});

describe("svg-to-png and svg-to-jpg", () => {
  it("renders at the SVG's own size with the right shapes and a transparent background", async () => {
    const png = await rgba(await svgToPng(svgBytes(SAMPLE_SVG)));
    expect([png.width, png.height]).toEqual([120, 80]);
    expect(png.at(30, 40)).toEqual([0, 255, 0, 255]); // inside the rect (viewBox scaled x2)
    expect(png.at(90, 40)).toEqual([0, 0, 255, 255]); // circle centre
    expect(png.at(2, 2)[3]).toBe(0);
  });

  it("scales to a requested width, keeping the aspect ratio", async () => {
    const png = await rgba(await svgToPng(svgBytes(SAMPLE_SVG), { width: 300 }));
    expect([png.width, png.height]).toEqual([300, 200]);
  });

  it("caps an SVG that declares a huge size at 4096 px on its long side", async () => {
    const huge =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10000" height="5000"><rect width="10000" height="5000" fill="red"/></svg>';
    const meta = await sharp(await svgToPng(svgBytes(huge))).metadata();
    expect([meta.width, meta.height]).toEqual([4096, 2048]);
  });

  it("svg-to-jpg is a JPEG on white", async () => {
    const jpg = await svgToJpg(svgBytes(SAMPLE_SVG));
    expect((await sharp(jpg).metadata()).format).toBe("jpeg");
    const decoded = await rgba(jpg);
    expect(close(decoded.at(2, 2).slice(0, 3), [255, 255, 255])).toBe(true);
    expect(close(decoded.at(90, 40).slice(0, 3), [0, 0, 255], 20)).toBe(true);
  });

  it("draws SVG that leaves out the namespace, as browsers do", async () => {
    const png = await rgba(
      await svgToPng(svgBytes('<svg width="20" height="10"><rect width="20" height="10" fill="red"/></svg>')),
    );
    expect([png.width, png.height]).toEqual([20, 10]);
    expect(png.at(5, 5)).toEqual([255, 0, 0, 255]);
  });

  it("refuses an SVG it cannot size as invalid input", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="-5" height="abc"><rect width="9" height="9"/></svg>';
    await expect(svgToPng(svgBytes(svg))).rejects.toMatchObject({ reason: "invalid_input_file" });
  });

  it("refuses sizes out of bounds and non-SVG input", async () => {
    await expect(svgToPng(svgBytes(SAMPLE_SVG), { width: 5000 })).rejects.toMatchObject({
      reason: "invalid_request",
    });
    await expect(svgToPng(await samplePng())).rejects.toMatchObject({ reason: "invalid_input_file" });
  });
});

describe("svg-to-pdf", () => {
  it("writes one page at the SVG's physical size with its shapes as vector paths", async () => {
    const pdf = await svgToPdf(svgBytes(SAMPLE_SVG));
    const text = pdf.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    // 120 x 80 CSS px = 90 x 60 pt
    expect(/\/MediaBox \[([^\]]+)\]/.exec(text)?.[1]?.trim().split(/\s+/).map(Number)).toEqual([
      0, 0, 90, 60,
    ]);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    const streams = [...text.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) =>
      new TextDecoder().decode(unzlibSync(new Uint8Array(Buffer.from(m[1]!, "latin1")))),
    );
    const content = streams.join("\n");
    expect(content).toMatch(/0 1 0 scn/); // the green fill
    expect(content).toMatch(/0 0 1 scn/); // the blue fill
    expect(content).toMatch(/ c\n/); // the circle is drawn with bezier curves
  });

  it("reads physical units: a 2in x 1in SVG is a 144 x 72 pt page", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="2in" height="1in"><rect width="10" height="10"/></svg>';
    const text = (await svgToPdf(svgBytes(svg))).toString("latin1");
    expect(/\/MediaBox \[([^\]]+)\]/.exec(text)?.[1]?.trim().split(/\s+/).map(Number)).toEqual([
      0, 0, 144, 72,
    ]);
  });
});
