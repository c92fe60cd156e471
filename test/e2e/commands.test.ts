// Remove background and Vectorize from Figma's menu (or quick actions), in Chromium against the proxy
// and the local API: a small window of their own with the plan and its cost, nothing spent before the
// one confirmation, each layer's step, then Done closing the plugin with the outcome as Figma's
// notice; "Open Assetport" trades it for the whole window; a selection with nothing to work on says
// so. Its rows are the batch panel's: each layer's picture, its name whole. Screenshots light and dark.
import { describe, expect, it } from "vitest";
import type { EmuScene } from "../figma/nodes";
import { cutText } from "./support/cut-text";
import { canvasNodes } from "./support/nodes";
import { until, windowShot } from "./support/plugin";
import { productPhotos, productsFrame, WORKED_ON_PRODUCTS } from "./support/products";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

describe("selection commands from Figma's menu", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`removes the background of every selected photo from a small window (${theme})`, async () => {
      const photos = await productPhotos();
      const harness = await e2e.open({
        theme,
        command: "remove-background",
        prepare: productsFrame(photos),
      });
      const { ui, emulator } = harness;
      expect(emulator.ui).toMatchObject({ width: 300, height: 320 });
      const lead = ui.locator(".command__lead");
      await until(() => lead.textContent()).toMatch(/^3 layers · \d+ credits? each$/);
      // Nothing is spent before the confirmation: no work was sent, no layer made.
      const before = canvasNodes(harness)[0]!.kids().length;
      expect(before).toBe(4);
      await expect(ui.locator(".command__left-out summary").textContent()).resolves.toBe("1 layer skipped");
      await expect(
        ui.locator('[aria-label="Layers to work on"] .batch__name').allTextContents(),
      ).resolves.toEqual(["Product 3", "Product 2", "Product 1"]);
      const total = await ui.locator(".command__sums dd").first().textContent();
      expect(total).toMatch(/^\d+ credits?$/);
      // Each row shows the layer's picture, as the batch panel's rows do.
      const thumbs = ui.locator('[aria-label="Layers to work on"] .layer-thumb');
      await until(() => thumbs.evaluateAll((els) => els.map((el) => el.getAttribute("data-thumb")))).toEqual(
        Array(3).fill("shown"),
      );
      // The button says what it does, to how many layers, and its cost, short enough for the window.
      const start = ui.locator(".command__actions .button:not(.button--secondary)");
      await expect(start.evaluate((el) => (el as HTMLElement).innerText)).resolves.toBe(
        `Remove background from 3 · ${total}`,
      );
      await expect(cutText(ui, ".command")).resolves.toEqual([]);
      await windowShot(harness, `command-plan-${theme}`);

      await start.click();
      const done = ui.locator('.command__actions button:has-text("Done")');
      await until(() => done.isVisible()).toBe(true);
      await expect(lead.textContent()).resolves.toBe("Background removed from 3 layers");
      await expect(
        ui.locator('[aria-label="Layers"] .layer-thumb').evaluateAll((els) => els.map((el) => el.tagName)),
      ).resolves.toEqual(["SPAN", "SPAN", "SPAN"]);
      await expect(
        ui.locator(".batch-revert-all").evaluate((el) => (el as HTMLElement).className),
      ).resolves.toBe("button button--secondary batch-revert-all");
      await expect(cutText(ui, ".command")).resolves.toEqual([]);
      await windowShot(harness, `command-done-${theme}`);
      // Each result over its original, which is kept, hidden.
      const kids = canvasNodes(harness)[0]!.kids() as EmuScene[];
      expect(kids.map((n) => [n.name, n.visible])).toEqual(WORKED_ON_PRODUCTS);

      await done.click();
      await until(() => emulator.state.closed).toBe(true);
      expect(emulator.state.closeMessage).toBe("Background removed from 3 layers");
    });
  }

  it("trades the small window for the whole plugin on Open Assetport, the plan still there", async () => {
    const photos = await productPhotos();
    const harness = await e2e.open({
      command: "vectorize",
      prepare: productsFrame(photos),
      settings: { windowWidth: 420, windowHeight: 640 },
    });
    const { ui, emulator } = harness;
    await until(() => ui.locator(".command__lead").textContent()).toMatch(/^3 layers/);
    await ui.locator('.command__whole:has-text("Open Assetport")').click();
    await until(() => emulator.ui.width).toBe(420);
    expect(emulator.ui.height).toBe(640);
    await expect(ui.locator('[role="tab"][data-tab="ai"]').getAttribute("aria-selected")).resolves.toBe(
      "true",
    );
    await expect(ui.locator(".batch__plan .batch__title").textContent()).resolves.toBe("Vectorize 3 layers");
  });

  it("says when nothing selected can be worked on, and closes without a word on the canvas", async () => {
    const harness = await e2e.open({
      command: "vectorize",
      prepare: ({ figma }) => {
        const label = figma.createFrame();
        label.name = "Heading";
        figma.currentPage.selection = [label];
      },
    });
    const { ui, emulator } = harness;
    await until(() => ui.locator(".command__lead").textContent()).toBe("No image layers selected");
    await windowShot(harness, "command-nothing-light");
    await ui.locator('.command__actions button:has-text("Close")').click();
    await until(() => emulator.state.closed).toBe(true);
    expect(emulator.state.closeMessage).toBeUndefined();
  });
});
