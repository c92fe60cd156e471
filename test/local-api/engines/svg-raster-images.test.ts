// svg-to-png draws only the images a file carries (data: URLs): resvg would otherwise open a path it
// is given (absolute, relative, or spelled with XML character references) from the server's disk.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { runConversion } from "../../../src/local-api/engines/index";
import { svgBytes } from "./fixtures";

async function firstPixel(png: Buffer): Promise<number[]> {
  const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 4)];
}

describe("svg-to-png images", () => {
  it("draws a data: URL image, and never a file named by a path on the server", async () => {
    const red = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const onDisk = join(mkdtempSync(join(tmpdir(), "raster-image-")), "secret.png");
    writeFileSync(onDisk, red);
    const draw = async (href: string) =>
      firstPixel(
        await runConversion(
          "svg-to-png",
          svgBytes(
            `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8"><image xlink:href="${href}" width="8" height="8"/></svg>`,
          ),
        ),
      );
    expect(await draw(`data:image/png;base64,${red.toString("base64")}`)).toEqual([255, 0, 0, 255]);
    expect(await draw(onDisk)).toEqual([0, 0, 0, 0]);
    expect(await draw(relative(process.cwd(), onDisk))).toEqual([0, 0, 0, 0]);
    expect(await draw(onDisk.replaceAll("/", "&#47;"))).toEqual([0, 0, 0, 0]);
  });
});
