// A batch on the canvas: which selected layers it takes and why the others not, each result placed in
// its original's place with the original kept hidden beside it, one undo step per result, and Revert
// (one layer, the whole batch, or the relaunch button on a result).
import { afterEach, describe, expect, it } from "vitest";
import manifest from "../../manifest.json";
import { start } from "../../src/plugin/start";
import { ICON_SVG, pngBytes } from "../figma/fixtures";
import { installFigma } from "../figma/install";
import type { EmuFrame, EmuRectangle } from "../figma/node-types";
import { relaunchButtonsShown } from "../figma/relaunch-buttons";
import { type Booted, bootPlugin } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

async function photo(name: string, x = 0, y = 0): Promise<EmuRectangle> {
  const rect = app.figma.createRectangle();
  rect.name = name;
  rect.resize(120, 80);
  rect.x = x;
  rect.y = y;
  rect.fills = [
    { type: "IMAGE", imageHash: app.figma.createImage(await pngBytes(12, 8)).hash, scaleMode: "FILL" },
  ];
  return rect;
}

const place = (sourceNodeId: string, batchId = "b1") =>
  app.port.request("place-batch-result", {
    sourceNodeId,
    batchId,
    content: { kind: "svg", svg: ICON_SVG },
  });

describe("batch-candidates", () => {
  it("takes image layers and says why the others are left out", async () => {
    app = await bootPlugin();
    const a = await photo("Shoe");
    const hidden = await photo("Hidden");
    hidden.visible = false;
    const locked = await photo("Locked");
    locked.locked = true;
    const plain = app.figma.createRectangle();
    plain.name = "Plain";
    app.page.selection = [a, hidden, locked, plain];
    const answer = await app.port.request("batch-candidates", { need: "image" });
    expect(answer.layers.map((l) => l.name)).toEqual(["Shoe"]);
    expect(answer.skipped.map((s) => [s.name, s.reason])).toEqual([
      ["Hidden", "hidden"],
      ["Locked", "locked"],
      ["Plain", "not-image"],
    ]);
  });

  it("a selected frame stands for the images inside it, a locked frame for none", async () => {
    app = await bootPlugin();
    const frame = app.figma.createFrame();
    frame.name = "Products";
    const one = await photo("One");
    const two = await photo("Two");
    frame.appendChild(one);
    frame.appendChild(two);
    app.page.selection = [frame];
    const answer = await app.port.request("batch-candidates", { need: "image" });
    // Top of the layer list first, as the layers panel shows them.
    expect(answer.layers.map((l) => l.name)).toEqual(["Two", "One"]);
    frame.locked = true;
    const locked = await app.port.request("batch-candidates", { need: "image" });
    expect(locked.layers).toEqual([]);
    expect(locked.skipped).toEqual([{ nodeId: frame.id, name: "Products", reason: "locked" }]);
  });
});

describe("place-batch-result", () => {
  it("the result takes the original's name, box, constraints and list place; the original stays hidden below", async () => {
    app = await bootPlugin();
    const below = app.figma.createRectangle();
    const original = await photo("Shoe", 40, 60);
    original.constraints = { horizontal: "CENTER", vertical: "MAX" };
    const above = app.figma.createRectangle();
    const { nodeId, originalId } = await place(original.id);
    const result = (await app.figma.getNodeByIdAsync(nodeId)) as EmuFrame;
    expect(originalId).toBe(original.id);
    expect([result.name, result.x, result.y, result.width, result.height]).toEqual(["Shoe", 40, 60, 120, 80]);
    expect(result.constraints).toEqual({ horizontal: "CENTER", vertical: "MAX" });
    expect(app.page.children.map((n) => n.id)).toEqual([below.id, original.id, result.id, above.id]);
    expect(original.visible).toBe(false);
    expect(original.removed).toBe(false);
  });

  it("an image result keeps the original's look, swaps only its picture, and records the work", async () => {
    app = await bootPlugin();
    const original = await photo("Product shot", 10, 20);
    original.cornerRadius = 12;
    original.opacity = 0.9;
    original.strokes = [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }];
    original.strokeWeight = 2;
    original.setPluginData("asset", JSON.stringify({ uuid: "p-1", name: "Shoe", type: "ai-image" }));
    const before = (original.fills as ImagePaint[])[0]!.imageHash;
    const cutOut = await pngBytes(12, 8, "#22aa66");
    const { nodeId } = await app.port.request("place-batch-result", {
      sourceNodeId: original.id,
      batchId: "b1",
      content: { kind: "image", format: "png", bytes: cutOut },
      madeBy: "remove-background",
    });
    const result = (await app.figma.getNodeByIdAsync(nodeId)) as EmuRectangle;
    expect(result.type).toBe("RECTANGLE");
    expect([result.cornerRadius, result.opacity, result.strokeWeight]).toEqual([12, 0.9, 2]);
    expect(result.strokes).toEqual(original.strokes);
    const fill = (result.fills as ImagePaint[])[0]!;
    expect(fill.scaleMode).toBe("FILL");
    expect(fill.imageHash).not.toBe(before);
    expect(result.visible).toBe(true);
    // Its own records: the work, the asset it still is, the link to its original only.
    expect(JSON.parse(result.getPluginData("made"))).toMatchObject({
      operation: "remove-background",
      from: "Product shot",
    });
    expect(JSON.parse(result.getPluginData("asset"))).toMatchObject({ uuid: "p-1" });
    expect(result.getPluginData("result")).toBe("");
    expect(original.visible).toBe(false);
  });

  it("takes the original's slot in an auto-layout frame: nothing else moves", async () => {
    app = await bootPlugin();
    const row = app.figma.createFrame();
    row.layoutMode = "HORIZONTAL";
    row.itemSpacing = 10;
    const first = await photo("First");
    const middle = await photo("Middle");
    const last = await photo("Last");
    for (const n of [first, middle, last]) row.appendChild(n);
    const lastX = last.x;
    const { nodeId } = await place(middle.id);
    const result = (await app.figma.getNodeByIdAsync(nodeId)) as EmuFrame;
    expect(row.children.map((n) => n.name)).toEqual(["First", "Middle", "Middle", "Last"]);
    expect(result.layoutPositioning).toBe("AUTO");
    expect([result.x, last.x]).toEqual([middle.x, lastX]);
    expect(middle.visible).toBe(false);
  });

  it("makes one undo step per result, and places a result only once per original", async () => {
    app = await bootPlugin();
    const a = await photo("A");
    const b = await photo("B");
    app.figma.commitUndo(); // the designer's own layers are their own step
    const steps = app.emu.state.undoSteps.length;
    const first = await place(a.id);
    const second = await place(b.id);
    expect(app.emu.state.undoSteps.slice(steps)).toEqual([[first.nodeId], [second.nodeId]]);
    // A resumed batch places again: the same result is answered, nothing new made.
    const again = await place(a.id);
    expect(again.nodeId).toBe(first.nodeId);
    expect(app.page.children.filter((n) => n.name === "A")).toHaveLength(2);
  });

  it("says the layer is gone when it was deleted before its result came back", async () => {
    app = await bootPlugin();
    const a = await photo("A");
    a.remove();
    await expect(place(a.id)).rejects.toMatchObject({ reason: "node_not_found" });
  });
});

describe("revert", () => {
  it("brings back one layer, then the rest of the batch; results go, originals keep their place", async () => {
    app = await bootPlugin();
    const a = await photo("A");
    const b = await photo("B");
    const c = await photo("C");
    const ra = await place(a.id);
    await place(b.id);
    await place(c.id);
    const one = await app.port.request("revert", { nodeIds: [ra.nodeId] });
    expect(one).toEqual({ restoredIds: [a.id], missing: 0 });
    expect([a.visible, b.visible, c.visible]).toEqual([true, false, false]);
    const all = await app.port.request("revert", { batchId: "b1" });
    expect(all.restoredIds.sort()).toEqual([b.id, c.id].sort());
    expect(app.page.children.map((n) => n.name)).toEqual(["A", "B", "C"]);
    expect(app.page.children.every((n) => n.visible)).toBe(true);
  });

  it("leaves a result whose original was deleted, and says so", async () => {
    app = await bootPlugin();
    const a = await photo("A");
    const { nodeId } = await place(a.id);
    a.remove();
    expect(await app.port.request("revert", { nodeIds: [nodeId] })).toEqual({ restoredIds: [], missing: 1 });
    expect((await app.figma.getNodeByIdAsync(nodeId))?.removed).toBe(false);
  });

  it("the result carries a Revert relaunch button that reverts the selection without a window", async () => {
    app = await bootPlugin();
    const a = await photo("A");
    const b = await photo("B");
    const ra = await place(a.id);
    const rb = await place(b.id);
    const results = [ra, rb].map((r) => app.page.children.find((n) => n.id === r.nodeId)!);
    expect(relaunchButtonsShown(manifest.relaunchButtons, results)).toContain("Revert to original");
    app.stop();

    // The designer selects both results and presses the button: the plugin starts with "revert".
    const emu = installFigma({ command: "revert" });
    try {
      const x = await photoIn(emu, "X");
      const started = start();
      emu.figma.currentPage.selection = [x.result];
      emu.run();
      await started;
      expect(emu.ui.open).toBe(false);
      expect(emu.state.closed).toBe(true);
      expect(emu.state.closeMessage).toBe("1 original is back.");
      expect(x.original.visible).toBe(true);
      expect(x.result.removed).toBe(true);
    } finally {
      emu.uninstall();
    }
  });
});

/** A processed layer made the way the plugin makes one, in a fresh emulator started for a relaunch. */
async function photoIn(emu: ReturnType<typeof installFigma>, name: string) {
  const original = emu.figma.createRectangle();
  original.name = name;
  original.visible = false;
  const result = emu.figma.createNodeFromSvg(ICON_SVG);
  result.name = name;
  result.setPluginData("original", JSON.stringify({ originalId: original.id, batchId: "b9" }));
  original.setPluginData("result", JSON.stringify({ resultId: result.id, batchId: "b9" }));
  result.setRelaunchData({ revert: "" });
  return { original, result };
}

describe("place-batch-result in auto-layout", () => {
  it("an original placed absolutely in an auto-layout frame gets a result placed absolutely on it", async () => {
    app = await bootPlugin();
    const row = app.figma.createFrame();
    row.layoutMode = "HORIZONTAL";
    const first = await photo("First");
    const badge = await photo("Badge");
    row.appendChild(first);
    row.appendChild(badge);
    badge.layoutPositioning = "ABSOLUTE";
    badge.x = 70;
    badge.y = 5;
    const { nodeId } = await place(badge.id);
    const result = (await app.figma.getNodeByIdAsync(nodeId)) as EmuFrame;
    expect([result.layoutPositioning, result.x, result.y]).toEqual(["ABSOLUTE", 70, 5]);
    expect(first.x).toBe(0);
  });
});
