// Colour variables and paint styles keep Figma's rules: bound paints follow their variable, a paint
// style replaces the paints it is set on, and dynamic-page leaves only the async style setters.
import { describe, expect, it } from "vitest";
import { createFigma } from "./figma";
import { solid } from "./paint";

const BLUE = { r: 0, g: 0, b: 1 };
const RED = { r: 1, g: 0, b: 0 };

function withBrand() {
  const emu = createFigma();
  const collection = emu.design.addCollection("Brand", ["Light", "Dark"]);
  const primary = emu.design.addVariable(collection, "primary", "COLOR", [BLUE, RED]);
  return { ...emu, collection, primary };
}

describe("colour variables", () => {
  it("binds a new paint to the variable, showing its default mode's colour", () => {
    const { figma, primary } = withBrand();
    const given = solid({ r: 0, g: 1, b: 0 });
    const bound = figma.variables.setBoundVariableForPaint(given, "color", primary);
    expect(bound).not.toBe(given);
    expect(given.boundVariables).toBeUndefined();
    expect(bound).toMatchObject({
      color: BLUE,
      boundVariables: { color: { type: "VARIABLE_ALIAS", id: primary.id } },
    });
    const rect = figma.createRectangle();
    rect.fills = [bound];
    expect(rect.fills[0]).toMatchObject({ color: BLUE, boundVariables: { color: { id: primary.id } } });
  });

  it("follows aliases and refuses a variable that is not a colour", async () => {
    const { figma, design, collection, primary } = withBrand();
    const alias = design.addVariable(collection, "icon", "COLOR", [
      { type: "VARIABLE_ALIAS", id: primary.id },
    ]);
    expect(figma.variables.setBoundVariableForPaint(solid(RED), "color", alias).color).toEqual(BLUE);
    const spacing = design.addVariable(collection, "gap", "FLOAT", [8]);
    expect(() => figma.variables.setBoundVariableForPaint(solid(RED), "color", spacing)).toThrow(
      /in setBoundVariableForPaint/,
    );
    expect((await figma.variables.getLocalVariablesAsync("COLOR")).map((v) => v.name)).toEqual([
      "primary",
      "icon",
    ]);
    expect(await figma.variables.getVariableByIdAsync("VariableID:999:0")).toBeNull();
  });
});

describe("paint styles", () => {
  it("are listed, and set on a layer only by the async setters under dynamic-page", async () => {
    const { figma, design } = createFigma();
    const style = design.addPaintStyle("Icon/Default", [solid(RED)]);
    expect((await figma.getLocalPaintStylesAsync()).map((s) => s.name)).toEqual(["Icon/Default"]);
    const rect = figma.createRectangle();
    expect(() => {
      rect.fillStyleId = style.id;
    }).toThrow(/setFillStyleIdAsync/);
    await rect.setFillStyleIdAsync(style.id);
    await rect.setStrokeStyleIdAsync(style.id);
    expect([rect.fillStyleId, rect.strokeStyleId]).toEqual([style.id, style.id]);
    expect(rect.fills[0]).toMatchObject({ color: RED });
    // Paints set by hand detach the style.
    rect.fills = [solid(BLUE)];
    expect(rect.fillStyleId).toBe("");
    expect(rect.strokeStyleId).toBe(style.id);
    await expect(rect.setFillStyleIdAsync("S:nope,1:0")).rejects.toThrow(/in setFillStyleIdAsync/);
  });
});
