// Pages under documentAccess "dynamic-page", as strict as Figma: a node on a page that is not loaded is
// found by id, but that page's children wait for loadAsync, and no page's selection takes a node from
// another page.
import { describe, expect, it } from "vitest";
import { createFigma } from "./figma";
import type { EmuScene } from "./nodes";
import { SELECTION_DOCUMENT, SELECTION_OTHER_PAGE, SELECTION_PAGE } from "./pages";

/** A second page holding a rectangle, as a reopened file has it: not loaded. */
async function fileWithTwoPages(options: { dynamicPage?: boolean } = {}) {
  const emu = createFigma(options);
  const first = emu.figma.currentPage;
  const other = emu.figma.createPage();
  other.name = "Archive";
  const rect = emu.figma.createRectangle();
  other.appendChild(rect);
  emu.unloadPage(other);
  return { emu, figma: emu.figma, first, other, rect };
}

describe("a page that is not loaded", () => {
  it("still gives its nodes by id, readable and writable, and stays unloaded", async () => {
    const { figma, other, rect } = await fileWithTwoPages();
    const found = (await figma.getNodeByIdAsync(rect.id)) as RectangleNode | null;
    expect(found).toBe(rect);
    expect(found?.parent).toBe(other);
    found!.visible = false;
    expect(rect.visible).toBe(false);
    expect(other.loaded).toBe(false);
  });

  it("refuses its children and child methods until loadAsync, then allows them", async () => {
    const { figma, other, rect } = await fileWithTwoPages();
    const moved = figma.createRectangle();
    expect(() => other.children).toThrow("loadAsync");
    expect(() => other.appendChild(moved)).toThrow("in appendChild:");
    expect(() => other.insertChild(0, moved)).toThrow("in insertChild:");
    expect(() => other.findAll()).toThrow("loadAsync");
    expect(() => other.findOne(() => true)).toThrow("loadAsync");
    expect(moved.parent).toBe(figma.currentPage);

    await other.loadAsync();
    other.insertChild(0, moved);
    expect(other.children).toEqual([moved, rect]);
    expect(other.findOne((n) => n.id === rect.id)).toBe(rect);
  });

  it("finds nodes by criteria only once loaded: by plugin-data key (any of them) and by type", async () => {
    const { emu, figma, other, rect } = await fileWithTwoPages();
    rect.setPluginData("asset", "{}");
    const frame = figma.createFrame();
    frame.setPluginData("made", "{}");
    frame.setPluginData("other", "x");
    await other.loadAsync();
    other.appendChild(frame);
    emu.unloadPage(other);
    expect(() => other.findAllWithCriteria({ pluginData: { keys: ["asset"] } })).toThrow("loadAsync");

    await other.loadAsync();
    expect(other.findAllWithCriteria({ pluginData: { keys: ["asset", "made"] } })).toEqual([rect, frame]);
    expect(other.findAllWithCriteria({ pluginData: { keys: ["asset"] } })).toEqual([rect]);
    expect(other.findAllWithCriteria({ pluginData: {} })).toEqual([rect, frame]);
    expect(other.findAllWithCriteria({ types: ["FRAME"], pluginData: { keys: ["made"] } })).toEqual([frame]);
    // An entry set to "" is deleted, as Figma's setPluginData does: no longer found.
    rect.setPluginData("asset", "");
    expect(other.findAllWithCriteria({ pluginData: { keys: ["asset"] } })).toEqual([]);
    expect(() => other.findAllWithCriteria({})).toThrow("At least one");
  });

  it("is loaded by setCurrentPageAsync", async () => {
    const { figma, other, rect } = await fileWithTwoPages();
    await figma.setCurrentPageAsync(other);
    expect(figma.currentPage).toBe(other);
    expect(other.children).toEqual([rect]);
  });

  it("without dynamic-page, every page is open to the plugin", async () => {
    const { other, rect } = await fileWithTwoPages({ dynamicPage: false });
    expect(other.children).toEqual([rect]);
  });

  it("takes document-wide search back until every page is loaded again", async () => {
    const { emu, figma, other, rect } = await fileWithTwoPages();
    await figma.loadAllPagesAsync();
    expect(figma.root.findAll()).toContain(rect);
    emu.unloadPage(other);
    expect(() => figma.root.findAll()).toThrow("loadAllPagesAsync");
  });

  it("cannot be the current page", async () => {
    const { emu, first } = await fileWithTwoPages();
    expect(() => emu.unloadPage(first)).toThrow("always loaded");
  });
});

describe("selection across pages", () => {
  it("the current page's selection refuses a node from another page with Figma's words, and keeps what it had", async () => {
    const { figma, first, rect } = await fileWithTwoPages();
    const here = figma.createRectangle();
    first.selection = [here];
    expect(() => {
      first.selection = [here, rect];
    }).toThrow(`in set_selection: ${SELECTION_OTHER_PAGE}`);
    expect(first.selection).toEqual([here]);
  });

  it("refuses the document and a page with the words Figma documents", async () => {
    const { figma, first, other } = await fileWithTwoPages();
    const asScene = (node: unknown) => [node as EmuScene];
    expect(() => {
      first.selection = asScene(figma.root);
    }).toThrow(`in set_selection: ${SELECTION_DOCUMENT}`);
    expect(() => {
      first.selection = asScene(other);
    }).toThrow(`in set_selection: ${SELECTION_PAGE}`);
    expect(first.selection).toEqual([]);
  });

  it("a page's own selection takes its own nodes, whichever page is current", async () => {
    const { figma, first, other, rect } = await fileWithTwoPages();
    other.selection = [rect];
    expect(other.selection).toEqual([rect]);
    expect(first.selection).toEqual([]);
    expect(figma.currentPage).toBe(first);
  });
});

describe("notify", () => {
  it("shows 100 characters, as Figma does, and records that it cut the rest", () => {
    const { figma, notifications } = createFigma();
    figma.notify("x".repeat(100));
    figma.notify(`${"y".repeat(100)}z`);
    expect(notifications.map((n) => [n.message.length, n.truncated])).toEqual([
      [100, false],
      [100, true],
    ]);
    expect(notifications[1]!.message).not.toContain("z");
  });

  it("keeps the action button so a test can press it", () => {
    const { figma, notifications } = createFigma();
    let pressed = 0;
    figma.notify("Placed", { timeout: 8000, button: { text: "Show", action: () => void pressed++ } });
    expect(notifications.at(-1)).toMatchObject({
      message: "Placed",
      timeout: 8000,
      button: { text: "Show" },
    });
    notifications.at(-1)!.button!.action();
    expect(pressed).toBe(1);
  });
});
