// Where every asset came from: each insert, replace and placed result records its asset, set,
// licence and time (and for results, the work done), and "Assets in this file" reads them back page
// by page. Against the strict emulator: another page is read only when asked, after loading it.
import { afterEach, describe, expect, it } from "vitest";
import type { AssetRef, RecordedLayer } from "../../src/messages/types";
import { ICON_SVG, pngBytes } from "../figma/fixtures";
import type { EmuScene } from "../figma/nodes";
import { type Booted, bootPlugin, insertStar } from "./harness";
import { imageLayer } from "./layers";

let app: Booted;
afterEach(() => app?.stop());

const CAT: AssetRef = {
  uuid: "om-1f431",
  name: "Cat",
  type: "illustration",
  set: "openmoji",
  licence: "CC BY-SA 4.0",
  licenceUrl: "https://api.example/licenses/openmoji",
};

async function insertCat(options: { insertAsComponent?: boolean } = {}) {
  const { nodeIds } = await app.port.request("insert", {
    asset: CAT,
    content: { kind: "svg", svg: ICON_SVG },
    options,
    placement: { kind: "auto" },
  });
  return (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuScene;
}

async function currentPageLayers(): Promise<RecordedLayer[]> {
  const { pages } = await app.port.request("assets-in-file", { pages: "current" });
  return pages.find((p) => p.current)!.layers!;
}

describe("what a layer records", () => {
  it("an insert keeps the asset's set and licence, stamped with the plugin's time", async () => {
    app = await bootPlugin();
    const before = Date.now();
    const node = await insertCat();
    const after = Date.now();
    const [layer] = await currentPageLayers();
    expect(layer).toMatchObject({ nodeId: node.id, layerName: "Cat", asset: { ...CAT } });
    expect(layer!.asset!.at).toBeGreaterThanOrEqual(before);
    expect(layer!.asset!.at).toBeLessThanOrEqual(after);
    expect(layer!.made).toBeUndefined();
  });

  it("a record written before set, licence and time were kept still reads", async () => {
    app = await bootPlugin();
    const old = app.figma.createRectangle();
    old.name = "Old star";
    old.setPluginData("asset", JSON.stringify({ uuid: "u1", name: "Star", type: "icon" }));
    const odd = app.figma.createRectangle();
    odd.setPluginData("asset", JSON.stringify({ uuid: "u2", name: "Odd", type: "icon", at: "noon", set: 3 }));
    const layers = await currentPageLayers();
    expect(layers).toEqual([
      { nodeId: old.id, layerName: "Old star", asset: { uuid: "u1", name: "Star", type: "icon" } },
      { nodeId: odd.id, layerName: odd.name, asset: { uuid: "u2", name: "Odd", type: "icon" } },
    ]);
  });

  it("a replaced layer records the new asset, and an instance swapped to it does too", async () => {
    app = await bootPlugin();
    const star = await insertStar(app);
    const { nodeIds } = await app.port.request("insert", {
      asset: CAT,
      content: { kind: "svg", svg: ICON_SVG },
      placement: { kind: "replace", nodeIds: [star.id] },
    });
    const instance = await insertCat({ insertAsComponent: true });
    const layers = await currentPageLayers();
    expect(layers.map((l) => [l.nodeId, l.asset?.uuid, l.asset?.licence])).toEqual([
      [nodeIds[0], CAT.uuid, CAT.licence],
      [instance.id, CAT.uuid, CAT.licence],
    ]);
  });

  it("a vectorized result keeps its source's asset and says what was done, from which layer", async () => {
    app = await bootPlugin();
    const source = await insertCat();
    source.name = "Mascot";
    const placed = await app.port.request("place-result", {
      mode: "over-source",
      content: { kind: "svg", svg: ICON_SVG },
      sourceNodeId: source.id,
      hideSource: true,
      madeBy: "vectorize",
    });
    const result = (await currentPageLayers()).find((l) => l.nodeId === placed.nodeIds[0]);
    expect(result).toMatchObject({
      asset: { uuid: CAT.uuid, licence: CAT.licence, set: CAT.set },
      made: { operation: "vectorize", from: "Mascot" },
    });
    expect(result!.made!.at).toBeLessThanOrEqual(Date.now());
  });

  it("a background removed in place is recorded on the layer itself; a result of a plain layer has no asset", async () => {
    app = await bootPlugin();
    const photo = await imageLayer(app, 80, 60, "Product");
    const png = await pngBytes(8, 8);
    await app.port.request("place-result", {
      mode: "replace-fill",
      content: { kind: "image", format: "png", bytes: png },
      sourceNodeId: photo.id,
      madeBy: "remove-background",
    });
    const converted = await app.port.request("place-result", {
      mode: "new-node",
      content: { kind: "image", format: "png", bytes: png },
      sourceNodeId: photo.id,
      name: "Product.png",
      madeBy: "svg-to-png",
    });
    const layers = await currentPageLayers();
    expect(layers).toEqual([
      {
        nodeId: photo.id,
        layerName: "Product",
        made: { operation: "remove-background", at: expect.any(Number) },
      },
      {
        nodeId: converted.nodeIds[0],
        layerName: "Product",
        made: { operation: "svg-to-png", at: expect.any(Number), from: "Product" },
      },
    ]);
  });
});

describe("assets in this file", () => {
  /** A file of two pages: a cat on "Page 1" (in view), a star on "Archive", not loaded. */
  async function twoPages() {
    app = await bootPlugin();
    const home = app.figma.currentPage;
    const cat = await insertCat();
    const archive = app.figma.createPage();
    archive.name = "Archive";
    await app.figma.setCurrentPageAsync(archive);
    const star = await insertStar(app);
    await app.figma.setCurrentPageAsync(home);
    app.emu.unloadPage(archive);
    return { home, archive, cat, star };
  }

  it("reads the page in view at once and leaves other pages unread and unloaded", async () => {
    const { home, archive, cat } = await twoPages();
    const { pages } = await app.port.request("assets-in-file", { pages: "current" });
    expect(pages).toEqual([
      {
        pageId: home.id,
        pageName: home.name,
        current: true,
        layers: [expect.objectContaining({ nodeId: cat.id })],
      },
      { pageId: archive.id, pageName: "Archive", current: false },
    ]);
    expect(archive.loaded).toBe(false);
  });

  it("reads every page when asked, loading each first", async () => {
    const { archive, star } = await twoPages();
    const { pages } = await app.port.request("assets-in-file", { pages: "all" });
    expect(pages[1]!.layers).toEqual([
      expect.objectContaining({ nodeId: star.id, asset: expect.objectContaining({ name: "Star" }) }),
    ]);
    expect(archive.loaded).toBe(true);
  });

  it("lists an instance, not the main component Assetport keeps behind it", async () => {
    app = await bootPlugin();
    const instance = await insertCat({ insertAsComponent: true });
    const { pages } = await app.port.request("assets-in-file", { pages: "all" });
    const listed = pages.flatMap((p) => p.layers ?? []);
    expect(listed.map((l) => l.nodeId)).toEqual([instance.id]);
  });

  it("shows a layer on the page in view: selected and scrolled to", async () => {
    app = await bootPlugin();
    const cat = await insertCat();
    cat.x = 5000;
    cat.y = 4000;
    app.figma.currentPage.selection = [];
    const shown = await app.port.request("show-layer", { nodeId: cat.id });
    expect(shown).toEqual({
      pageId: app.figma.currentPage.id,
      pageName: app.figma.currentPage.name,
      switchedPage: false,
    });
    expect(app.figma.currentPage.selection).toEqual([cat]);
    expect(app.emu.viewport.shows(cat)).toBe(true);
  });

  it("selects every layer of one asset on the first one's page, skipping other pages and gone ones", async () => {
    const { home, cat, star } = await twoPages();
    const second = await insertCat();
    const gone = await insertCat();
    gone.remove();
    home.selection = [];
    await app.port.request("show-layer", {
      nodeId: cat.id,
      withNodeIds: [cat.id, second.id, star.id, gone.id],
    });
    expect(app.figma.currentPage).toBe(home);
    expect(home.selection).toEqual([cat, second]);
  });

  it("shows a layer on another page by switching to it", async () => {
    const { archive, star } = await twoPages();
    const shown = await app.port.request("show-layer", { nodeId: star.id });
    expect(shown).toEqual({ pageId: archive.id, pageName: "Archive", switchedPage: true });
    expect(app.figma.currentPage).toBe(archive);
    expect(archive.selection).toEqual([star]);
  });

  it("tells the window when the designer goes to another page, by the plugin's or their own hand", async () => {
    const { home, archive, star } = await twoPages();
    // The setup's own page changes arrive first: listened to only after them.
    await app.settle(4);
    const seen: string[] = [];
    app.port.on("page-changed", ({ pageId }) => seen.push(pageId));
    await app.port.request("show-layer", { nodeId: star.id });
    await app.figma.setCurrentPageAsync(home);
    await app.settle(4);
    expect(seen).toEqual([archive.id, home.id]);
  });

  it("says plainly when the layer is gone", async () => {
    app = await bootPlugin();
    const cat = await insertCat();
    cat.remove();
    await expect(app.port.request("show-layer", { nodeId: cat.id })).rejects.toMatchObject({
      reason: "node_not_found",
      message: "That layer is no longer in the file.",
    });
  });
});
