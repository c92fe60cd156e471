// svg-to-png draws only the images a file carries (data: URLs): resvg would otherwise open a path it
// is given (absolute, relative, or spelled with XML character references) from the server's disk.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { EngineError } from "../../../src/local-api/engines/errors";
import { runConversion } from "../../../src/local-api/engines/index";
import { renderInChildProcess } from "../../../src/local-api/engines/workers/resvg-process";
import { svgBytes } from "./fixtures";

async function firstPixel(png: Buffer): Promise<number[]> {
  const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 4)];
}

describe("svg-to-png images", () => {
  it("draws a data: URL image, and refuses a file named by a path on the server", async () => {
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
    for (const path of [onDisk, relative(process.cwd(), onDisk), onDisk.replaceAll("/", "&#47;")]) {
      await expect(draw(path), path).rejects.toMatchObject({ reason: "invalid_input_file" });
    }
  });
});

describe("svg-to-png links spelled to slip past a filter", () => {
  // A colour no empty canvas has: any pixel of it in an answer came from the file on disk.
  const GREEN = [0x12, 0xab, 0x34, 255];
  const folder = mkdtempSync(join(tmpdir(), "raster-link-"));
  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: "#12ab34" } })
      .png()
      .toBuffer();
  const svgWith = (namespace: string, attribute: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" ${namespace} width="8" height="8"><image ${attribute} width="8" height="8"/></svg>`;
  const XLINK = "http://www.w3.org/1999/xlink";
  const variants = async (): Promise<Array<[label: string, svg: string]>> => {
    const plain = join(folder, "plain.png");
    const single = join(folder, "a'b.png");
    const double = join(folder, 'a"b.png');
    for (const path of [plain, single, double]) writeFileSync(path, await png());
    return [
      ["a dotted prefix", svgWith(`xmlns:x.y="${XLINK}"`, `x.y:href="${plain}"`)],
      ["a non-ASCII prefix", svgWith(`xmlns:é="${XLINK}"`, `é:href="${plain}"`)],
      ["a single quote inside double quotes", svgWith("", `href="${single}"`)],
      ["a double quote inside single quotes", svgWith("", `href='${double}'`)],
    ];
  };
  const hasGreen = async (png: Buffer) => {
    const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i += 4)
      if (GREEN.every((value, k) => data[i + k] === value)) return true;
    return false;
  };

  it("draws the file when nothing stands in the way (so each spelling is a live path)", async () => {
    for (const [label, svg] of await variants()) {
      expect(await hasGreen(new Resvg(svg).render().asPng()), label).toBe(true);
    }
  });

  it("refuses each spelling at the cost check, naming the rule", async () => {
    for (const [label, svg] of await variants()) {
      const answer = await runConversion("svg-to-png", svgBytes(svg)).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(answer, label).toBeInstanceOf(EngineError);
      expect((answer as EngineError).reason, label).toBe("invalid_input_file");
      expect((answer as EngineError).message, label).toMatch(/only #fragment and data: links/);
    }
  });

  it("draws no pixel of the file in the render process either (the second layer)", async () => {
    for (const [label, svg] of await variants()) {
      const png = await renderInChildProcess(
        { svg: svgBytes(svg), edge: undefined, maxEdge: 64 },
        { timeoutMs: 20_000 },
      );
      expect(await hasGreen(png), label).toBe(false);
    }
  });
});
