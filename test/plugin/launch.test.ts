// How the plugin starts and what it tells the ui on its own: launch command, quick-action query,
// selection changes, and the remembered window size.
import { afterEach, describe, expect, it } from "vitest";
import type { SelectionInfo } from "../../src/messages/types";
import { start } from "../../src/plugin/start";
import { ICON_SVG, pngBytes } from "../figma/fixtures";
import { installFigma, settle } from "../figma/install";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

describe("launch", () => {
  it("opens plainly from the menu", async () => {
    app = await bootPlugin({ command: "open" });
    expect((await app.port.request("ready", {})).launch).toEqual({ command: "open" });
    expect(app.emu.ui).toMatchObject({ open: true, width: 360, height: 560, themeColors: true });
  });

  it.each(["replace", "similar", "assets", "swap"] as const)("carries the %s command", async (command) => {
    app = await bootPlugin({ command });
    expect((await app.port.request("ready", {})).launch).toEqual({ command });
  });

  it.each(["remove-background", "vectorize"] as const)(
    "opens %s from the menu in a small window of its own, whatever size the last window had",
    async (command) => {
      app = await bootPlugin({
        command,
        stored: { "assetport.settings": { windowWidth: 800, windowHeight: 900 } },
      });
      expect((await app.port.request("ready", {})).launch).toEqual({ command });
      expect(app.emu.ui).toMatchObject({ open: true, width: 300, height: 320 });
    },
  );

  it("closes when the window says so, with its words as Figma's notice", async () => {
    app = await bootPlugin({ command: "remove-background" });
    await app.port.request("close-plugin", { message: "Background removed from 3 layers" });
    await app.settle();
    expect(app.emu.state).toMatchObject({ closed: true, closeMessage: "Background removed from 3 layers" });
  });

  it("opens Find similar to selection on the selection it was launched with", async () => {
    let iconId = "";
    app = await bootPlugin({
      command: "similar",
      prepare: (emu) => {
        const icon = emu.figma.createNodeFromSvg(ICON_SVG);
        emu.figma.currentPage.selection = [icon];
        iconId = icon.id;
      },
    });
    const ready = await app.port.request("ready", {});
    expect(ready.launch).toEqual({ command: "similar" });
    expect(ready.selection).toMatchObject({ count: 1, nodes: [{ id: iconId }] });
  });

  it("the Search menu item without a query (parameterOnly: false) opens plainly", async () => {
    app = await bootPlugin({ command: "search" });
    expect((await app.port.request("ready", {})).launch).toEqual({ command: "open" });
  });

  it("quick action: suggests recent searches while the designer types, then opens on the query", async () => {
    const typed: string[][] = [];
    app = await bootPlugin({
      command: "search",
      stored: {
        "assetport.recent-searches": [
          { query: "arrow left", type: "icon", at: 2 },
          { query: "cat", type: "icon", at: 1 },
        ],
        "assetport.settings": { windowWidth: 420, windowHeight: 600 },
      },
      entering: async (emu) => {
        typed.push(await emu.typeParameter("query", "arr"));
        typed.push(await emu.typeParameter("query", ""));
        // No window while Figma's quick actions has the focus.
        expect(emu.ui.open).toBe(false);
      },
      parameters: { query: "  arrow  " },
    });
    expect(typed).toEqual([
      ["arr", "arrow left"],
      ["arrow left", "cat"],
    ]);
    expect(app.emu.ui).toMatchObject({ open: true, visible: true, width: 420, height: 600 });
    expect((await app.port.request("ready", {})).launch).toEqual({ command: "search", query: "arrow" });
    expect(app.emu.notifications).toEqual([]);
  });

  it("leaving quick actions without Enter leaves nothing behind: no window, no error", async () => {
    const emu = installFigma({ command: "search", quickAction: true });
    let outcome = "pending";
    start().then(
      () => (outcome = "started"),
      (error) => (outcome = `failed: ${error}`),
    );
    await settle();
    expect(await emu.typeParameter("query", "arr")).toEqual(["arr"]);
    await settle();
    // The designer pressed Escape: Figma never fires "run".
    expect([emu.ui.open, outcome, emu.notifications]).toEqual([false, "pending", []]);
    emu.uninstall();
  });
});

describe("selection-changed", () => {
  it("describes what is selected: kinds, exportable, image fills, Assetport assets", async () => {
    app = await bootPlugin();
    const seen: SelectionInfo[] = [];
    app.port.on("selection-changed", (s) => seen.push(s));
    const { nodeIds } = await app.port.request("insert", {
      asset: STAR,
      content: { kind: "svg", svg: ICON_SVG },
      placement: { kind: "auto" },
    });
    const photo = app.figma.createRectangle();
    photo.fills = [
      { type: "IMAGE", imageHash: app.figma.createImage(await pngBytes(4, 4)).hash, scaleMode: "FILL" },
    ];
    const icon = await app.figma.getNodeByIdAsync(nodeIds[0]!);
    app.page.selection = [icon as never, photo];
    await app.settle(4);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({
      count: 2,
      kinds: ["FRAME", "RECTANGLE"],
      anyExportable: true,
      anyImageFill: true,
      anyAsset: true,
    });
    expect(last.nodes[0]).toMatchObject({
      id: nodeIds[0],
      assetUuid: STAR.uuid,
      assetType: "icon",
      hasImageFill: false,
    });
    expect(last.nodes[1]).toMatchObject({ id: photo.id, hasImageFill: true });
    app.page.selection = [];
    await app.settle(4);
    expect(seen.at(-1)).toMatchObject({ count: 0, anyExportable: false });
  });
});

describe("window size", () => {
  it("clamps a resize and stores nothing; opens at the stored size next time", async () => {
    app = await bootPlugin();
    await app.port.request("resize", { width: 5000, height: 480 });
    expect([app.emu.ui.width, app.emu.ui.height]).toEqual([1600, 480]);
    // A resize arrives every frame of a drag: the ui stores the size once, when the drag ends.
    expect(await app.figma.clientStorage.keysAsync()).toEqual([]);
    await app.port.request("storage-set", {
      key: "settings",
      value: { windowWidth: 1600, windowHeight: 480 },
    });
    const saved = await app.figma.clientStorage.getAsync("assetport.settings");
    app.stop();
    app = await bootPlugin({ stored: { "assetport.settings": saved } });
    expect([app.emu.ui.width, app.emu.ui.height]).toEqual([1600, 480]);
  });
});
