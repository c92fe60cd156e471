// vectorize gives shapes a designer can edit: a packaged icon comes back as a few paths of the same
// shape, colours and holes are kept, the SVG is drawn at the upload's size, and a photograph comes back
// as a bounded poster (or is refused) instead of a multi-megabyte SVG.

import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { TRACE_LIMITS, traceToSvg } from "../../../src/local-api/engines/ai/trace";
import { vectorize } from "../../../src/local-api/engines/ai/vectorize";
import { sniff } from "../../../src/local-api/engines/sniff";
import { closeEngineWorkers } from "../../../src/local-api/engines/workers/run-engine";
import { liveWorkerCount } from "../../../src/local-api/engines/workers/worker-pool";
import { rgba, svgBytes } from "./fixtures";
import {
  anchorCount,
  inkIoU,
  noisyPhoto,
  pathCount,
  renderIconPng,
  renderSvgPng,
  TRACE_ICONS,
} from "./trace-quality";

const KB = 1024;

/** The SVG drawn back at `width` px, as straight RGBA. */
const drawn = (svg: string, width: number) => rgba(renderSvgPng(svg, width));

const rootAttributes = (svg: string) => /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";

describe("vectorize flat art", () => {
  it("gives each packaged icon back as at most 20 paths and 8 KB of the same shape", async () => {
    const ious: number[] = [];
    for (const id of TRACE_ICONS) {
      const png = await renderIconPng(id, 256);
      const svg = await vectorize(png);
      expect(sniff(svgBytes(svg)), id).toBe("svg");
      expect(pathCount(svg), id).toBeLessThanOrEqual(20);
      expect(anchorCount(svg), id).toBeLessThanOrEqual(150); // the old tracer: 190 to 2528
      expect(Buffer.byteLength(svg), id).toBeLessThanOrEqual(8 * KB);
      const iou = await inkIoU(png, svg, 256);
      expect(iou, id).toBeGreaterThan(0.9);
      ious.push(iou);
    }
    ious.sort((a, b) => a - b);
    expect((ious[3]! + ious[4]!) / 2).toBeGreaterThanOrEqual(0.95);
  });

  it("gives a brand-coloured icon saved as JPEG on white back as a few paths, not its artefacts", async () => {
    // JPEG's colour fringes and blocks come back from the quantiser as dozens of near-identical tints;
    // each would be a path of its own.
    for (const id of [TRACE_ICONS[0], TRACE_ICONS[2], TRACE_ICONS[5]]) {
      const icon = await renderIconPng(id, 256);
      const red = await sharp(icon)
        .composite([
          { input: { create: { width: 256, height: 256, channels: 4, background: "#c0392b" } }, blend: "in" },
        ])
        .png()
        .toBuffer();
      const jpeg = await sharp(red).flatten({ background: "#ffffff" }).jpeg({ quality: 85 }).toBuffer();
      const svg = await vectorize(jpeg);
      expect(pathCount(svg), id).toBeLessThanOrEqual(20);
      expect(await inkIoU(red, svg, 256), id).toBeGreaterThan(0.9);
    }
  });

  it("keeps a logo's colours, one path per shape, and its transparent surround", async () => {
    const logo = await sharp(
      svgBytes(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
        <circle cx="70" cy="100" r="50" fill="#e03020"/>
        <rect x="130" y="50" width="80" height="100" rx="12" fill="#2050d0"/>
        <path d="M230 150 L260 50 L290 150 Z" fill="#f0c020"/>
      </svg>`),
    )
      .png()
      .toBuffer();
    const svg = await vectorize(logo);
    expect(pathCount(svg)).toBeLessThanOrEqual(6);
    const out = await drawn(svg, 300);
    const expected: Array<[number, number, readonly number[]]> = [
      [70, 100, [0xe0, 0x30, 0x20]],
      [170, 100, [0x20, 0x50, 0xd0]],
      [260, 130, [0xf0, 0xc0, 0x20]],
    ];
    for (const [x, y, colour] of expected) {
      const pixel = out.at(x, y);
      expect(pixel[3]).toBe(255);
      for (let c = 0; c < 3; c++) expect(Math.abs(pixel[c]! - colour[c]!)).toBeLessThanOrEqual(8);
    }
    expect(out.at(5, 5)[3]).toBe(0);
    expect(out.at(120, 100)[3]).toBe(0); // between the disc and the card
  });

  it("keeps a transparent hole inside an opaque picture as a hole", async () => {
    // The hole touches no edge, so a tracer that keys transparency only from the border paints it.
    const picture = await sharp(
      svgBytes(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
        <path fill-rule="evenodd" fill="#f08010" d="M0 0H200V200H0Z M70 70V130H130V70Z"/>
      </svg>`),
    )
      .png()
      .toBuffer();
    const out = await drawn(await vectorize(picture), 200);
    expect(out.at(100, 100)[3]).toBe(0);
    expect(out.at(20, 20)).toEqual([0xf0, 0x80, 0x10, 255]);
  });

  it("keeps translucent parts as shapes with their opacity, under the opaque ones", async () => {
    // A 40 % disc and a 70 % bar beside an opaque card: cut at half, the disc vanished and the bar
    // came back solid.
    const picture = await sharp(
      svgBytes(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
        <rect x="20" y="40" width="80" height="120" fill="#f08010"/>
        <circle cx="160" cy="100" r="40" fill="#2050d0" fill-opacity="0.4"/>
        <rect x="220" y="30" width="50" height="140" fill="#10a040" fill-opacity="0.7"/>
      </svg>`),
    )
      .png()
      .toBuffer();
    const svg = await vectorize(picture);
    expect(pathCount(svg)).toBeLessThanOrEqual(6);
    const out = await drawn(svg, 300);
    const expected: Array<[number, number, readonly number[]]> = [
      [60, 100, [0xf0, 0x80, 0x10, 255]],
      [160, 100, [0x20, 0x50, 0xd0, 102]],
      [245, 100, [0x10, 0xa0, 0x40, 179]],
    ];
    for (const [x, y, colour] of expected) {
      const pixel = out.at(x, y);
      for (let c = 0; c < 4; c++)
        expect(Math.abs(pixel[c]! - colour[c]!), `${x},${y}`).toBeLessThanOrEqual(10);
    }
    expect(out.at(110, 100)[3]).toBe(0); // between the card and the disc
    expect(out.at(5, 5)[3]).toBe(0);
  });

  it("keeps a wholly translucent picture at its opacity, and refuses one with nothing to trace", async () => {
    const watermark = await sharp(
      svgBytes(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
        <circle cx="100" cy="100" r="60" fill="#2050d0" fill-opacity="0.4"/>
      </svg>`),
    )
      .png()
      .toBuffer();
    const out = await drawn(await vectorize(watermark), 200);
    const [r, g, b, a] = out.at(100, 100);
    expect(Math.abs(a - 102)).toBeLessThanOrEqual(10);
    expect([Math.abs(r - 0x20), Math.abs(g - 0x50), Math.abs(b - 0xd0)].every((d) => d <= 8)).toBe(true);
    expect(out.at(10, 10)[3]).toBe(0);
    // No solid ring where the disc's soft edge was.
    for (const [x, y] of [
      [100, 41],
      [159, 100],
      [100, 159],
      [41, 100],
    ] as const) {
      expect(out.at(x, y)[3], `${x},${y}`).toBeLessThan(200);
    }

    const clear = await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    await expect(vectorize(clear)).rejects.toMatchObject({
      reason: "invalid_input_file",
      message: expect.stringMatching(/nothing to trace/),
    });
  });

  it("is drawn at the upload's size, upright, however small it was traced", async () => {
    const sizeOf = async (svg: string) => {
      const { width, height } = await sharp(svgBytes(svg)).metadata();
      return [width, height];
    };
    const wide = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const wideSvg = await vectorize(wide);
    expect(await sizeOf(wideSvg)).toEqual([1200, 900]);
    expect(rootAttributes(wideSvg)).toMatch(/viewBox="0 0 512 384"/); // traced at 512 px, drawn at 1200
    // A phone photo stored sideways: EXIF orientation 6 turns 300 x 200 pixels into a 200 x 300 picture.
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#cc6633" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sizeOf(await vectorize(sideways))).toEqual([200, 300]);
  });

  it("refuses a damaged image as a bad input", async () => {
    const png = await renderIconPng(TRACE_ICONS[0], 64);
    await expect(vectorize(png.subarray(0, 60))).rejects.toMatchObject({ reason: "invalid_input_file" });
  });
});

describe("vectorize photographs", () => {
  it("bounds a noisy photo to a poster of at most 256 KB and 1000 paths that still looks like it", async () => {
    const photo = await noisyPhoto(1024, 768);
    const svg = await vectorize(photo);
    expect(Buffer.byteLength(svg)).toBeLessThanOrEqual(TRACE_LIMITS.answer.bytes);
    expect(pathCount(svg)).toBeLessThanOrEqual(TRACE_LIMITS.answer.paths);
    expect((await sharp(svgBytes(svg)).metadata()).width).toBe(1024);
    // Compared at 128 px, where the grain averages out: the poster follows the picture's colours.
    const [poster, source] = await Promise.all([
      sharp(renderSvgPng(svg, 1024)).resize(128).removeAlpha().raw().toBuffer(),
      sharp(photo).resize(128).removeAlpha().raw().toBuffer(),
    ]);
    let error = 0;
    for (let i = 0; i < source.length; i++) error += Math.abs(poster[i]! - source[i]!);
    expect(error / source.length).toBeLessThan(32); // mean error per channel, out of 255
  });

  it("refuses, unchanged and with a clear reason, a picture whose poster is still over the cap", async () => {
    const tiny = { bytes: 2 * KB, paths: 4 };
    const error = await traceToSvg(await noisyPhoto(320, 240), 16, { flatArt: tiny, answer: tiny }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ reason: "conversion_failed" });
    expect((error as Error).message).toMatch(/too much fine detail/);
  });

  it("past its deadline answers conversion_timeout, and the worker ends once the native trace returns", async () => {
    // 512 x 512 random pixels in 16 greys: the flat-art trace alone takes seconds, so the deadline
    // falls inside the native call, which cannot be interrupted but is bounded by its input.
    const side = 512;
    const grey = Buffer.alloc(side * side);
    let seed = 11;
    for (let i = 0; i < grey.length; i++) {
      seed = (seed * 16807) % 2147483647;
      grey[i] = (seed % 16) * 17;
    }
    const noise = await sharp(grey, { raw: { width: side, height: side, channels: 1 } })
      .png()
      .toBuffer();
    await closeEngineWorkers();
    await vectorize(await renderIconPng(TRACE_ICONS[0], 64)); // a warm worker, as a running server has
    const error = await vectorize(noise, { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "conversion_timeout" });
    await vi.waitFor(() => expect(liveWorkerCount()).toBe(0), { timeout: 20_000 });
    await expect(vectorize(await renderIconPng(TRACE_ICONS[1], 64))).resolves.toMatch(/<path/);
  });
});
