// Bound colours and absolute stroke widths on inserted icons: a colour variable is bound on every
// painted part (and survives Replace), a paint style is applied, a stroke width stays in px.
import { afterEach, describe, expect, it } from "vitest";
import type { InsertOptions } from "../../src/messages/types";
import { ICON_SVG } from "../figma/fixtures";
import type { EmuFrame, EmuGroup, EmuVector } from "../figma/node-types";
import { solid } from "../figma/paint";
import { type Booted, bootPlugin, insertStar, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const svg = { kind: "svg" as const, svg: ICON_SVG };
const BLUE = { r: 0, g: 0, b: 1 };

const insertIcon = (options: InsertOptions) => insertStar(app, options);

/** The icon's square (stroked, fill "none") and its circle (filled, stroke "none"). */
function partsOf(frame: EmuFrame): { square: EmuVector; circle: EmuVector } {
  const [square, group] = frame.children as [EmuVector, EmuGroup];
  return { square, circle: group.children[0] as EmuVector };
}

async function bootWithBrand() {
  app = await bootPlugin();
  const collection = app.emu.design.addCollection("Brand", ["Light", "Dark"]);
  const primary = app.emu.design.addVariable(collection, "icon/primary", "COLOR", [
    BLUE,
    { r: 1, g: 1, b: 1 },
  ]);
  return { collection, primary };
}

describe("a colour variable", () => {
  it("is bound on every painted part; none and empty paints stay as they are", async () => {
    const { primary } = await bootWithBrand();
    const { square, circle } = partsOf(await insertIcon({ colorVariableId: primary.id }));
    const bound = { color: BLUE, boundVariables: { color: { type: "VARIABLE_ALIAS", id: primary.id } } };
    expect(square.strokes).toMatchObject([bound]);
    expect(circle.fills).toMatchObject([bound]);
    expect([square.fills, circle.strokes]).toEqual([[], []]);
  });

  it("survives Replace when the replaced icon's colour is kept", async () => {
    const { primary } = await bootWithBrand();
    const first = await insertIcon({ colorVariableId: primary.id });
    app.page.selection = [first];
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: STAR,
      content: svg,
      options: { keepReplacedColor: true, color: "#000000" },
    });
    const { square, circle } = partsOf((await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuFrame);
    for (const paint of [square.strokes[0], circle.fills[0]]) {
      expect(paint).toMatchObject({ boundVariables: { color: { id: primary.id } } });
    }
  });

  it("that is gone is refused before anything is made", async () => {
    await bootWithBrand();
    const before = app.page.children.length;
    await expect(insertIcon({ colorVariableId: "VariableID:404:0" })).rejects.toMatchObject({
      reason: "colour_missing",
    });
    expect(app.page.children.length).toBe(before);
  });

  it("is one colour: a hex and a variable together are refused", async () => {
    const { primary } = await bootWithBrand();
    await expect(insertIcon({ color: "#000000", colorVariableId: primary.id })).rejects.toMatchObject({
      reason: "invalid_message",
    });
  });

  it("gives way to a plain colour: the binding goes, or the variable would win", async () => {
    const { primary } = await bootWithBrand();
    const icon = await insertIcon({ colorVariableId: primary.id });
    app.page.selection = [icon];
    await app.port.request("apply-options", { options: { color: "#ff0000" } });
    const { square } = partsOf(icon);
    expect(square.strokes[0]).toMatchObject({ color: { r: 1, g: 0, b: 0 } });
    expect((square.strokes[0] as SolidPaint).boundVariables).toBeUndefined();
  });
});

describe("a paint style", () => {
  it("is set on every painted fill and stroke, and kept by Replace", async () => {
    app = await bootPlugin();
    const style = app.emu.design.addPaintStyle("Icon/Accent", [solid({ r: 0, g: 0.5, b: 0 })]);
    const icon = await insertIcon({ colorStyleId: style.id });
    const { square, circle } = partsOf(icon);
    expect([square.strokeStyleId, circle.fillStyleId]).toEqual([style.id, style.id]);
    expect([square.fillStyleId, circle.strokeStyleId]).toEqual(["", ""]);
    expect(square.strokes[0]).toMatchObject({ color: { r: 0, g: 0.5, b: 0 } });

    app.page.selection = [icon];
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: STAR,
      content: svg,
      options: { keepReplacedColor: true },
    });
    const kept = partsOf((await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuFrame);
    expect([kept.square.strokeStyleId, kept.circle.fillStyleId]).toEqual([style.id, style.id]);
  });
});

describe("stroke width", () => {
  it.each([16, 24, 48])("stays 2 px on a %i px icon", async (size) => {
    app = await bootPlugin();
    const { square } = partsOf(await insertIcon({ size, strokeWidth: 2 }));
    expect(square.strokeWeight).toBe(2);
  });

  it("stays 2 px when Replace fits the icon to a bigger layer", async () => {
    app = await bootPlugin();
    const old = app.figma.createRectangle();
    old.resize(48, 48);
    app.page.selection = [old];
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: STAR,
      content: svg,
      options: { size: 24, strokeWidth: 2 },
    });
    const frame = (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuFrame;
    expect([frame.width, partsOf(frame).square.strokeWeight]).toEqual([48, 2]);
  });

  it("is kept by Replace from the icon it replaces", async () => {
    app = await bootPlugin();
    const first = await insertIcon({ size: 24, strokeWidth: 1 });
    app.page.selection = [first];
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: STAR,
      content: svg,
      options: {},
    });
    const frame = (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuFrame;
    expect(partsOf(frame).square.strokeWeight).toBe(1);
  });

  it("leaves a filled icon alone", async () => {
    app = await bootPlugin();
    const filled =
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path d="M0 0h24v24z" fill="#000"/></svg>';
    const { nodeIds } = await app.port.request("insert", {
      asset: STAR,
      content: { kind: "svg", svg: filled },
      options: { size: 48, strokeWidth: 3 },
      placement: { kind: "auto" },
    });
    const frame = (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuFrame;
    const shape = frame.children[0] as EmuVector;
    expect(shape.strokes).toEqual([]);
    expect(shape.strokeWeight).not.toBe(3);
    expect(frame.getPluginData("strokeWidth")).toBe("");
  });
});
