// Inserting assets through the protocol, against the emulator: the node, its data, and where it lands.
import { afterEach, describe, expect, it } from "vitest";
import { gifBytes, ICON_SVG, jpgBytes, pngBytes } from "../figma/fixtures";
import type { EmuFrame, EmuGroup, EmuRectangle, EmuVector } from "../figma/node-types";
import type { EmuScene } from "../figma/nodes";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const svg = { kind: "svg" as const, svg: ICON_SVG };

describe("insert svg", () => {
  it("makes a vector frame named after the asset, sized and recoloured before it lands", async () => {
    app = await bootPlugin();
    const result = await app.port.request("insert", {
      asset: STAR,
      content: svg,
      options: { size: 48, color: "#0000ff" },
      placement: { kind: "auto" },
    });
    const node = await app.figma.getNodeByIdAsync(result.nodeIds[0]!);
    expect(node).toMatchObject({ type: "FRAME", name: "Star", width: 48, height: 48 });
    const frame = node as EmuFrame;
    const [square, group] = frame.children as [EmuVector, EmuGroup];
    expect(square.strokes[0]).toMatchObject({ type: "SOLID", color: { r: 0, g: 0, b: 1 } });
    expect(square.fills).toEqual([]); // fill="none" stays none
    expect(square.strokeWeight).toBe(4); // scaled with the icon, as the SVG would be
    expect(((group.children[0] as EmuVector).fills as Paint[])[0]).toMatchObject({
      color: { r: 0, g: 0, b: 1 },
    });
    expect(JSON.parse(frame.getPluginData("asset"))).toEqual({ ...STAR, at: expect.any(Number) });
    expect(frame.getPluginData("source")).toBe(ICON_SVG);
    expect(Object.keys(frame.getRelaunchData())).toEqual(["replace", "similar", "swap"]);
    expect(app.page.selection).toEqual([frame]);
    expect(app.emu.state.undoCommits).toBe(1);
  });

  it("keeps the asset's colours when no colour is asked", async () => {
    app = await bootPlugin();
    const { nodeIds } = await app.port.request("insert", {
      asset: STAR,
      content: svg,
      placement: { kind: "auto" },
    });
    const frame = (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuFrame;
    const circle = (frame.children[1] as EmuGroup).children[0] as EmuVector;
    expect((circle.fills as Paint[])[0]).toMatchObject({ color: { r: 1, g: 0, b: 0 } });
  });
});

describe("insert images", () => {
  it.each([
    ["png", () => pngBytes(300, 200)],
    ["jpg", () => jpgBytes(120, 90)],
    ["gif", () => gifBytes(64, 32, 4)],
  ] as const)("puts a %s on a rectangle as an image fill at its natural size", async (format, make) => {
    app = await bootPlugin();
    const bytes = await make();
    const { nodeIds } = await app.port.request("insert", {
      asset: { uuid: "p1", name: "Photo", type: "illustration" },
      content: { kind: "image", format, bytes },
      placement: { kind: "auto" },
    });
    const rect = (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuRectangle;
    const natural = await app.figma.createImage(bytes).getSizeAsync();
    expect([rect.type, rect.name, rect.width, rect.height]).toEqual([
      "RECTANGLE",
      "Photo",
      natural.width,
      natural.height,
    ]);
    const fill = (rect.fills as Paint[])[0] as ImagePaint;
    expect(fill.type).toBe("IMAGE");
    // The fill holds the very bytes sent: a GIF stays animated.
    const stored = await app.figma.getImageByHash(fill.imageHash!)!.getBytesAsync();
    expect(Buffer.from(stored).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe("placement", () => {
  it("centres on the viewport and never stacks repeated inserts", async () => {
    app = await bootPlugin();
    app.figma.viewport.center = { x: 500, y: 300 };
    const ids: string[] = [];
    const where: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await app.port.request("insert", { asset: STAR, content: svg, placement: { kind: "auto" } });
      where.push(r.placedWhere);
      ids.push(r.nodeIds[0]!);
    }
    // The first lands in the middle; the next ones see it selected and line up beside it.
    expect(where).toEqual(["centre", "beside", "beside"]);
    const nodes = (await Promise.all(ids.map((id) => app.figma.getNodeByIdAsync(id)))) as EmuScene[];
    expect([nodes[0]!.x + 12, nodes[0]!.y + 12]).toEqual([500, 300]);
    const xs = nodes.map((n) => n.x);
    expect(new Set(xs).size).toBe(3);
    for (let i = 1; i < 3; i++) expect(xs[i]! - xs[i - 1]!).toBeGreaterThanOrEqual(24);
    expect(nodes.every((n) => n.parent === app.page)).toBe(true);
    expect(app.emu.state.undoCommits).toBe(3);
  });

  it("goes into the selected frame, centred in it", async () => {
    app = await bootPlugin();
    const frame = app.figma.createFrame();
    frame.x = 1000;
    frame.y = 1000;
    frame.resize(200, 100);
    app.page.selection = [frame];
    const r = await app.port.request("insert", { asset: STAR, content: svg, placement: { kind: "auto" } });
    expect(r.placedWhere).toBe("frame");
    const node = frame.children[0]!;
    expect(node.id).toBe(r.nodeIds[0]);
    expect([node.x, node.y]).toEqual([88, 38]);
  });

  it("appends to an auto-layout frame in order", async () => {
    app = await bootPlugin();
    const row = app.figma.createFrame();
    row.layoutMode = "HORIZONTAL";
    row.itemSpacing = 10;
    app.page.selection = [row];
    const first = await app.port.request("insert", {
      asset: STAR,
      content: svg,
      placement: { kind: "auto" },
    });
    app.page.selection = [row];
    const second = await app.port.request("insert", {
      asset: STAR,
      content: svg,
      placement: { kind: "auto" },
    });
    expect(second.placedWhere).toBe("auto-layout");
    expect(row.children.map((c) => c.id)).toEqual([first.nodeIds[0], second.nodeIds[0]]);
    expect(row.children.map((c) => c.x)).toEqual([0, 34]);
  });

  it("goes into a selected group", async () => {
    app = await bootPlugin();
    const rect = app.figma.createRectangle();
    rect.x = 400;
    rect.y = 400;
    const group = app.figma.group([rect], app.page);
    app.page.selection = [group];
    const r = await app.port.request("insert", { asset: STAR, content: svg, placement: { kind: "auto" } });
    expect(r.placedWhere).toBe("group");
    expect(group.children.map((c) => c.id)).toContain(r.nodeIds[0]);
  });

  it("replaces many selected nodes keeping box, constraints, index and colour, in one undo step", async () => {
    app = await bootPlugin();
    const parent = app.figma.createFrame();
    parent.resize(400, 400);
    const before = app.figma.createRectangle();
    parent.appendChild(before);
    const targets = ["#00ff00", "#ff00ff"].map((hex, i) => {
      const old = app.figma.createNodeFromSvg(ICON_SVG.replace(/currentColor/g, hex).replace("#ff0000", hex));
      parent.appendChild(old);
      old.resize(32, 32);
      old.x = 50 + i * 100;
      old.y = 60;
      old.constraints = { horizontal: "MAX", vertical: "CENTER" };
      return old;
    });
    const after = app.figma.createRectangle();
    parent.appendChild(after);
    app.page.selection = targets;
    const undoBefore = app.emu.state.undoCommits;
    const r = await app.port.request("replace-selection", {
      asset: STAR,
      content: svg,
      options: { keepReplacedColor: true, color: "#000000" },
    });
    expect(r.placedWhere).toBe("replace");
    expect(targets.every((t) => t.removed)).toBe(true);
    expect(parent.children.map((c) => c.id)).toEqual([before.id, ...r.nodeIds, after.id]);
    const made = parent.children.slice(1, 3) as EmuFrame[];
    expect(made.map((n) => [n.x, n.y, n.width, n.height])).toEqual([
      [50, 60, 32, 32],
      [150, 60, 32, 32],
    ]);
    expect(made.every((n) => n.constraints.horizontal === "MAX" && n.constraints.vertical === "CENTER")).toBe(
      true,
    );
    expect((made[0]!.children[0] as EmuVector).strokes[0]).toMatchObject({ color: { r: 0, g: 1, b: 0 } });
    expect((made[1]!.children[0] as EmuVector).strokes[0]).toMatchObject({ color: { r: 1, g: 0, b: 1 } });
    expect(app.page.selection.map((n) => n.id)).toEqual(r.nodeIds);
    expect(app.emu.state.undoCommits - undoBefore).toBe(1);
  });

  it("scrolls the result into view when it lands off screen", async () => {
    app = await bootPlugin();
    const far = app.figma.createFrame();
    far.x = 20000;
    far.y = 20000;
    app.page.selection = [far];
    await app.port.request("insert", { asset: STAR, content: svg, placement: { kind: "auto" } });
    const c = app.figma.viewport.center;
    expect(Math.abs(c.x - 20050)).toBeLessThan(30);
    expect(Math.abs(c.y - 20050)).toBeLessThan(30);
  });
});

describe("no stacking without a selection", () => {
  it("steps aside from an asset already sitting on the viewport centre", async () => {
    app = await bootPlugin();
    app.figma.viewport.center = { x: 0, y: 0 };
    const first = await app.port.request("insert", {
      asset: STAR,
      content: svg,
      placement: { kind: "auto" },
    });
    app.page.selection = [];
    const second = await app.port.request("insert", {
      asset: STAR,
      content: svg,
      placement: { kind: "auto" },
    });
    expect(second.placedWhere).toBe("centre");
    const [a, b] = (await Promise.all(
      [first, second].map((r) => app.figma.getNodeByIdAsync(r.nodeIds[0]!)),
    )) as EmuScene[];
    expect(b!.x).toBeGreaterThanOrEqual(a!.x + a!.width);
  });
});
