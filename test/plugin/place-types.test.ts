// Each asset type as it lands and as it replaces, against the emulator: an illustration keeps its
// own colours and lines, a 3D picture drawn at 2x fills a rectangle of its 1x size, and a replace
// keeps the replaced layer's box.
import { afterEach, describe, expect, it } from "vitest";
import { gifBytes, pngBytes } from "../figma/fixtures";
import type { EmuFrame, EmuRectangle, EmuVector } from "../figma/node-types";
import { type Booted, bootPlugin, insertStar } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const ILLUSTRATION = { uuid: "il1", name: "Sun", type: "illustration" as const };
const CUBE = { uuid: "3d1", name: "Cube", type: "3d" as const };
const WAVE = { uuid: "lo1", name: "Wave", type: "lottie" as const };
// Its own colours, and a line 3 wide on a 72 px drawing (OpenMoji's grid).
const SUN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72" viewBox="0 0 72 72">' +
  '<circle cx="36" cy="36" r="20" fill="#fcea2b" stroke="#000000" stroke-width="3"/></svg>';

async function nodeOf(id: string | undefined) {
  return app.figma.getNodeByIdAsync(id!);
}

describe("a 3D picture", () => {
  it("drawn at 2x fills a rectangle of half its pixel size, holding every pixel", async () => {
    app = await bootPlugin();
    const bytes = await pngBytes(1024, 1024);
    const { nodeIds } = await app.port.request("insert", {
      asset: CUBE,
      content: { kind: "image", format: "png", bytes, density: 2 },
      placement: { kind: "auto" },
    });
    const rect = (await nodeOf(nodeIds[0])) as EmuRectangle;
    expect([rect.type, rect.width, rect.height]).toEqual(["RECTANGLE", 512, 512]);
    const fill = (rect.fills as Paint[])[0] as ImagePaint;
    expect(await app.figma.getImageByHash(fill.imageHash!)!.getSizeAsync()).toEqual({
      width: 1024,
      height: 1024,
    });
  });

  it("replacing a layer keeps its box, whatever the new picture's pixel size", async () => {
    app = await bootPlugin();
    const first = await app.port.request("insert", {
      asset: CUBE,
      content: { kind: "image", format: "png", bytes: await pngBytes(256, 256) },
      placement: { kind: "auto" },
    });
    const old = (await nodeOf(first.nodeIds[0])) as EmuRectangle;
    old.resize(120, 120);
    old.x = 40;
    old.y = 60;
    app.page.selection = [old];
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: { ...CUBE, uuid: "3d2", name: "Ball" },
      content: { kind: "image", format: "png", bytes: await pngBytes(1024, 1024, "#0000ff"), density: 2 },
    });
    const rect = (await nodeOf(nodeIds[0])) as EmuRectangle;
    expect([rect.name, rect.x, rect.y, rect.width, rect.height]).toEqual(["Ball", 40, 60, 120, 120]);
    expect(old.removed).toBe(true);
  });
});

describe("a Lottie as a moving image", () => {
  it("keeps every frame of its GIF in the fill", async () => {
    app = await bootPlugin();
    const bytes = await gifBytes(96, 96, 6);
    const { nodeIds } = await app.port.request("insert", {
      asset: WAVE,
      content: { kind: "image", format: "gif", bytes },
      placement: { kind: "auto" },
    });
    const rect = (await nodeOf(nodeIds[0])) as EmuRectangle;
    expect([rect.width, rect.height]).toEqual([96, 96]);
    const fill = (rect.fills as Paint[])[0] as ImagePaint;
    const stored = await app.figma.getImageByHash(fill.imageHash!)!.getBytesAsync();
    expect(Buffer.from(stored).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe("an illustration", () => {
  it("lands at the size asked with its own colours and its lines scaled with it", async () => {
    app = await bootPlugin();
    const { nodeIds } = await app.port.request("insert", {
      asset: ILLUSTRATION,
      content: { kind: "svg", svg: SUN_SVG },
      options: { size: 144 },
      placement: { kind: "auto" },
    });
    const frame = (await nodeOf(nodeIds[0])) as EmuFrame;
    expect([frame.type, frame.width, frame.height]).toEqual(["FRAME", 144, 144]);
    const sun = frame.children[0] as EmuVector;
    expect((sun.fills as SolidPaint[])[0]!.color).toMatchObject({ r: 252 / 255, g: 234 / 255, b: 43 / 255 });
    expect(sun.strokeWeight).toBe(6);
  });

  it("replacing a blue line icon given 2 px lines keeps its own colours and scaled lines", async () => {
    app = await bootPlugin();
    const icon = await insertStar(app, { size: 24, strokeWidth: 2, color: "#0000ff" });
    app.page.selection = [icon];
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: ILLUSTRATION,
      content: { kind: "svg", svg: SUN_SVG },
    });
    const frame = (await nodeOf(nodeIds[0])) as EmuFrame;
    expect([frame.width, frame.height]).toEqual([24, 24]);
    const sun = frame.children[0] as EmuVector;
    // 3 on its 72 px grid is 1 at 24 px: its own line, scaled, not the icon's 2 px.
    expect(sun.strokeWeight).toBeCloseTo(1);
    expect((sun.strokes as SolidPaint[])[0]!.color).toMatchObject({ r: 0, g: 0, b: 0 });
    expect((sun.fills as SolidPaint[])[0]!.color).toMatchObject({ r: 252 / 255, g: 234 / 255, b: 43 / 255 });
    expect(frame.getPluginData("strokeWidth")).toBe("");
  });
});

describe("the icon options applied to a mixed selection", () => {
  it("leave an illustration and a 3D picture selected beside an icon as they are", async () => {
    app = await bootPlugin();
    const icon = await insertStar(app, { size: 24 });
    const drawn = await app.port.request("insert", {
      asset: ILLUSTRATION,
      content: { kind: "svg", svg: SUN_SVG },
      options: { size: 144 },
      placement: { kind: "auto" },
    });
    const sun = (await nodeOf(drawn.nodeIds[0])) as EmuFrame;
    const pictured = await app.port.request("insert", {
      asset: CUBE,
      content: { kind: "image", format: "png", bytes: await pngBytes(200, 200) },
      placement: { kind: "auto" },
    });
    const cube = (await nodeOf(pictured.nodeIds[0])) as EmuRectangle;
    app.page.selection = [icon, sun, cube];
    const result = await app.port.request("apply-options", {
      options: { size: 48, strokeWidth: 1.5, color: "#0000ff" },
    });
    expect(result).toEqual({ nodeIds: [icon.id], skipped: 2 });
    expect([icon.width, sun.width, cube.width]).toEqual([48, 144, 200]);
    const disc = sun.children[0] as EmuVector;
    expect((disc.fills as SolidPaint[])[0]!.color).toMatchObject({ r: 252 / 255, g: 234 / 255, b: 43 / 255 });
    expect(disc.strokeWeight).toBe(6);
  });
});
