// svg-to-pdf draws only the images a file carries (data: URLs), never a file from the server's disk
// that an upload names by path.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { svgToPdf } from "../../../src/local-api/engines/svg-pdf";
import { samplePng, svgBytes } from "./fixtures";

const imageObjects = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Subtype\s*\/Image/g) ?? []).length;

describe("svg-to-pdf images", () => {
  it("embeds a data: URL image, and refuses to read one named by a path on the server", async () => {
    const png = await samplePng();
    const onDisk = join(mkdtempSync(join(tmpdir(), "pdf-image-")), "secret.png");
    writeFileSync(onDisk, png);
    const svg = (href: string) =>
      svgBytes(
        `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><image href="${href}" width="64" height="64"/></svg>`,
      );
    expect(
      imageObjects(await svgToPdf(svg(`data:image/png;base64,${png.toString("base64")}`))),
    ).toBeGreaterThan(0);
    expect(imageObjects(await svgToPdf(svg(onDisk)))).toBe(0);
    expect(imageObjects(await svgToPdf(svg(`file://${onDisk}`)))).toBe(0);
  });
});
