// Work on a layer: export it for the service, then place what comes back (vector over the source,
// image fill swapped in place, or a new node when the source is gone).
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { ICON_SVG, jpgBytes, pngBytes } from "../figma/fixtures";
import type { EmuFrame, EmuRectangle } from "../figma/node-types";
import { type Booted, bootPlugin } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

async function imageLayer(width: number, height: number) {
  const rect = app.figma.createRectangle();
  rect.name = "Photo";
  rect.resize(width, height);
  rect.x = 40;
  rect.y = 60;
  rect.fills = [
    {
      type: "IMAGE",
      imageHash: app.figma.createImage(await pngBytes(width, height)).hash,
      scaleMode: "FILL",
    },
  ];
  return rect;
}

describe("export-selection", () => {
  it("exports PNG bytes that decode, long side bounded", async () => {
    app = await bootPlugin();
    const frame = app.figma.createNodeFromSvg(ICON_SVG);
    frame.resize(600, 300);
    app.page.selection = [frame];
    const out = await app.port.request("export-selection", { format: "PNG", maxSide: 512 });
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 256]);
    expect(out).toMatchObject({ nodeId: frame.id, mimeType: "image/png", width: 512, height: 256 });
  });

  it("doubles a small icon for a crisper upload, JPG and SVG too", async () => {
    app = await bootPlugin();
    const frame = app.figma.createNodeFromSvg(ICON_SVG);
    app.page.selection = [frame];
    const jpg = await app.port.request("export-selection", { format: "JPG" });
    expect(await sharp(jpg.bytes).metadata()).toMatchObject({ format: "jpeg", width: 48, height: 48 });
    const svg = await app.port.request("export-selection", { format: "SVG" });
    expect(Buffer.from(svg.bytes).toString()).toMatch(/^<svg/);
    expect(svg.mimeType).toBe("image/svg+xml");
  });

  it("exports an image layer's own pixels", async () => {
    app = await bootPlugin();
    app.page.selection = [await imageLayer(100, 50)];
    const out = await app.port.request("export-selection", { format: "PNG", maxSide: 100 });
    const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, data[0], data[1], data[2]]).toEqual([100, 50, 255, 0, 0]);
  });

  it("says what is wrong when nothing is selected or the layer is gone", async () => {
    app = await bootPlugin();
    await expect(app.port.request("export-selection", { format: "PNG" })).rejects.toMatchObject({
      reason: "nothing_selected",
    });
    await expect(
      app.port.request("export-selection", { format: "PNG", nodeId: "77:77" }),
    ).rejects.toMatchObject({
      reason: "node_not_found",
    });
  });
});

describe("place-result", () => {
  it("puts a vectorized result exactly over its source, named after it, source hidden", async () => {
    app = await bootPlugin();
    const source = await imageLayer(120, 80);
    const above = app.figma.createRectangle();
    const out = await app.port.request("place-result", {
      mode: "over-source",
      content: { kind: "svg", svg: ICON_SVG },
      sourceNodeId: source.id,
      hideSource: true,
    });
    const node = (await app.figma.getNodeByIdAsync(out.nodeIds[0]!)) as EmuFrame;
    expect([node.name, node.x, node.y, node.width, node.height]).toEqual(["Photo", 40, 60, 120, 80]);
    expect(app.page.children.map((c) => c.id)).toEqual([source.id, node.id, above.id]);
    expect(source.visible).toBe(false);
    expect(out.sourceMissing).toBe(false);
    expect(app.page.selection).toEqual([node]);
  });

  it("keeps the source visible when asked, and floats over it inside auto-layout", async () => {
    app = await bootPlugin();
    const row = app.figma.createFrame();
    row.layoutMode = "HORIZONTAL";
    const source = await imageLayer(50, 50);
    row.appendChild(source);
    const out = await app.port.request("place-result", {
      mode: "over-source",
      content: { kind: "svg", svg: ICON_SVG },
      sourceNodeId: source.id,
    });
    const node = (await app.figma.getNodeByIdAsync(out.nodeIds[0]!)) as EmuFrame;
    expect(source.visible).toBe(true);
    expect([node.x, node.y, node.layoutPositioning]).toEqual([source.x, source.y, "ABSOLUTE"]);
  });

  it("swaps an image fill in place as one undo step", async () => {
    app = await bootPlugin();
    const source = await imageLayer(64, 64);
    const oldHash = (source.fills[0] as ImagePaint).imageHash;
    const undo = app.emu.state.undoCommits;
    const bytes = await pngBytes(64, 64, "#00ff00");
    const out = await app.port.request("place-result", {
      mode: "replace-fill",
      content: { kind: "image", format: "png", bytes },
      sourceNodeId: source.id,
    });
    expect(out.nodeIds).toEqual([source.id]);
    const fill = source.fills[0] as ImagePaint;
    expect(fill.imageHash).not.toBe(oldHash);
    expect(fill.scaleMode).toBe("FILL");
    expect([source.x, source.y, source.width, source.height]).toEqual([40, 60, 64, 64]);
    expect(app.emu.state.undoCommits - undo).toBe(1);
  });

  it("sends the result to the viewport centre with a notice when the source was deleted", async () => {
    app = await bootPlugin();
    app.figma.viewport.center = { x: 300, y: 300 };
    const source = await imageLayer(30, 30);
    source.remove();
    const out = await app.port.request("place-result", {
      mode: "replace-fill",
      content: { kind: "image", format: "jpg", bytes: await jpgBytes(40, 40) },
      sourceNodeId: source.id,
      name: "Cut-out",
    });
    expect(out.sourceMissing).toBe(true);
    const node = (await app.figma.getNodeByIdAsync(out.nodeIds[0]!)) as EmuRectangle;
    expect([node.type, node.name, node.x + 20, node.y + 20]).toEqual(["RECTANGLE", "Cut-out", 300, 300]);
    expect(app.emu.notifications.at(-1)?.message).toMatch(/deleted/);
  });

  it("refuses an SVG for an image fill without touching the layer", async () => {
    app = await bootPlugin();
    const source = await imageLayer(20, 20);
    const before = source.fills;
    await expect(
      app.port.request("place-result", {
        mode: "replace-fill",
        content: { kind: "svg", svg: ICON_SVG },
        sourceNodeId: source.id,
      }),
    ).rejects.toMatchObject({ reason: "unsupported_image" });
    expect(source.fills).toBe(before);
  });
});
