// Replacing layers named by id that sit on another page than the designer's (the strict emulator: that
// page is not loaded, and the current page's selection refuses its nodes). They are replaced where
// they are, the designer's page stays as it was, and a notice offers to go there; layers spread over
// several pages are refused before anything changes.
import { afterEach, describe, expect, it } from "vitest";
import { ICON_SVG } from "../figma/fixtures";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

function replace(nodeIds: string[]) {
  return app.port.request("insert", {
    asset: STAR,
    content: { kind: "svg", svg: ICON_SVG },
    placement: { kind: "replace", nodeIds },
  });
}

async function layerOnAnotherPage() {
  app = await bootPlugin();
  const archive = app.figma.createPage();
  archive.name = "Archive";
  const old = app.figma.createRectangle();
  archive.appendChild(old);
  app.emu.unloadPage(archive);
  return { home: app.figma.currentPage, archive, old };
}

describe("replace by id on another page", () => {
  it("replaces the layer on its page; the designer's page stays, a notice offers to go there", async () => {
    const { home, archive, old } = await layerOnAnotherPage();
    const here = app.figma.createRectangle();
    home.selection = [here];
    const out = await replace([old.id]);
    expect(old.removed).toBe(true);
    expect(archive.children.map((n) => n.id)).toEqual(out.nodeIds);
    expect(app.figma.currentPage).toBe(home);
    expect(home.selection).toEqual([here]);
    expect(app.emu.notifications.at(-1)?.message).toContain("Archive");
  });

  it("layers on two pages are refused before anything changes", async () => {
    const { home, old } = await layerOnAnotherPage();
    const here = app.figma.createRectangle();
    await expect(replace([here.id, old.id])).rejects.toMatchObject({ reason: "invalid_message" });
    expect(old.removed).toBe(false);
    expect(home.children).toEqual([here]);
  });
});
