// @vitest-environment happy-dom
// "Assets in this file" in the window: opened from the menu command or the search bar, it reads the
// page in view, reads the other pages only on the switch to the whole file, selects a layer on the
// canvas from its row, and copies the credit lines.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PageRecords } from "../../../src/messages/types";
import { fakePlugin } from "../support/fake-plugin";
import { searchRoute } from "../support/fake-service";
import { fakeLayout, mountApp, settle } from "../support/mount";
import { cat, star } from "./records-fixture";

const here: PageRecords = {
  pageId: "0:1",
  pageName: "Cover",
  current: true,
  layers: [{ nodeId: "1:2", layerName: "Mascot", asset: cat }],
};
const archive: PageRecords = { pageId: "0:2", pageName: "Archive", current: false };
const archiveRead: PageRecords = { ...archive, layers: [{ nodeId: "2:1", layerName: "Star", asset: star }] };

function filePlugin(launchCommand: "open" | "assets" = "assets") {
  return fakePlugin({
    launchCommand,
    respond(type, payload) {
      if (type === "assets-in-file")
        return { pages: payload.pages === "all" ? [here, archiveRead] : [here, archive] };
      if (type === "show-layer") {
        const other = payload.nodeId === "2:1";
        return { pageId: other ? "0:2" : "0:1", pageName: other ? "Archive" : "Cover", switchedPage: other };
      }
      return undefined;
    },
  });
}

const click = (el: Element | null | undefined) =>
  act(() => {
    if (!el) throw new Error("no such control");
    (el as HTMLElement).click();
  });
const buttonNamed = (root: ParentNode, text: string) =>
  [...root.querySelectorAll("button")].find(
    (b) => b.textContent?.trim() === text || b.getAttribute("aria-label") === text,
  );

describe("assets in this file", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
    vi.restoreAllMocks();
  });

  it("opens from the menu command on the page in view, grouped by licence with its credit line", async () => {
    const plugin = filePlugin("assets");
    const ui = await mountApp({ routes: [searchRoute(3)], plugin });
    expect(ui.app.view.value).toBe("assets");
    expect(plugin.sentOf("assets-in-file").map((s) => s.payload)).toEqual([{ pages: "current" }]);
    const section = ui.container.querySelector(".file-assets")!;
    expect(section.querySelector("h2")?.textContent).toBe("Assets in this file");
    expect([...section.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(["CC BY-SA 4.0"]);
    // The licence by its name, a link to its page; no address written out in the window.
    const credit = section.querySelector(".file-assets__credit")!;
    expect(credit.textContent).toBe("\u201cCat\u201d by OpenMoji, CC BY-SA 4.0");
    const link = credit.querySelector("a");
    expect([link?.textContent, link?.getAttribute("href")]).toEqual([
      "CC BY-SA 4.0",
      "https://creativecommons.org/licenses/by-sa/4.0/",
    ]);
    expect(section.textContent).not.toMatch(/https?:/);
    // The group's heading names the licence once, as a link too.
    expect(section.querySelector("h3 a")?.getAttribute("href")).toBe(
      "https://creativecommons.org/licenses/by-sa/4.0/",
    );
    expect(section.textContent).toContain("1 layer on this page");
    ui.unmount();
  });

  it("reads the other pages only on the switch to the whole file, and lists their layers with their page", async () => {
    const plugin = filePlugin("assets");
    const ui = await mountApp({ routes: [searchRoute(3)], plugin });
    await click(buttonNamed(ui.container, "Whole file"));
    await settle();
    expect(plugin.sentOf("assets-in-file").map((s) => s.payload)).toEqual([
      { pages: "current" },
      { pages: "all" },
    ]);
    const section = ui.container.querySelector(".file-assets")!;
    expect([...section.querySelectorAll("h3")].map((h) => h.textContent)).toEqual(["CC BY-SA 4.0", "MIT"]);
    expect(section.textContent).toContain("2 layers in this file");
    const starRow = [...section.querySelectorAll(".file-assets__layer")].find((b) =>
      b.textContent?.includes("Star"),
    );
    expect(starRow?.querySelector(".file-assets__layer-where")?.textContent).toBe("Archive");
    expect(buttonNamed(section, "Whole file")?.getAttribute("aria-checked")).toBe("true");
    ui.unmount();
  });

  it("lists the page in view again on the switch back to this page, without reading anything", async () => {
    const plugin = filePlugin("assets");
    const ui = await mountApp({ routes: [searchRoute(3)], plugin });
    const section = ui.container.querySelector(".file-assets")!;
    const switchTo = async (name: string) => {
      await click(buttonNamed(section, name));
      await settle();
    };
    const shown = () => ({
      layers: [...section.querySelectorAll(".file-assets__layer-name")].map((n) => n.textContent),
      line: section.querySelector(".file-assets__scope")?.textContent,
    });
    expect(buttonNamed(section, "This page")?.getAttribute("aria-checked")).toBe("true");
    expect(shown()).toEqual({ layers: ["Mascot"], line: "1 layer on this page" });
    await switchTo("Whole file");
    expect(shown()).toEqual({ layers: ["Mascot", "Star"], line: "2 layers in this file" });
    await switchTo("This page");
    expect(shown()).toEqual({ layers: ["Mascot"], line: "1 layer on this page" });
    await switchTo("Whole file");
    expect(shown()).toEqual({ layers: ["Mascot", "Star"], line: "2 layers in this file" });
    // The other page was read once: switching back and forth reads nothing more.
    expect(plugin.sentOf("assets-in-file").map((s) => s.payload)).toEqual([
      { pages: "current" },
      { pages: "all" },
    ]);
    ui.unmount();
  });

  it("selects a layer on the canvas from its row, and says when it switched page", async () => {
    const plugin = filePlugin("assets");
    const ui = await mountApp({ routes: [searchRoute(3)], plugin });
    await click(buttonNamed(ui.container, "Whole file"));
    await settle();
    const rows = [...ui.container.querySelectorAll(".file-assets__layer")];
    await click(rows.find((b) => b.textContent?.includes("Star")));
    await settle();
    expect(plugin.sentOf("show-layer").map((s) => s.payload)).toEqual([{ nodeId: "2:1" }]);
    expect(ui.container.querySelector('.file-assets [role="status"][aria-live]')?.textContent).toBe(
      "Selected, on page \u201cArchive\u201d",
    );
    ui.unmount();
  });

  it("lists an asset used many times as one row that selects all its layers, each on asking", async () => {
    const stars = ["3:1", "3:2", "3:3", "3:4"].map((nodeId) => ({ nodeId, layerName: "star", asset: star }));
    const plugin = fakePlugin({
      launchCommand: "assets",
      respond(type) {
        if (type === "assets-in-file") return { pages: [{ ...here, layers: stars }] };
        if (type === "show-layer") return { pageId: "0:1", pageName: "Cover", switchedPage: false };
        return undefined;
      },
    });
    const ui = await mountApp({ routes: [searchRoute(3)], plugin });
    await settle();
    const list = ui.container.querySelector('[aria-label="Layers showing Star"]')!;
    const rows = () => [...list.querySelectorAll(".file-assets__layer")].map((b) => b.textContent);
    expect(rows()).toEqual(["star\u00d74"]);
    await click(list.querySelector(".file-assets__layer"));
    await settle();
    expect(plugin.sentOf("show-layer").map((s) => s.payload)).toEqual([
      { nodeId: "3:1", withNodeIds: ["3:1", "3:2", "3:3", "3:4"] },
    ]);
    const toggle = buttonNamed(ui.container, "Show each layer");
    expect(toggle?.getAttribute("aria-expanded")).toBe("false");
    await click(toggle);
    expect(rows()).toEqual(["star\u00d74", "star", "star", "star", "star"]);
    await click(list.querySelectorAll(".file-assets__layer")[3]);
    await settle();
    expect(plugin.sentOf("show-layer").at(-1)?.payload).toEqual({ nodeId: "3:3" });
    await click(buttonNamed(ui.container, "Hide each layer"));
    expect(rows()).toEqual(["star\u00d74"]);
    ui.unmount();
  });

  it("reads the new page when the designer goes to another page while the list is open", async () => {
    const plugin = filePlugin("assets");
    const ui = await mountApp({ routes: [searchRoute(3)], plugin });
    await click(buttonNamed(ui.container, "Whole file"));
    await settle();
    await act(() => plugin.emit("page-changed", { pageId: "0:2" }));
    await settle();
    expect(plugin.sentOf("assets-in-file").map((s) => s.payload)).toEqual([
      { pages: "current" },
      { pages: "all" },
      { pages: "current" },
    ]);
    // Back on search, a page change reads nothing.
    await act(() => {
      ui.app.view.value = "search";
    });
    await act(() => plugin.emit("page-changed", { pageId: "0:1" }));
    await settle();
    expect(plugin.sentOf("assets-in-file")).toHaveLength(3);
    ui.unmount();
  });

  it("says plainly when a layer is gone, with a way to read the page again", async () => {
    const plugin = fakePlugin({
      launchCommand: "assets",
      respond(type) {
        if (type === "assets-in-file") return { pages: [here] };
        if (type === "show-layer")
          return { error: { reason: "node_not_found", message: "That layer is no longer in the file." } };
        return undefined;
      },
    });
    const ui = await mountApp({ routes: [searchRoute(3)], plugin });
    await click(ui.container.querySelector(".file-assets__layer"));
    await settle();
    const alert = ui.container.querySelector('.file-assets [role="alert"]');
    expect(alert?.textContent).toContain("That layer is no longer in the file.");
    await click(buttonNamed(alert!, "Refresh"));
    await settle();
    expect(plugin.sentOf("assets-in-file")).toHaveLength(2);
    ui.unmount();
  });

  it("copies every credit line of a licence at once", async () => {
    const copied: string[] = [];
    Object.assign(document, {
      execCommand: vi.fn(() => {
        copied.push(document.querySelector("textarea")?.value ?? "");
        return true;
      }),
    });
    const ui = await mountApp({ routes: [searchRoute(3)], plugin: filePlugin("assets") });
    await click(buttonNamed(ui.container, "Copy credits"));
    expect(copied).toEqual([
      "\u201cCat\u201d by OpenMoji, CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/)",
    ]);
    expect(buttonNamed(ui.container, "Copied")).toBeDefined();
    // One asset's credit alone, the licence's address in the copied text.
    await click(buttonNamed(ui.container, "Copy credit"));
    expect(copied.at(-1)).toBe(
      "\u201cCat\u201d by OpenMoji, CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/)",
    );
    ui.unmount();
  });

  it("opens from the search bar's button, and Escape goes back to search", async () => {
    const plugin = filePlugin("open");
    const ui = await mountApp({ routes: [searchRoute(3)], plugin });
    expect(ui.app.view.value).toBe("search");
    await click(buttonNamed(ui.container, "Assets in this file"));
    await settle();
    expect(ui.app.view.value).toBe("assets");
    expect(plugin.sentOf("assets-in-file")).toHaveLength(1);
    await act(() => {
      ui.container
        .querySelector(".file-assets")!
        .dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(ui.app.view.value).toBe("search");
    ui.unmount();
  });

  it("opens from Settings too, where a narrow window has room for it", async () => {
    const ui = await mountApp({ routes: [searchRoute(3)], plugin: filePlugin("open") });
    await act(() => {
      ui.app.view.value = "settings";
    });
    await click(buttonNamed(ui.container.querySelector(".settings")!, "Assets in this file"));
    await settle();
    expect(ui.app.view.value).toBe("assets");
    ui.unmount();
  });

  it("names an asset's one row by the asset when its layers are named apart", async () => {
    const many: PageRecords = {
      ...here,
      layers: Array.from({ length: 7 }, (_, i) => ({
        nodeId: `1:${i}`,
        layerName: `Star ${i}`,
        asset: star,
      })),
    };
    const plugin = fakePlugin({
      launchCommand: "assets",
      respond: (type) => (type === "assets-in-file" ? { pages: [many] } : undefined),
    });
    const ui = await mountApp({ routes: [searchRoute(3)], plugin });
    const rows = () => ui.container.querySelectorAll(".file-assets__layer").length;
    expect(rows()).toBe(1);
    expect(ui.container.querySelector(".file-assets__layer")?.textContent).toBe("Star\u00d77");
    // A file of one page: the switch is shown all the same, so the view keeps its shape.
    expect(buttonNamed(ui.container, "This page")?.getAttribute("aria-checked")).toBe("true");
    expect(buttonNamed(ui.container, "Whole file")).toBeDefined();
    // The MIT group's note says what the licence allows without naming it again under its heading.
    expect(ui.container.querySelector(".file-assets__note")?.textContent).toBe(
      "Free for any use, commercial too.",
    );
    await click(buttonNamed(ui.container, "Show each layer"));
    expect(rows()).toBe(8);
    expect(ui.container.querySelectorAll(".file-assets__layer")[7]?.textContent).toBe("Star 6");
    ui.unmount();
  });

  it("says so when nothing on the page came from Assetport, and offers the whole file", async () => {
    const plugin = fakePlugin({
      launchCommand: "assets",
      respond: (type) =>
        type === "assets-in-file" ? { pages: [{ ...here, layers: [] }, archive] } : undefined,
    });
    const ui = await mountApp({ routes: [searchRoute(3)], plugin });
    const empty = ui.container.querySelector('[data-testid="file-assets-empty"]');
    expect(empty?.textContent).toContain("No Assetport assets on this page");
    await click(buttonNamed(empty!, "Look in the whole file"));
    await settle();
    expect(plugin.sentOf("assets-in-file").map((s) => s.payload)).toEqual([
      { pages: "current" },
      { pages: "all" },
    ]);
    expect(buttonNamed(ui.container, "Whole file")?.getAttribute("aria-checked")).toBe("true");
    ui.unmount();
  });
});
