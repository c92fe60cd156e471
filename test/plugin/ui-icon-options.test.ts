// The ui's calls for icon options, through the real port to the real sandbox: the file's colours are
// listed, and the settings' size, variable and stroke width reach the selected icons.
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../src/messages/settings";
import { documentColours } from "../../src/ui/insert/apply-options";
import { iconOptions } from "../../src/ui/insert/insert-plan";
import { ICON_SVG } from "../figma/fixtures";
import type { EmuFrame, EmuVector } from "../figma/node-types";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

describe("the ui's icon options", () => {
  it("reach the selected icons through the plugin, bound to the file's variable", async () => {
    app = await bootPlugin();
    const collection = app.emu.design.addCollection("Brand");
    const primary = app.emu.design.addVariable(collection, "primary", "COLOR", [{ r: 0, g: 0, b: 1 }]);
    const { variables } = await documentColours(app.port);
    const { nodeIds } = await app.port.request("insert", {
      asset: STAR,
      content: { kind: "svg", svg: ICON_SVG },
      placement: { kind: "auto" },
    });
    const icon = (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuFrame;
    app.page.selection = [icon];
    const settings = {
      ...DEFAULT_SETTINGS,
      iconSize: 32,
      iconStrokeWidth: 1,
      iconColorVariableId: variables[0]!.id,
    };
    expect(await app.port.request("apply-options", { options: iconOptions(settings) })).toEqual({
      nodeIds,
      skipped: 0,
    });
    const square = icon.children[0] as EmuVector;
    expect([icon.width, square.strokeWeight]).toEqual([32, 1]);
    expect(square.strokes[0]).toMatchObject({ boundVariables: { color: { id: primary.id } } });
  });
});
