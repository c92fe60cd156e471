// A Replace that fails partway through a multi-layer selection loses no layer: every target is
// either still there or stands replaced, nothing new is left behind, and the components the failed
// batch made are gone from Assetport's page.
import { afterEach, describe, expect, it } from "vitest";
import { ICON_SVG } from "../figma/fixtures";
import type { EmuComponent, EmuInstance, EmuRectangle } from "../figma/node-types";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const svg = { kind: "svg" as const, svg: ICON_SVG };
const ROCKET = { uuid: "r0c4e7", name: "Rocket", type: "icon" as const };

function rectAt(x: number): EmuRectangle {
  const rect = app.figma.createRectangle();
  rect.resize(24, 24);
  rect.x = x;
  return rect;
}

function assetportComponents(): EmuComponent[] {
  const page = app.emu.document.pages.find((p) => p.name === "Assetport components");
  return (page?.kids() ?? []).filter((n) => n.type === "COMPONENT") as EmuComponent[];
}

async function starInstance(): Promise<EmuInstance> {
  const { nodeIds } = await app.port.request("insert", {
    asset: STAR,
    content: svg,
    options: { size: 24, insertAsComponent: true },
    placement: { kind: "auto" },
  });
  return (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuInstance;
}

describe("a Replace that fails partway through the selection", () => {
  it("when a swap fails: every layer stays as it was, and the batch's component goes", async () => {
    app = await bootPlugin();
    const icon = await starInstance();
    const star = await icon.getMainComponentAsync();
    icon.swapComponent = () => {
      throw new Error("in swapComponent: refused");
    };
    const targets = [rectAt(0), icon, rectAt(200)];
    const layersBefore = app.page.children.map((n) => n.id);
    app.page.selection = targets;
    await expect(
      app.port.request("replace-selection", { asset: ROCKET, content: svg, options: {} }),
    ).rejects.toBeDefined();
    expect(targets.map((t) => t.removed)).toEqual([false, false, false]);
    expect(app.page.children.map((n) => n.id)).toEqual(layersBefore);
    expect(await icon.getMainComponentAsync()).toBe(star);
    expect(assetportComponents()).toEqual([star]);
  });

  it("when a swap fails after another swapped: the first is swapped back", async () => {
    app = await bootPlugin();
    const first = await starInstance();
    const second = await starInstance();
    const star = await first.getMainComponentAsync();
    second.swapComponent = () => {
      throw new Error("in swapComponent: refused");
    };
    app.page.selection = [first, second];
    await expect(
      app.port.request("replace-selection", { asset: ROCKET, content: svg, options: {} }),
    ).rejects.toBeDefined();
    expect(await first.getMainComponentAsync()).toBe(star);
    expect(JSON.parse(first.getPluginData("asset"))).toEqual({ ...STAR, at: expect.any(Number) });
    expect(assetportComponents()).toEqual([star]);
  });

  it("when removing an old layer fails: the layer already replaced keeps its replacement", async () => {
    app = await bootPlugin();
    const targets = [rectAt(0), rectAt(100), rectAt(200)];
    targets[1]!.remove = () => {
      throw new Error("in remove: refused");
    };
    app.page.selection = targets;
    await expect(
      app.port.request("replace-selection", { asset: STAR, content: svg, options: {} }),
    ).rejects.toBeDefined();
    expect(targets.map((t) => t.removed)).toEqual([true, false, false]);
    // One new frame where the first rectangle was; nothing else new, nothing lost.
    const frames = app.page.children.filter((n) => n.type === "FRAME");
    expect(frames.map((n) => [n.name, n.x, n.width])).toEqual([["Star", 0, 24]]);
    expect(app.page.children.length).toBe(3);
  });
});
