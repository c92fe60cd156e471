// How the plugin starts and what it tells the ui on its own: launch command, quick-action query,
// selection changes, and the remembered window size.
import { afterEach, describe, expect, it } from "vitest";
import type { SelectionInfo } from "../../src/messages/types";
import { ICON_SVG, pngBytes } from "../figma/fixtures";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

describe("launch", () => {
  it("opens plainly from the menu", async () => {
    app = await bootPlugin();
    expect((await app.port.request("ready", {})).launch).toEqual({ command: "open" });
    expect(app.emu.ui).toMatchObject({ open: true, width: 360, height: 560, themeColors: true });
  });

  it.each(["replace", "similar"] as const)("carries the %s relaunch button's command", async (command) => {
    app = await bootPlugin({ command });
    expect((await app.port.request("ready", {})).launch).toEqual({ command });
  });

  it("carries the quick action's query, and suggests recent searches as the designer types", async () => {
    app = await bootPlugin({ parameters: { query: "  arrow  " } });
    expect((await app.port.request("ready", {})).launch).toEqual({ command: "search", query: "arrow" });
    await app.port.request("storage-set", {
      key: "recent-searches",
      value: [
        { query: "arrow left", at: 2 },
        { query: "cat", at: 1 },
      ],
    });
    expect(await app.emu.typeParameter("query", "arr")).toEqual(["arr", "arrow left"]);
    expect(await app.emu.typeParameter("query", "")).toEqual(["arrow left", "cat"]);
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
  it("clamps a resize, remembers it, and opens at that size next time", async () => {
    app = await bootPlugin();
    await app.port.request("resize", { width: 5000, height: 480 });
    expect([app.emu.ui.width, app.emu.ui.height]).toEqual([1600, 480]);
    const saved = await app.figma.clientStorage.getAsync("assetport.settings");
    app.stop();
    app = await bootPlugin({ stored: { "assetport.settings": saved } });
    expect([app.emu.ui.width, app.emu.ui.height]).toEqual([1600, 480]);
  });
});
