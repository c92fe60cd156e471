// A batch in Chromium against the proxy and the local API: several photos in a frame selected, the
// plan with its costs and the layers left out, one confirmation (its button saying how many layers and
// what they cost), each layer's progress, then Revert of one layer and of the rest, and Done closing
// the card; no words cut at 280 px; screenshots light and dark at 280, 360 and 600 px.
import { describe, expect, it } from "vitest";
import type { EmuScene } from "../figma/nodes";
import { cutText } from "./support/cut-text";
import type { Harness } from "./support/harness";
import { canvasNodes } from "./support/nodes";
import { resizeWindow, screenshot, until, windowShot } from "./support/plugin";
import { productPhotos, productsFrame, WORKED_ON_PRODUCTS } from "./support/products";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

const statuses = (ui: Harness["ui"]) => ui.locator('[data-testid="batch-layer-status"]').allTextContents();
/** The plan's start button (read with innerText: the words shown at this width, not the hidden form). */
const startButton = (ui: Harness["ui"]) =>
  ui.locator(".batch__plan .batch__actions .button:not(.button--secondary)");

describe("batch on a selection", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`plans, runs and reverts a batch of layers (${theme})`, async () => {
      const photos = await productPhotos();
      const harness = await e2e.open({
        theme,
        prepare: productsFrame(photos),
        settings: { windowWidth: 360, windowHeight: 600 },
      });
      const { ui } = harness;
      await ui.locator('[role="tab"][data-tab="ai"]').click();
      // No separate offer: the form's own button adapts to the selected frame and opens the plan.
      await expect(ui.locator(".batch__offer").count()).resolves.toBe(0);
      const submit = ui.locator('[data-testid="ai-submit"]');
      await expect(submit.textContent()).resolves.toBe("Vectorize each layer");
      await expect(ui.locator('[data-testid="ai-source"]').textContent()).resolves.toBe(
        "Image layers in Products",
      );
      for (const width of [280, 360, 600]) {
        await resizeWindow(harness, width);
        await windowShot(harness, `batch-form-${theme}-${width}`);
      }
      await resizeWindow(harness, 360);
      await submit.click();

      const plan = ui.locator(".batch__plan");
      await until(() => plan.isVisible()).toBe(true);
      // One action per screen: the single-layer form steps aside while the plan is open.
      await expect(ui.locator(".ai__form").count()).resolves.toBe(0);
      await expect(plan.locator(".batch__title").textContent()).resolves.toBe("Vectorize 3 layers");
      await expect(
        plan.locator('[aria-label="Layers in the batch"] .batch__name').allTextContents(),
      ).resolves.toEqual(["Product 3", "Product 2", "Product 1"]);
      await expect(plan.locator(".batch__subtitle").textContent()).resolves.toBe("1 layer skipped");
      await expect(plan.locator(".batch__layers--out .batch__layer").allTextContents()).resolves.toEqual([
        "Product 4Hidden",
      ]);
      // The button says what it does, to how many layers, and what that costs; shorter when narrow.
      await expect(startButton(ui).evaluate((el) => (el as HTMLElement).innerText)).resolves.toBe(
        "Vectorize 3 layers · 6 credits",
      );
      await expect(plan.locator('[data-testid="batch-sums"] dd').first().textContent()).resolves.toBe(
        "6 credits",
      );
      // Each layer's row shows a small picture of it, exported after the list showed, at most 48 px.
      const thumbs = plan.locator('[aria-label="Layers in the batch"] .layer-thumb');
      await until(() => thumbs.evaluateAll((els) => els.map((el) => el.getAttribute("data-thumb")))).toEqual(
        Array(3).fill("shown"),
      );
      const sizes = await thumbs
        .locator("img")
        .evaluateAll((imgs) =>
          imgs.map((img) => [
            (img as HTMLImageElement).naturalWidth,
            (img as HTMLImageElement).naturalHeight,
          ]),
        );
      for (const [w, h] of sizes) {
        expect(Math.max(w!, h!)).toBeGreaterThan(0);
        expect(Math.max(w!, h!)).toBeLessThanOrEqual(48);
      }
      expect((await thumbs.first().boundingBox())!.width).toBe(24);
      for (const width of [280, 360, 600]) {
        await resizeWindow(harness, width);
        await windowShot(harness, `batch-plan-${theme}-${width}`);
      }
      await resizeWindow(harness, 280);
      await expect(startButton(ui).evaluate((el) => (el as HTMLElement).innerText)).resolves.toBe(
        "Vectorize 3 · 6 credits",
      );
      await expect(cutText(ui, ".batch")).resolves.toEqual([]);
      await resizeWindow(harness, 360);

      await startButton(ui).click();
      // At once, while the layers are on their way (what it shows depends on how far they got).
      await windowShot(harness, `batch-running-${theme}-360`);
      await expect(ui.locator(".ai__form").count()).resolves.toBe(0);
      await until(() => statuses(ui)).toEqual(Array(3).fill("Vectorized · 2 credits"));
      await expect(ui.locator('[data-testid="batch-summary"]').textContent()).resolves.toBe(
        "3 layers done · 6 credits spent",
      );
      const frame = canvasNodes(harness)[0]!;
      const kids = () => frame.kids() as EmuScene[];
      // Each original kept, hidden, right below its result of the same name and box.
      expect(kids().map((n) => [n.name, n.visible])).toEqual(WORKED_ON_PRODUCTS);
      for (const width of [280, 360, 600]) {
        await resizeWindow(harness, width);
        await windowShot(harness, `batch-done-${theme}-${width}`);
      }
      // Names whole beside their pictures, statuses under them, at the narrowest window.
      await resizeWindow(harness, 280);
      await expect(cutText(ui, ".batch")).resolves.toEqual([]);
      await resizeWindow(harness, 360);
      await expect(ui.locator('.batch__actions button:has-text("Done")').count()).resolves.toBe(1);
      await screenshot(harness, `batch-canvas-${theme}`);

      await ui.locator('.batch__layer[data-layer="Product 2"] button:has-text("Revert")').click();
      await until(() => statuses(ui)).toEqual([
        "Vectorized · 2 credits",
        "Restored",
        "Vectorized · 2 credits",
      ]);
      expect(
        kids()
          .filter((n) => n.name === "Product 2")
          .map((n) => n.visible),
      ).toEqual([true]);
      // Revert all in the one secondary style the command window's has too.
      await expect(
        ui.locator(".batch-revert-all").evaluate((el) => (el as HTMLElement).className),
      ).resolves.toBe("button button--secondary batch-revert-all");
      await ui.locator('.batch__actions button:has-text("Revert all")').click();
      await until(() => statuses(ui)).toEqual(Array(3).fill("Restored"));
      expect(kids().map((n) => [n.name, n.visible])).toEqual([
        ["Product 1", true],
        ["Product 2", true],
        ["Product 3", true],
        ["Product 4", false],
      ]);
      await expect(ui.locator('[data-testid="batch-summary"]').textContent()).resolves.toBe(
        "6 credits spent, not refunded",
      );
      // The title says what the batch came to, not the action that was undone.
      await expect(ui.locator(".batch__run .batch__title").textContent()).resolves.toBe("3 layers restored");
      await windowShot(harness, `batch-reverted-${theme}-360`);
      await resizeWindow(harness, 280);
      await windowShot(harness, `batch-reverted-${theme}-280`);
      await expect(cutText(ui, ".batch")).resolves.toEqual([]);
      // A reverted batch ends on Done too, which closes the card and brings the form back.
      await ui.locator('.batch__actions button:has-text("Done")').click();
      await until(() => ui.locator(".ai__form").count()).toBe(1);
      await expect(ui.locator('[data-testid="batch"]').count()).resolves.toBe(0);
    });
  }
});
