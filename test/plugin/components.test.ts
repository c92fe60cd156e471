// Insert as component: one main component per asset variant on Assetport's own page, instances on
// the canvas, and Replace by instance swap (also inside another component's instance).
import { afterEach, describe, expect, it } from "vitest";
import { ICON_SVG } from "../figma/fixtures";
import type { EmuComponent, EmuInstance } from "../figma/node-types";
import type { EmuPage } from "../figma/pages";
import { type Booted, bootOverFrame, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const svg = { kind: "svg" as const, svg: ICON_SVG };
const WIDE_SVG = ICON_SVG.replace('width="24"', 'width="48"').replace("0 0 24 24", "0 0 48 24");
const ROCKET = { uuid: "r0c4e7", name: "Rocket", type: "icon" as const };
const asComponent = { size: 32, insertAsComponent: true };

function componentPages(): EmuPage[] {
  return app.emu.document.pages.filter((p) => p.name === "Assetport components");
}

/** The main components on Assetport's page (read as the emulator, free of dynamic-page loading). */
function components(): EmuComponent[] {
  const pages = componentPages();
  expect(pages).toHaveLength(1);
  return pages[0]!.kids().filter((n) => n.type === "COMPONENT") as EmuComponent[];
}

async function insertStar(options: object = asComponent): Promise<EmuInstance> {
  const { nodeIds } = await app.port.request("insert", {
    asset: STAR,
    content: svg,
    options,
    placement: { kind: "auto" },
  });
  return (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuInstance;
}

/** A "Button" component holding an Assetport instance, and an instance of the button on the page. */
async function buttonWithIcon(): Promise<{ button: EmuInstance; icon: EmuInstance }> {
  const star = await insertStar();
  const component = app.figma.createComponent();
  component.name = "Button";
  component.appendChild(star);
  const button = component.createInstance();
  button.x = 300;
  return { button, icon: button.children[0] as EmuInstance };
}

describe("insert as component", () => {
  it("makes the component once, on Assetport's page, and lands an instance each time", async () => {
    app = await bootPlugin();
    const first = await insertStar();
    const second = await insertStar();
    expect(first.type).toBe("INSTANCE");
    expect(second.type).toBe("INSTANCE");
    expect(first).not.toBe(second);
    const [component, ...others] = components();
    expect(others).toEqual([]);
    expect(await first.getMainComponentAsync()).toBe(component);
    expect(await second.getMainComponentAsync()).toBe(component);
    expect(component).toMatchObject({ name: "Star", width: 32, height: 32 });
    expect(first.parent).toBe(app.page);
    // The asset is recorded on both: relaunch buttons, Find similar and Replace read the instance.
    expect(JSON.parse(first.getPluginData("asset"))).toEqual({ ...STAR, at: expect.any(Number) });
    expect(JSON.parse(component!.getPluginData("asset"))).toEqual({ ...STAR, at: expect.any(Number) });
    expect(Object.keys(first.getRelaunchData())).toEqual(["replace", "similar", "swap"]);
    expect(app.page.selection).toEqual([second]);
    expect(app.emu.state.undoCommits).toBe(2); // one undo step per insert
  });

  it("makes a new component for a variant that draws differently (size, colour)", async () => {
    app = await bootPlugin();
    await insertStar();
    await insertStar({ ...asComponent, size: 48 });
    await insertStar({ ...asComponent, color: "#0000ff" });
    await insertStar({ ...asComponent, keepReplacedColor: false }); // placing, not drawing: reused
    expect(components().map((c) => c.width)).toEqual([32, 48, 32]);
  });

  it("loads its page on a reopened file (dynamic-page) and still makes the page once", async () => {
    app = await bootPlugin();
    await insertStar();
    app.emu.unloadPage(componentPages()[0]!);
    const again = await insertStar();
    expect(components()).toHaveLength(1);
    expect(await again.getMainComponentAsync()).toBe(components()[0]);
  });

  it("finds its page by its mark, not its name", async () => {
    app = await bootPlugin();
    const decoy = app.figma.createPage();
    decoy.name = "Assetport components";
    await insertStar();
    expect(decoy.kids()).toEqual([]);
    const page = componentPages().find((p) => p !== decoy)!;
    page.name = "Icons (renamed)";
    await insertStar();
    expect(page.kids()).toHaveLength(1);
    expect(app.emu.document.pages).toHaveLength(3);
  });

  it("makes the component again when the designer deleted it", async () => {
    app = await bootPlugin();
    await insertStar();
    components()[0]!.remove();
    const again = await insertStar();
    const [component] = components();
    expect(component).toBeDefined();
    expect(await again.getMainComponentAsync()).toBe(component);
  });

  it("refuses an option that is not a boolean, before anything is made", async () => {
    app = await bootPlugin();
    await expect(
      app.port.request("insert", {
        asset: STAR,
        content: svg,
        options: { insertAsComponent: "yes" as unknown as boolean },
        placement: { kind: "auto" },
      }),
    ).rejects.toMatchObject({ reason: "invalid_message" });
    expect(app.emu.document.pages).toHaveLength(1);
    expect(app.page.kids()).toEqual([]);
  });

  it("inserts plain layers when the option is off", async () => {
    app = await bootPlugin();
    const node = await insertStar({ size: 32 });
    expect(node.type).toBe("FRAME");
    expect(app.emu.document.pages).toHaveLength(1);
  });
});

describe("replace by instance swap", () => {
  it("swaps a selected Assetport instance's main component, keeping the layer and its centre", async () => {
    app = await bootPlugin();
    const star = await insertStar();
    star.x = 100;
    star.y = 40;
    app.page.selection = [star];
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: ROCKET,
      content: { kind: "svg", svg: WIDE_SVG },
      // Off: an Assetport instance is swapped all the same.
      options: { size: 32 },
    });
    expect(nodeIds).toEqual([star.id]);
    const main = await star.getMainComponentAsync();
    expect(main).toMatchObject({ name: "Rocket", width: 32, height: 16 });
    expect(JSON.parse(star.getPluginData("asset"))).toEqual({ ...ROCKET, at: expect.any(Number) });
    expect({ x: star.x, y: star.y, width: star.width, height: star.height }).toEqual({
      x: 100,
      y: 48,
      width: 32,
      height: 16,
    });
    expect(star.parent).toBe(app.page);
  });

  it("sizes the swapped instance to its component even if Figma's swap kept the old size", async () => {
    app = await bootPlugin();
    const star = await insertStar();
    // Figma's override heuristics are not documented: here the swap keeps the resized box.
    const swap = star.swapComponent.bind(star);
    star.swapComponent = (component) => {
      const [width, height] = [star.width, star.height];
      swap(component);
      star.resize(width, height);
    };
    app.page.selection = [star];
    await app.port.request("replace-selection", {
      asset: ROCKET,
      content: { kind: "svg", svg: WIDE_SVG },
      options: { insertAsComponent: true },
    });
    expect([star.width, star.height]).toEqual([32, 16]);
  });

  it("swaps an instance nested in another component's instance, leaving the outer one whole", async () => {
    app = await bootPlugin();
    const { button, icon } = await buttonWithIcon();
    app.page.selection = [icon];
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: ROCKET,
      content: svg,
      options: { insertAsComponent: true },
    });
    expect(nodeIds).toEqual([icon.id]);
    expect(icon.removed).toBe(false);
    expect(button.children).toEqual([icon]);
    expect(await icon.getMainComponentAsync()).toMatchObject({ name: "Rocket", width: 32, height: 32 });
    expect(JSON.parse(icon.getPluginData("asset"))).toEqual({ ...ROCKET, at: expect.any(Number) });
    expect(app.emu.state.undoCommits).toBe(2);
  });

  it("swaps a nested instance even if Figma refused it relaunch data", async () => {
    app = await bootPlugin();
    const { icon } = await buttonWithIcon();
    // Undocumented in Figma: whether an instance's sublayers take relaunch data. Here they do not.
    icon.setRelaunchData = () => {
      throw new Error("in setRelaunchData: Cannot set relaunch data on a node inside an instance");
    };
    app.page.selection = [icon];
    await app.port.request("replace-selection", { asset: ROCKET, content: svg, options: asComponent });
    expect(await icon.getMainComponentAsync()).toMatchObject({ name: "Rocket" });
  });

  it("replaces a plain layer by an instance in its box when inserting as component", async () => {
    app = await bootPlugin();
    const rect = app.figma.createRectangle();
    rect.resize(40, 40);
    rect.x = 10;
    app.page.selection = [rect];
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: STAR,
      content: svg,
      options: { insertAsComponent: true },
    });
    const node = (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuInstance;
    expect(rect.removed).toBe(true);
    expect(node).toMatchObject({ type: "INSTANCE", x: 10, y: 0, width: 40, height: 40 });
    expect(await node.getMainComponentAsync()).toBe(components()[0]);
  });

  it("refuses to replace a main component, even by its own variant (its instances keep their main)", async () => {
    app = await bootPlugin();
    const star = await insertStar();
    const [component] = components();
    await app.figma.setCurrentPageAsync(componentPages()[0]!);
    app.figma.currentPage.selection = [component!];
    await expect(
      app.port.request("replace-selection", { asset: STAR, content: svg, options: asComponent }),
    ).rejects.toMatchObject({ reason: "figma_error" });
    expect(component!.removed).toBe(false);
    expect(components()).toEqual([component]);
    expect(await star.getMainComponentAsync()).toBe(component);
  });

  it("still refuses a plain layer inside an instance, which cannot be removed", async () => {
    app = await bootPlugin();
    const { button } = await buttonWithIcon();
    const inner = (button.children[0] as EmuInstance).children[0]!;
    app.page.selection = [inner];
    await expect(
      app.port.request("replace-selection", {
        asset: ROCKET,
        content: svg,
        options: { insertAsComponent: true },
      }),
    ).rejects.toMatchObject({ reason: "instance_locked" });
  });
});

describe("drop as component", () => {
  it("lands an instance of the variant's component under the pointer", async () => {
    const booted = await bootOverFrame();
    app = booted.app;
    const frame = booted.frame;
    app.port.drop({ clientX: 200, clientY: 250 }, { dropId: "d1", asset: STAR });
    await app.settle(6);
    const answer = await app.port.request("drop-content", {
      dropId: "d1",
      asset: STAR,
      content: svg,
      options: asComponent,
    });
    const node = (await app.figma.getNodeByIdAsync(answer.nodeIds[0]!)) as EmuInstance;
    expect(node.type).toBe("INSTANCE");
    expect(node.parent).toBe(frame);
    expect(await node.getMainComponentAsync()).toBe(components()[0]);
    expect(app.emu.state.undoCommits).toBe(1);
  });
});

describe("a Starter file (three pages at most)", () => {
  it("keeps the components in a section of their own, found again from another page", async () => {
    app = await bootPlugin({
      pageLimit: 3,
      prepare: (emu) => {
        emu.figma.createPage();
        emu.figma.createPage();
        const work = emu.figma.createRectangle();
        work.x = 500;
      },
    });
    const first = await insertStar();
    expect(app.emu.document.pages).toHaveLength(3);
    const sections = app.page.kids().filter((n) => n.type === "SECTION");
    expect(sections).toHaveLength(1);
    const section = sections[0]!;
    expect(section.name).toBe("Assetport components");
    expect(section.x).toBeGreaterThanOrEqual(600); // beside the designer's work, not over it
    const [component, ...others] = section.kids();
    expect(others).toEqual([]);
    expect(component!.type).toBe("COMPONENT");
    expect(section.width).toBeGreaterThanOrEqual(component!.x + component!.width);
    expect(section.height).toBeGreaterThanOrEqual(component!.y + component!.height);
    expect(await first.getMainComponentAsync()).toBe(component);

    // From another page, with the section's page unloaded (a reopened file): the same component.
    const other = app.emu.document.pages[1]!;
    await app.figma.setCurrentPageAsync(other);
    app.emu.unloadPage(app.page);
    const second = await insertStar();
    expect(second.parent).toBe(other);
    expect(await second.getMainComponentAsync()).toBe(component);
    expect(section.kids()).toHaveLength(1);
    expect(other.kids().filter((n) => n.type === "SECTION")).toEqual([]);
  });
});

describe("insert as component with the file's colours and a stroke width", () => {
  it("keys the component by the variable it is bound to, and keeps the asked stroke width", async () => {
    app = await bootPlugin();
    const brand = app.emu.design.addCollection("Brand", ["Light"]);
    const primary = app.emu.design.addVariable(brand, "icon/primary", "COLOR", [{ r: 0, g: 0, b: 1 }]);
    const accent = app.emu.design.addVariable(brand, "icon/accent", "COLOR", [{ r: 0, g: 0, b: 1 }]);
    // Same resolved colour, two variables: two components, each bound to its own.
    await insertStar({ ...asComponent, colorVariableId: primary.id, strokeWidth: 1 });
    await insertStar({ ...asComponent, colorVariableId: primary.id, strokeWidth: 1 });
    await insertStar({ ...asComponent, colorVariableId: accent.id, strokeWidth: 1 });
    const made = components();
    expect(made).toHaveLength(2);
    const boundIds = made.map((component) => {
      const square = component.kids()[0]!;
      expect(square.strokeWeight).toBe(1);
      return (square.strokes[0] as SolidPaint).boundVariables?.color?.id;
    });
    expect(boundIds.sort()).toEqual([primary.id, accent.id].sort());
  });
});
