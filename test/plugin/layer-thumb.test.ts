// A layer's small picture for the window's list rows: a PNG whose long side is at most what was asked
// (a small icon doubled for a sharp 2x tile, never past the bound), and quiet when the layer is gone:
// no picture, no error, no notice on the canvas, where export-selection would announce the failure.
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { ICON_SVG } from "../figma/fixtures";
import { type Booted, bootPlugin } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

describe("layer-thumb", () => {
  it("exports a PNG bounded by maxSide, a small icon at twice its size", async () => {
    app = await bootPlugin();
    const wide = app.figma.createNodeFromSvg(ICON_SVG);
    wide.resize(600, 300);
    const icon = app.figma.createNodeFromSvg(ICON_SVG);
    icon.resize(16, 16);
    const big = await app.port.request("layer-thumb", { nodeId: wide.id, maxSide: 48 });
    expect(await sharp(big.bytes!).metadata()).toMatchObject({ format: "png", width: 48, height: 24 });
    const small = await app.port.request("layer-thumb", { nodeId: icon.id, maxSide: 48 });
    expect(await sharp(small.bytes!).metadata()).toMatchObject({ format: "png", width: 32, height: 32 });
  });

  it("answers without a picture for a layer gone, and says nothing on the canvas", async () => {
    app = await bootPlugin();
    const frame = app.figma.createNodeFromSvg(ICON_SVG);
    const id = frame.id;
    frame.remove();
    expect(await app.port.request("layer-thumb", { nodeId: id, maxSide: 48 })).toEqual({});
    expect(await app.port.request("layer-thumb", { nodeId: "999:999", maxSide: 48 })).toEqual({});
    expect(app.emu.notifications).toEqual([]);
  });

  it("refuses a bound past what a list row needs", async () => {
    app = await bootPlugin();
    const frame = app.figma.createNodeFromSvg(ICON_SVG);
    await expect(app.port.request("layer-thumb", { nodeId: frame.id, maxSide: 4096 })).rejects.toMatchObject({
      reason: "invalid_message",
    });
  });
});
