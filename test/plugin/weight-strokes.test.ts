// A line weight a set has no drawing of, placed as its outline with the lines scaled (strokeScale):
// relative to the drawing's own lines, after the size, kept in proportion by any later scaling, and
// the designer's latest word over a width an icon being replaced was given.
import { afterEach, describe, expect, it } from "vitest";
import { ICON_SVG } from "../figma/fixtures";
import type { EmuFrame, EmuVector } from "../figma/node-types";
import { type Booted, bootPlugin, insertStar, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const svg = { kind: "svg" as const, svg: ICON_SVG };
/** The drawing's stroked square (its circle is filled, with no stroke to scale). */
const squareOf = (frame: EmuFrame) => frame.children[0] as EmuVector;

const insert = (options: Record<string, unknown>) => insertStar(app, options);

describe("a weight drawn from the outline", () => {
  it("scales the drawing's own lines once sized: 2 px at 24 is 4 at 48, Bold 5.5", async () => {
    app = await bootPlugin();
    expect(squareOf(await insert({ size: 24, strokeScale: 1.375 })).strokeWeight).toBe(2.75);
    expect(squareOf(await insert({ size: 48, strokeScale: 1.375 })).strokeWeight).toBe(5.5);
    expect(squareOf(await insert({ size: 24, strokeScale: 0.5 })).strokeWeight).toBe(1);
  });

  it("keeps its look when resized later, and gives way to a stroke width asked for", async () => {
    app = await bootPlugin();
    const bold = await insert({ size: 24, strokeScale: 1.375 });
    app.page.selection = [bold];
    await app.port.request("apply-options", { options: { size: 48 } });
    expect(squareOf(bold).strokeWeight).toBe(5.5);
    expect(squareOf(await insert({ size: 24, strokeWidth: 1.5, strokeScale: 1.375 })).strokeWeight).toBe(1.5);
  });

  it("replaces an icon given a width with the weight asked for now", async () => {
    app = await bootPlugin();
    const thin = await insert({ size: 24, strokeWidth: 1 });
    app.page.selection = [thin];
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: STAR,
      content: svg,
      options: { size: 24, strokeScale: 1.375 },
    });
    const bold = (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuFrame;
    expect(squareOf(bold).strokeWeight).toBe(2.75);
  });

  it("refuses a scale no weight needs", async () => {
    app = await bootPlugin();
    await expect(insert({ size: 24, strokeScale: 40 })).rejects.toMatchObject({ reason: "invalid_message" });
  });
});
