// Putting assets on the emulated canvas from Chromium: click, drag and drop, replace, keyboard only.
// Every check reads the emulator's document: the node Figma would hold, where it is, what it records.
import { describe, expect, it } from "vitest";
import type { Harness } from "./support/harness";
import { canvasNodes, solidColours, storedAsset } from "./support/nodes";
import {
  askIcons,
  cell,
  cellNames,
  screenshot,
  searchField,
  searchFor,
  until,
  watchSearches,
} from "./support/plugin";
import { e2eSession } from "./support/session";

// In-process frames so that `dragend` reaches the iframe in headless Chromium (see launchChromium).
const e2e = e2eSession({ inProcessFrames: true });
let harness: Harness;

describe("insert by click", () => {
  it("puts a vector named after the asset on the canvas, selected, in view, with its uuid", async () => {
    harness = await e2e.open();
    const names = await searchFor(harness, e2e.stack, "home");
    await cell(harness.ui, 1).click();
    await until(() => canvasNodes(harness!).length).toBe(1);
    const [node] = canvasNodes(harness);
    expect(node).toMatchObject({ type: "FRAME", name: names[1], width: 24, height: 24 });
    expect(storedAsset(node!)).toMatchObject({ name: names[1], type: "icon" });
    expect(storedAsset(node!).uuid).toMatch(/\S/);
    expect(harness.emulator.figma.currentPage.selection).toEqual([node]);
    expect(harness.emulator.viewport.shows(node!)).toBe(true);
    await screenshot(harness, "canvas-after-insert");
  });
});

describe("insert by drag and drop", () => {
  it("drops at release, lands there though the view pans during the download, and adds no text layer", async () => {
    // The window at the screen's origin: see launchChromium's inProcessFrames.
    harness = await e2e.open({ uiOrigin: { x: 0, y: 0 } });
    const { page, ui, emulator } = harness;
    const names = await searchFor(harness, e2e.stack, "star");
    const box = (await cell(ui, 2).boundingBox())!;
    const downloads = () => e2e.stack.count("POST /v3/items/:item/api-download");

    // Released inside the window: nothing is fetched, nothing lands.
    const before = downloads();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 90, { steps: 4 });
    await page.mouse.up();
    await harness.settle();
    expect(canvasNodes(harness)).toEqual([]);
    expect(downloads()).toBe(before);

    // The download is held until the designer has panned away.
    let letThrough: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route("**/v3/items/*/api-download", async (route) => {
      await held;
      await route.fallback();
    });
    const drop = { x: 820, y: 430 };
    const expected = emulator.viewport.toCanvas(drop.x, drop.y);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(drop.x - 100, drop.y - 40, { steps: 4 });
    await page.mouse.move(drop.x, drop.y, { steps: 2 });
    await page.mouse.up();
    // Not a dead drop: Figma says it is coming.
    await until(() => emulator.notifications.map((n) => n.message)).toContain(`Placing ${names[2]}…`);
    emulator.figma.viewport.center = { x: expected.x + 2000, y: expected.y - 800 };
    letThrough();
    await until(() => canvasNodes(harness!).length).toBe(1);
    const [node] = canvasNodes(harness);
    expect(node).toMatchObject({ name: names[2] });
    expect(storedAsset(node!).name).toBe(names[2]);
    expect(node!.absoluteX + node!.width / 2).toBeCloseTo(expected.x, 1);
    expect(node!.absoluteY + node!.height / 2).toBeCloseTo(expected.y, 1);
    expect(emulator.figma.currentPage.selection).toEqual([node]);
    expect(emulator.notifications.find((n) => n.message.startsWith("Placing"))?.cancelled).toBe(true);
    expect(downloads()).toBe(before + 1);
    // The harness also made a native drop of the drag (a guess stricter than Figma, which keeps a
    // plugin window's drags off its canvas): even then nothing but our own type, so no text layer.
    await until(() => harness!.nativeDrops.length).toBe(1);
    expect(harness.nativeDrops.flat().map((item) => item.type)).not.toContain("text/plain");
    expect(emulator.drops.defaults).toEqual([]);
    await screenshot(harness, "canvas-after-drop");
  });

  it("places a drop whose dragend the browser reports at 0,0 (Firefox) from its screen position", async () => {
    harness = await e2e.open({ uiOrigin: { x: 0, y: 0 } });
    const { ui, emulator } = harness;
    const names = await searchFor(harness, e2e.stack, "star");
    const release = { x: 820, y: 430 };
    const expected = emulator.viewport.toCanvas(release.x, release.y);
    // Firefox's sequence: a dragover over the window with both coordinates, drag events and the
    // dragend without a client position. Here the window's viewport sits at screen (1000, 100).
    await cell(ui, 2).evaluate((el, end) => {
      const fire = (type: string, init: DragEventInit) =>
        el.dispatchEvent(new DragEvent(type, { bubbles: true, ...init }));
      fire("dragstart", { dataTransfer: new DataTransfer() });
      fire("dragover", { clientX: 50, clientY: 60, screenX: 1050, screenY: 160 });
      fire("drag", { clientX: 0, clientY: 0, screenX: 0, screenY: 0 });
      fire("dragend", { clientX: 0, clientY: 0, screenX: 1000 + end.x, screenY: 100 + end.y });
    }, release);
    await until(() => canvasNodes(harness!).length).toBe(1);
    const [node] = canvasNodes(harness);
    expect(storedAsset(node!).name).toBe(names[2]);
    expect(node!.absoluteX + node!.width / 2).toBeCloseTo(expected.x, 1);
    expect(node!.absoluteY + node!.height / 2).toBeCloseTo(expected.y, 1);
  });
});

describe("replace", () => {
  it("Shift+Enter swaps the selected vector for the asset, keeping its box and colour", async () => {
    harness = await e2e.open({
      prepare: (emulator) => {
        const old = emulator.figma.createNodeFromSvg(
          '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">' +
            '<path d="M4 4h16v16H4z" fill="#12a150"/></svg>',
        );
        old.name = "Old icon";
        old.resize(40, 40);
        old.x = 120;
        old.y = 80;
        emulator.figma.currentPage.selection = [old];
      },
    });
    const { ui, emulator } = harness;
    const old = canvasNodes(harness)[0]!;
    const names = await searchFor(harness, e2e.stack, "bell");
    await cell(ui, 0).focus();
    await ui.locator('[role="gridcell"][data-index="0"]').press("Shift+Enter");
    await until(() => old.removed).toBe(true);
    const [node] = canvasNodes(harness);
    expect(canvasNodes(harness)).toHaveLength(1);
    expect(node).toMatchObject({ name: names[0], x: 120, y: 80, width: 40, height: 40 });
    expect(storedAsset(node!).name).toBe(names[0]);
    const colours = solidColours(node!);
    expect(colours.length).toBeGreaterThan(0);
    expect(new Set(colours)).toEqual(new Set(["#12a150"]));
    expect(emulator.figma.currentPage.selection).toEqual([node]);
    await screenshot(harness, "canvas-after-replace");
  });
});

describe("keyboard only", () => {
  it("types into the focused field, walks the grid with arrows and inserts with Enter", async () => {
    harness = await e2e.open();
    const { ui, page } = harness;
    await until(() => searchField(ui).evaluate((el) => el === document.activeElement)).toBe(true);
    const seen = watchSearches(harness);
    await page.keyboard.type("heart", { delay: 30 });
    await until(() => seen.some((url) => url.searchParams.get("query") === "heart")).toBe(true);
    const names = await askIcons(
      e2e.stack,
      seen.find((url) => url.searchParams.get("query") === "heart")!,
      2,
    );
    await until(async () => (await cellNames(ui))[0]).toBe(names[0]);
    const columns = Number(await ui.locator('[role="grid"]').getAttribute("aria-colcount"));
    const focused = () => ui.evaluate(() => document.activeElement?.getAttribute("data-index") ?? null);

    // Each key waits for the focus ring to move, as a designer watching it would.
    const steps: [string, number][] = [
      ["ArrowDown", 0],
      ["ArrowRight", 1],
      ["ArrowRight", 2],
      ["ArrowDown", 2 + columns],
      ["ArrowLeft", 1 + columns],
    ];
    for (const [key, index] of steps) {
      await page.keyboard.press(key);
      await until(focused).toBe(String(index));
    }
    const target = 1 + columns;
    await page.keyboard.press("Enter");
    await until(() => canvasNodes(harness!).length).toBe(1);
    expect(canvasNodes(harness)[0]).toMatchObject({ name: names[target] });
    expect(storedAsset(canvasNodes(harness)[0]!).name).toBe(names[target]);
  });
});
