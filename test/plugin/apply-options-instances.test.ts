// apply-options on icons inserted as components: the instance on the canvas takes the colour and the
// stroke width as overrides on its drawing (it stays an instance of its component), and a resize
// keeps the stroke width the icon was given.
import { afterEach, describe, expect, it } from "vitest";
import { ICON_SVG } from "../figma/fixtures";
import type { EmuGroup, EmuInstance, EmuVector } from "../figma/node-types";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const svg = { kind: "svg" as const, svg: ICON_SVG };

async function insertInstance(options: object): Promise<EmuInstance> {
  const { nodeIds } = await app.port.request("insert", {
    asset: STAR,
    content: svg,
    options: { ...options, insertAsComponent: true },
    placement: { kind: "auto" },
  });
  return (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuInstance;
}

const squareOf = (icon: EmuInstance) => icon.children[0] as EmuVector;
const circleOf = (icon: EmuInstance) => (icon.children[1] as EmuGroup).children[0] as EmuVector;

describe("apply-options on instances", () => {
  it("recolours and resizes an instance, keeping the stroke width it was inserted with", async () => {
    app = await bootPlugin();
    const icon = await insertInstance({ size: 24, strokeWidth: 2 });
    const main = await icon.getMainComponentAsync();
    app.page.selection = [icon];
    const result = await app.port.request("apply-options", { options: { size: 48, color: "#ff0000" } });
    expect(result).toEqual({ nodeIds: [icon.id], skipped: 0 });
    expect([icon.type, icon.width, icon.height]).toEqual(["INSTANCE", 48, 48]);
    expect(squareOf(icon).strokeWeight).toBe(2);
    expect(squareOf(icon).strokes[0]).toMatchObject({ color: { r: 1, g: 0, b: 0 } });
    expect(circleOf(icon).fills[0]).toMatchObject({ color: { r: 1, g: 0, b: 0 } });
    expect(await icon.getMainComponentAsync()).toBe(main);
  });

  it("sets an asked stroke width on an instance", async () => {
    app = await bootPlugin();
    const icon = await insertInstance({ size: 24 });
    app.page.selection = [icon];
    await app.port.request("apply-options", { options: { strokeWidth: 1.5 } });
    expect(squareOf(icon).strokeWeight).toBe(1.5);
    await app.port.request("apply-options", { options: { size: 64 } });
    expect(squareOf(icon).strokeWeight).toBe(1.5);
  });

  it("resizes an icon inside another component's instance without moving it (it cannot move)", async () => {
    app = await bootPlugin();
    const star = await insertInstance({ size: 24 });
    const button = app.figma.createComponent();
    button.appendChild(star);
    const outer = button.createInstance();
    const nested = outer.children[0] as EmuInstance;
    // Figma copies no plugin data into an instance: Replace records the asset on a nested icon.
    app.page.selection = [nested];
    await app.port.request("replace-selection", {
      asset: STAR,
      content: svg,
      options: { insertAsComponent: true },
    });
    const other = await insertInstance({ size: 24 });
    app.page.selection = [other, nested];
    const undoBefore = app.emu.state.undoCommits;
    await app.port.request("apply-options", { options: { size: 48, color: "#ff0000" } });
    expect([nested.x, nested.y, nested.width, nested.height]).toEqual([star.x, star.y, 48, 48]);
    expect(squareOf(nested).strokes[0]).toMatchObject({ color: { r: 1, g: 0, b: 0 } });
    expect([other.width, squareOf(other).strokes[0]]).toMatchObject([48, { color: { r: 1, g: 0, b: 0 } }]);
    expect(app.emu.state.undoCommits - undoBefore).toBe(1);
  });
});
