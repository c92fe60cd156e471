// Work on a layer that sits on another page than the one the designer is looking at (a resumed run:
// the window was closed, the designer moved to another page, the plugin reopened). Against the strict
// emulator: that page is not loaded, and no page's selection takes a node from another page. The
// result goes beside its layer on that page, the designer's page and selection stay as they are, a
// notice names the page and its button goes there. On any failure nothing stays hidden or half-made.
import { afterEach, describe, expect, it } from "vitest";
import type { PlaceResultRequest } from "../../src/messages/types";
import { ICON_SVG, pngBytes } from "../figma/fixtures";
import type { EmuScene } from "../figma/nodes";
import { type Booted, bootPlugin } from "./harness";
import { canvasBox, imageLayer } from "./layers";

let app: Booted;
afterEach(() => app?.stop());

/**
 * The file as the reopened plugin finds it: the source layer on page "Archive" (inside `frame` when
 * asked, else straight on the page), that page not loaded, the designer on "Page 1" with `here` selected.
 */
async function sourceOnAnotherPage(options: { inFrame?: boolean; autoLayout?: boolean } = {}) {
  app = await bootPlugin();
  const home = app.figma.currentPage;
  const archive = app.figma.createPage();
  archive.name = "Archive";
  const source = await imageLayer(app, 90, 60);
  let parent: typeof archive | ReturnType<typeof app.figma.createFrame> = archive;
  if (options.inFrame || options.autoLayout) {
    const frame = app.figma.createFrame();
    frame.x = 400;
    frame.y = 300;
    frame.resize(500, 500);
    if (options.autoLayout) frame.layoutMode = "HORIZONTAL";
    archive.appendChild(frame);
    parent = frame;
  }
  parent.appendChild(source);
  source.x = 20;
  source.y = 30;
  const here = app.figma.createRectangle();
  home.selection = [here];
  app.emu.unloadPage(archive);
  return { home, archive, source, parent, here };
}

function place(source: { id: string }, patch: Partial<PlaceResultRequest> = {}) {
  return app.port.request("place-result", {
    mode: "over-source",
    content: { kind: "svg", svg: ICON_SVG },
    sourceNodeId: source.id,
    ...patch,
  });
}

async function nodeById(id: string) {
  return (await app.figma.getNodeByIdAsync(id)) as EmuScene;
}

/**
 * Every node on every page, read through the emulator's own handles: no page gets loaded, so the
 * placement under test still finds its layer's page unloaded, as a reopened plugin would.
 */
function allNodes() {
  return app.emu.document.pages.flatMap((page) => page.searchAll());
}

describe("a result whose layer is on another page", () => {
  it("lands over its hidden layer on that page; the designer's page and selection stay", async () => {
    const { home, archive, source, parent, here } = await sourceOnAnotherPage({ inFrame: true });
    const out = await place(source, { hideSource: true });
    const node = await nodeById(out.nodeIds[0]!);
    expect(node.parent).toBe(parent);
    expect(app.emu.pageOf(node)).toBe(archive);
    expect(canvasBox(node)).toEqual(canvasBox(source));
    expect(source.visible).toBe(false);
    expect(app.figma.currentPage).toBe(home);
    expect(home.selection).toEqual([here]);
    expect(home.children.map((n) => n.id)).toEqual([here.id]);
  });

  it("straight on that page (which must be loaded to take a child)", async () => {
    const { archive, source } = await sourceOnAnotherPage();
    const out = await place(source, { hideSource: true });
    const node = await nodeById(out.nodeIds[0]!);
    expect(node.parent).toBe(archive);
    expect(archive.children.map((n) => n.id)).toEqual([source.id, node.id]);
    expect(canvasBox(node)).toEqual(canvasBox(source));
  });

  it("a new node goes beside its layer on that page", async () => {
    const { home, archive, source } = await sourceOnAnotherPage();
    const out = await place(source, { mode: "new-node", content: { kind: "svg", svg: ICON_SVG } });
    const node = await nodeById(out.nodeIds[0]!);
    expect(node.parent).toBe(archive);
    expect(node.x).toBe(source.x + source.width + 16);
    expect(app.figma.currentPage).toBe(home);
  });

  it("a swapped image fill stays on its layer, the designer's page untouched", async () => {
    const { home, source, here } = await sourceOnAnotherPage({ inFrame: true });
    const before = (source.fills as ImagePaint[])[0]!.imageHash;
    const out = await place(source, {
      mode: "replace-fill",
      content: { kind: "image", format: "png", bytes: await pngBytes(20, 20, "#00ff00") },
    });
    expect(out).toEqual({ nodeIds: [source.id], sourceMissing: false });
    expect((source.fills as ImagePaint[])[0]!.imageHash).not.toBe(before);
    expect(app.figma.currentPage).toBe(home);
    expect(home.selection).toEqual([here]);
  });

  it("a notice names the page, and its button goes there with the result selected and in view", async () => {
    const { archive, source } = await sourceOnAnotherPage({ inFrame: true });
    app.figma.viewport.center = { x: -5000, y: -5000 };
    const out = await place(source, { hideSource: false });
    const notice = app.emu.notifications.at(-1)!;
    expect(notice.message).toContain("Archive");
    expect(notice.button?.text).toBeTruthy();
    expect(notice.timeout ?? 3000).toBeGreaterThan(3000);

    await notice.button!.action();
    await app.settle();
    const node = await nodeById(out.nodeIds[0]!);
    expect(app.figma.currentPage).toBe(archive);
    expect(archive.selection).toEqual([node]);
    expect(app.emu.viewport.shows(node)).toBe(true);
  });

  it("the button, pressed after the result was deleted, says so and stays on the designer's page", async () => {
    const { home, source } = await sourceOnAnotherPage();
    const out = await place(source);
    (await nodeById(out.nodeIds[0]!)).remove();
    await app.emu.notifications.at(-1)!.button!.action();
    await app.settle();
    expect(app.figma.currentPage).toBe(home);
    expect(app.emu.notifications.at(-1)?.message).toMatch(/no longer/);
  });

  it("a layer on the current page gets no notice", async () => {
    app = await bootPlugin();
    const source = await imageLayer(app, 40, 40);
    await place(source, { hideSource: true });
    expect(app.emu.notifications).toEqual([]);
  });
});

describe("a placement that fails half-way leaves nothing hidden or half-made", () => {
  /** Figma refuses the last step of the change (the undo checkpoint), once. */
  function failLastStep() {
    const commit = app.figma.commitUndo;
    app.figma.commitUndo = () => {
      app.figma.commitUndo = commit;
      throw new Error("in commitUndo: refused");
    };
  }

  for (const [where, options] of [
    ["on another page, in a frame", { inFrame: true }],
    ["on another page, in an auto-layout row (where hiding reflows)", { autoLayout: true }],
  ] as const) {
    it(where, async () => {
      const { home, archive, source, parent } = await sourceOnAnotherPage(options);
      const before = { box: canvasBox(source), ids: parent.children.map((n) => n.id) };
      const count = allNodes().length;
      expect(archive.loaded).toBe(false);
      failLastStep();
      await expect(place(source, { hideSource: true })).rejects.toMatchObject({ reason: "figma_error" });
      expect(source.visible).toBe(true);
      expect(canvasBox(source)).toEqual(before.box);
      expect(parent.children.map((n) => n.id)).toEqual(before.ids);
      expect(allNodes()).toHaveLength(count);
      expect(app.figma.currentPage).toBe(home);
    });
  }

  it("a swapped image fill on another page goes back to the original", async () => {
    const { source } = await sourceOnAnotherPage({ inFrame: true });
    const before = source.fills;
    failLastStep();
    await expect(
      place(source, {
        mode: "replace-fill",
        content: { kind: "image", format: "png", bytes: await pngBytes(20, 20, "#00ff00") },
      }),
    ).rejects.toMatchObject({ reason: "figma_error" });
    expect(source.fills).toEqual(before);
  });

  it("on the current page", async () => {
    app = await bootPlugin();
    const source = await imageLayer(app, 40, 40);
    failLastStep();
    await expect(place(source, { hideSource: true })).rejects.toMatchObject({ reason: "figma_error" });
    expect(source.visible).toBe(true);
    expect(app.page.children).toEqual([source]);
  });
});
