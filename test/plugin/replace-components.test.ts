// Replace never deletes a main component: its instances across the file would be left without one.
// A main component, or a layer holding one, is refused before anything changes. (The emulator has no
// component sets; the plugin refuses them by the same rule.)
import { afterEach, describe, expect, it } from "vitest";
import { ICON_SVG } from "../figma/fixtures";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const svg = { kind: "svg" as const, svg: ICON_SVG };

/** A designer's own "Icon/Star" main component with instances of it on the page. */
function designersComponent() {
  const component = app.figma.createComponent();
  component.name = "Icon/Star";
  component.resize(24, 24);
  const instances = [0, 1, 2].map(() => component.createInstance());
  return { component, instances };
}

async function replace(options: object) {
  return app.port.request("replace-selection", { asset: STAR, content: svg, options });
}

describe("replace and main components", () => {
  it.each([
    ["plain layers", {}],
    ["as component", { insertAsComponent: true }],
  ])("refuses a selected main component (%s), leaving it and its instances whole", async (_, options) => {
    app = await bootPlugin();
    const { component, instances } = designersComponent();
    const childrenBefore = app.page.children.length;
    app.page.selection = [component];
    await expect(replace(options)).rejects.toMatchObject({ message: expect.stringContaining("Icon/Star") });
    expect(component.removed).toBe(false);
    for (const instance of instances) expect(await instance.getMainComponentAsync()).toBe(component);
    expect(app.page.children.length).toBe(childrenBefore);
    expect(app.emu.document.pages.filter((p) => p.name === "Assetport components")).toEqual([]);
  });

  it("refuses a frame holding a main component, and the rest of the selection is untouched", async () => {
    app = await bootPlugin();
    const rect = app.figma.createRectangle();
    const frame = app.figma.createFrame();
    frame.name = "Icons";
    const { component } = designersComponent();
    frame.appendChild(component);
    app.page.selection = [rect, frame];
    await expect(replace({})).rejects.toMatchObject({ message: expect.stringContaining("Icons") });
    expect([rect.removed, frame.removed, component.removed]).toEqual([false, false, false]);
  });
});
