// apply-options: size, colour and stroke width for the selected icons Assetport inserted, in one undo
// step, each icon kept centred where it was; other selected layers are left alone.
import { afterEach, describe, expect, it } from "vitest";
import { ICON_SVG } from "../figma/fixtures";
import type { EmuFrame, EmuGroup, EmuVector } from "../figma/node-types";
import { solid } from "../figma/paint";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const svg = { kind: "svg" as const, svg: ICON_SVG };

async function insertAt(x: number, y: number): Promise<EmuFrame> {
  app.page.selection = [];
  const { nodeIds } = await app.port.request("insert", {
    asset: STAR,
    content: svg,
    options: { size: 24 },
    placement: { kind: "auto" },
  });
  const frame = (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuFrame;
  frame.x = x;
  frame.y = y;
  return frame;
}

const squareOf = (frame: EmuFrame) => frame.children[0] as EmuVector;
const circleOf = (frame: EmuFrame) => (frame.children[1] as EmuGroup).children[0] as EmuVector;

describe("apply-options", () => {
  it("changes the 3 selected icons in one undo step, centred where they were, and nothing else", async () => {
    app = await bootPlugin();
    const collection = app.emu.design.addCollection("Brand");
    const primary = app.emu.design.addVariable(collection, "primary", "COLOR", [{ r: 0, g: 0, b: 1 }]);
    const icons = [await insertAt(0, 0), await insertAt(100, 0), await insertAt(200, 50)];
    const other = app.figma.createRectangle();
    other.fills = [solid({ r: 0.5, g: 0.5, b: 0.5 })];
    other.strokes = [solid({ r: 0, g: 0, b: 0 })];
    const untouched = { fills: other.fills, strokes: other.strokes, box: [other.width, other.height] };
    app.page.selection = [...icons, other];
    const undoBefore = app.emu.state.undoCommits;

    const result = await app.port.request("apply-options", {
      options: { size: 48, strokeWidth: 1.5, colorVariableId: primary.id },
    });

    expect(result).toEqual({ nodeIds: icons.map((n) => n.id), skipped: 1 });
    expect(app.emu.state.undoCommits - undoBefore).toBe(1);
    expect(icons.map((n) => [n.x, n.y, n.width, n.height])).toEqual([
      [-12, -12, 48, 48],
      [88, -12, 48, 48],
      [188, 38, 48, 48],
    ]);
    for (const icon of icons) {
      expect(squareOf(icon).strokeWeight).toBe(1.5);
      expect(squareOf(icon).strokes[0]).toMatchObject({ boundVariables: { color: { id: primary.id } } });
      expect(circleOf(icon).fills[0]).toMatchObject({ boundVariables: { color: { id: primary.id } } });
    }
    expect({ fills: other.fills, strokes: other.strokes, box: [other.width, other.height] }).toEqual(
      untouched,
    );
    expect(app.page.selection).toEqual([...icons, other]);
  });

  it("keeps an icon's stroke width when it is resized later", async () => {
    app = await bootPlugin();
    const icon = await insertAt(0, 0);
    app.page.selection = [icon];
    await app.port.request("apply-options", { options: { strokeWidth: 2 } });
    await app.port.request("apply-options", { options: { size: 64 } });
    expect(icon.width).toBe(64);
    expect(squareOf(icon).strokeWeight).toBe(2);
  });

  it("tells the window the stroke width each selected icon was given, for the bar to show", async () => {
    app = await bootPlugin();
    const own = await insertAt(0, 0);
    const given = await insertAt(100, 0);
    app.page.selection = [given];
    await app.port.request("apply-options", { options: { strokeWidth: 2 } });
    app.page.selection = [own, given];
    const { nodes } = await app.port.request("get-selection", {});
    expect(nodes.map((n) => n.strokeWidth)).toEqual([undefined, 2]);
  });

  it("tells the window an icon's one plain colour, and none for a bound variable", async () => {
    app = await bootPlugin();
    const red = await insertAt(0, 0);
    const bound = await insertAt(100, 0);
    app.page.selection = [red];
    await app.port.request("apply-options", { options: { color: "#e11d48" } });
    const collection = app.emu.design.addCollection("Brand");
    const primary = app.emu.design.addVariable(collection, "primary", "COLOR", [{ r: 0, g: 0, b: 1 }]);
    app.page.selection = [bound];
    await app.port.request("apply-options", { options: { colorVariableId: primary.id } });
    app.page.selection = [red, bound];
    const { nodes } = await app.port.request("get-selection", {});
    expect(nodes.map((n) => n.colour)).toEqual(["#E11D48", undefined]);
  });

  it("refuses a selection without Assetport icons, changing nothing", async () => {
    app = await bootPlugin();
    const rect = app.figma.createRectangle();
    app.page.selection = [rect];
    const undoBefore = app.emu.state.undoCommits;
    await expect(app.port.request("apply-options", { options: { size: 48 } })).rejects.toMatchObject({
      reason: "nothing_selected",
    });
    expect([rect.width, rect.height]).toEqual([100, 100]);
    expect(app.emu.state.undoCommits).toBe(undoBefore);
  });

  it("changes nothing when the colour asked for is gone", async () => {
    app = await bootPlugin();
    const icon = await insertAt(0, 0);
    app.page.selection = [icon];
    await expect(
      app.port.request("apply-options", { options: { size: 48, colorStyleId: "S:gone,1:0" } }),
    ).rejects.toMatchObject({ reason: "colour_missing" });
    expect(icon.width).toBe(24);
  });
});

describe("document-colours", () => {
  it("lists colour variables usable on an icon, with their collection and shown colour, and paint styles", async () => {
    app = await bootPlugin();
    const design = app.emu.design;
    const base = design.addCollection("Primitives", ["Light", "Dark"]);
    const blue = design.addVariable(base, "blue/600", "COLOR", [
      { r: 0, g: 0, b: 1 },
      { r: 1, g: 1, b: 1 },
    ]);
    design.addVariable(base, "space/2", "FLOAT", [8]);
    design.addVariable(base, "text/body", "COLOR", [{ r: 0, g: 0, b: 0 }], ["TEXT_FILL"]);
    const line = design.addVariable(base, "stroke/line", "COLOR", [{ r: 0, g: 1, b: 0 }], ["STROKE_COLOR"]);
    const brand = design.addCollection("Brand");
    const icon = design.addVariable(brand, "icon", "COLOR", [{ type: "VARIABLE_ALIAS", id: blue.id }]);
    const style = design.addPaintStyle("Icon/Red", [solid({ r: 1, g: 0, b: 0 })]);
    const gradient = design.addPaintStyle("Sunset", [
      {
        type: "GRADIENT_LINEAR",
        gradientTransform: [
          [1, 0, 0],
          [0, 1, 0],
        ],
        gradientStops: [],
      },
    ]);

    const listed = await app.port.request("document-colours", {});
    expect(listed).toEqual({
      variables: [
        { id: blue.id, name: "blue/600", collection: "Primitives", color: "#0000ff" },
        { id: line.id, name: "stroke/line", collection: "Primitives", color: "#00ff00" },
        { id: icon.id, name: "icon", collection: "Brand", color: "#0000ff" },
      ],
      styles: [
        { id: style.id, name: "Icon/Red", color: "#ff0000" },
        { id: gradient.id, name: "Sunset", color: null },
      ],
    });
  });

  it("shows each variable in the mode the current page is set to", async () => {
    app = await bootPlugin();
    const base = app.emu.design.addCollection("Primitives", ["Light", "Dark"]);
    app.emu.design.addVariable(base, "surface", "COLOR", [
      { r: 1, g: 1, b: 1 },
      { r: 0, g: 0, b: 0 },
    ]);
    app.page.explicitVariableModes = { [base.id]: base.modes[1]!.modeId };
    const { variables } = await app.port.request("document-colours", {});
    expect(variables.map((v) => v.color)).toEqual(["#000000"]);
  });
});
