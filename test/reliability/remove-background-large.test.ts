// remove-background on the largest picture an upload may be (40 megapixels, UPLOAD_MAX_PIXELS), in
// its engine worker as a task runs it: answered, cut (a gradient backdrop gone, the subject kept), and
// with the process's memory under a generous cap while it works. The fill runs on a working copy of
// at most 1024 px, so only the decode, the full-size mask and the PNG grow with the picture.

import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { UPLOAD_MAX_PIXELS } from "../../src/local-api/engines/ai/decode";
import { closeEngineWorkers, removeBackground } from "../../src/local-api/engines/index";

/** RGBA at 40 Mpx is 160 MB; the decode, its copy in the worker, the mask and the PNG fit well under this. */
const RSS_GROWTH_CAP_BYTES = 1.5 * 1024 ** 3;

afterAll(() => closeEngineWorkers());

describe("remove-background at the largest accepted size", () => {
  it("cuts a 40 Mpx picture with bounded memory", async () => {
    const [width, height] = [8000, 5000];
    expect(width * height).toBe(UPLOAD_MAX_PIXELS);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#eeeeff"/><stop offset="1" stop-color="#444466"/>
      </linearGradient></defs>
      <rect width="${width}" height="${height}" fill="url(#g)"/>
      <circle cx="4000" cy="2500" r="1800" fill="#dd2222"/>
    </svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const out = await removeBackground(png, { timeoutMs: 300_000 }).finally(() => clearInterval(sampler));
    expect(peak - before).toBeLessThan(RSS_GROWTH_CAP_BYTES);
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([width, height, 4]);
    const alpha = (x: number, y: number) => data[(y * width + x) * 4 + 3];
    for (const [x, y] of [
      [5, 5],
      [7990, 4990],
      [7990, 10],
      [10, 4990],
    ] as const)
      expect(alpha(x, y)).toBe(0);
    expect(alpha(4000, 2500)).toBe(255);
    expect(alpha(4000, 2500 - 1750)).toBe(255);
  }, 300_000);
});
