// Swapping an icon set on the emulator: the icons are found in the selection (inside frames too),
// and each becomes its match keeping its size, its bound colour, its place in auto-layout, and an
// instance stays an instance of the new icon, all in one undo step.
import { afterEach, describe, expect, it } from "vitest";
import type { AssetRef, SwapFound } from "../../src/messages/types";
import { ICON_SVG } from "../figma/fixtures";
import type { EmuFrame, EmuInstance, EmuVector } from "../figma/node-types";
import type { EmuScene } from "../figma/nodes";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const HEART: AssetRef = { uuid: "heart-uuid", name: "Heart", type: "icon" };
/** An asset as a layer records it: with the time the plugin placed it. */
const stamped = (asset: AssetRef) => ({ ...asset, at: expect.any(Number) });
/** Another set's drawing: its own lines, no fill of its own. */
const HEART_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="#000000" stroke-width="1.5">' +
  '<path d="M12 20 4 12a4 4 0 0 1 8-5 4 4 0 0 1 8 5z"/></svg>';
const heart = { kind: "svg" as const, svg: HEART_SVG };
const star = { kind: "svg" as const, svg: ICON_SVG };

async function insertStar(options: object, asset: AssetRef = STAR): Promise<EmuScene> {
  const { nodeIds } = await app.port.request("insert", {
    asset,
    content: star,
    options,
    placement: { kind: "auto" },
  });
  return (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuScene;
}

/** An auto-layout row: a plain icon bound to a colour variable, a designer's rectangle, an instance. */
async function iconRow() {
  const collection = app.emu.design.addCollection("Brand");
  const primary = app.emu.design.addVariable(collection, "primary", "COLOR", [{ r: 0, g: 0, b: 1 }]);
  const row = app.figma.createFrame();
  row.name = "Toolbar";
  row.layoutMode = "HORIZONTAL";
  row.itemSpacing = 8;
  app.page.selection = [row];
  // Its lines set to 1 px by the designer, for the weight being swapped away.
  const plain = await insertStar({ size: 32, colorVariableId: primary.id, strokeWidth: 1 });
  const rect = app.figma.createRectangle();
  row.appendChild(rect);
  app.page.selection = [row];
  const instance = await insertStar({ size: 20, insertAsComponent: true });
  return { row, primary, plain, rect, instance: instance as unknown as EmuInstance };
}

describe("swap-find", () => {
  it("finds the icons inside a selected frame, an instance of Assetport's component included", async () => {
    app = await bootPlugin();
    const { row, plain, instance } = await iconRow();
    app.page.selection = [row];
    const found = await app.port.request("swap-find", { scope: "selection" });
    expect(found.more).toBe(false);
    expect(found.skipped).toEqual([]);
    expect(found.icons.map((i) => [i.nodeId, i.asset, i.width, i.instance])).toEqual([
      [plain.id, stamped(STAR), 32, false],
      [instance.id, stamped(STAR), 20, true],
    ]);
    // The picture is the icon as drawn: a PNG.
    for (const icon of found.icons) expect([...icon.picture.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    // Each in its one colour, for the review to draw both pictures of the pair in: the bound blue;
    // the fixture star as drawn (black lines, a red dot) has no one colour.
    expect(found.icons.map((i) => i.colour)).toEqual(["#0000ff", undefined]);
  });

  it("tells the window how many icons a selected frame holds, so it can offer the swap", async () => {
    app = await bootPlugin();
    const { row } = await iconRow();
    const other = app.figma.createRectangle();
    app.page.selection = [row];
    expect((await app.port.request("get-selection", {})).swappableIcons).toBe(2);
    app.page.selection = [other];
    expect((await app.port.request("get-selection", {})).swappableIcons).toBeUndefined();
  });

  it("lists what cannot be swapped with why, and looks over the whole page when asked", async () => {
    app = await bootPlugin();
    const free = await insertStar({ size: 24 });
    const locked = await insertStar({ size: 24 });
    locked.locked = true;
    const picture = await insertStar({}, { uuid: "ill", name: "Hills", type: "illustration" });
    app.page.selection = [];
    await expect(app.port.request("swap-find", { scope: "selection" })).rejects.toMatchObject({
      reason: "nothing_selected",
    });
    const found: SwapFound = await app.port.request("swap-find", { scope: "page" });
    expect(found.icons.map((i) => i.nodeId)).toEqual([free.id]);
    // A locked icon is shown as it is (only not changed); a layer that is no icon is not drawn.
    expect(found.skipped).toEqual([
      {
        nodeId: locked.id,
        layerName: "Star",
        reason: "locked",
        picture: expect.any(Uint8Array),
      },
      { nodeId: picture.id, layerName: "Hills", reason: "not-an-icon" },
    ]);
  });
});

describe("swap-apply", () => {
  it("keeps size, bound colour, auto-layout place and the instance, in one undo step", async () => {
    app = await bootPlugin();
    const { row, primary, plain, rect, instance } = await iconRow();
    const undoBefore = app.emu.state.undoCommits;

    const answer = await app.port.request("swap-apply", {
      pairs: [
        { nodeId: plain.id, asset: HEART, content: heart },
        { nodeId: instance.id, asset: HEART, content: heart },
      ],
    });

    expect(app.emu.state.undoCommits - undoBefore).toBe(1);
    expect(plain.removed).toBe(true);
    const [made, keptRect, keptInstance] = row.children as [EmuFrame, EmuScene, EmuInstance];
    expect(row.children).toHaveLength(3);
    expect(answer.nodeIds).toEqual([made.id, instance.id]);
    expect(keptRect).toBe(rect);
    // The plain icon: the new drawing at the old size, its line bound to the same variable.
    expect(made).toMatchObject({ type: "FRAME", name: "Heart", width: 32, height: 32 });
    expect(JSON.parse(made.getPluginData("asset"))).toEqual(stamped(HEART));
    const line = made.children[0] as EmuVector;
    expect(line.strokes[0]).toMatchObject({ boundVariables: { color: { id: primary.id } } });
    // The set's own line weight, scaled with the icon (1.5 at 24 px is 2 at 32 px), not the old one's.
    expect(line.strokeWeight).toBeCloseTo(2);
    // The instance is the same layer, now following Assetport's component for the new icon.
    expect(keptInstance).toBe(instance);
    expect(keptInstance.type).toBe("INSTANCE");
    const main = await keptInstance.getMainComponentAsync();
    expect(JSON.parse(main!.getPluginData("asset"))).toEqual(stamped(HEART));
    expect([keptInstance.width, keptInstance.height]).toEqual([20, 20]);
    expect(JSON.parse(keptInstance.getPluginData("asset"))).toEqual(stamped(HEART));
    expect(app.page.selection).toEqual([made, instance]);
  });

  it("keeps a free icon's centre and constraints", async () => {
    app = await bootPlugin();
    const frame = app.figma.createFrame();
    frame.resize(200, 200);
    app.page.selection = [frame];
    const icon = await insertStar({ size: 40 });
    icon.x = 100;
    icon.y = 20;
    (icon as unknown as FrameNode).constraints = { horizontal: "MAX", vertical: "CENTER" };
    const { nodeIds } = await app.port.request("swap-apply", {
      pairs: [{ nodeId: icon.id, asset: HEART, content: heart }],
    });
    const made = (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as unknown as FrameNode;
    expect(made.parent).toBe(frame);
    expect([made.x, made.y, made.width, made.height]).toEqual([100, 20, 40, 40]);
    expect(made.constraints).toEqual({ horizontal: "MAX", vertical: "CENTER" });
  });

  it("changes nothing when one icon of the swap cannot be made", async () => {
    app = await bootPlugin();
    const { row, plain, instance } = await iconRow();
    const before = row.children.map((c) => c.id);
    await expect(
      app.port.request("swap-apply", {
        pairs: [
          { nodeId: plain.id, asset: HEART, content: heart },
          { nodeId: instance.id, asset: HEART, content: { kind: "svg", svg: "<svg" } },
        ],
      }),
    ).rejects.toMatchObject({ reason: "invalid_svg" });
    expect(row.children.map((c) => c.id)).toEqual(before);
    expect(JSON.parse(plain.getPluginData("asset"))).toEqual(stamped(STAR));
    const main = await instance.getMainComponentAsync();
    expect(JSON.parse(main!.getPluginData("asset"))).toEqual(stamped(STAR));
  });

  it("refuses a layer that is gone, and one named twice", async () => {
    app = await bootPlugin();
    const icon = await insertStar({ size: 24 });
    const pair = { nodeId: icon.id, asset: HEART, content: heart };
    await expect(app.port.request("swap-apply", { pairs: [pair, pair] })).rejects.toMatchObject({
      reason: "invalid_message",
    });
    icon.remove();
    await expect(app.port.request("swap-apply", { pairs: [pair] })).rejects.toMatchObject({
      reason: "node_not_found",
    });
  });
});
