// "Assets in this file" in Chromium over the emulator and the local API: an icon and two OpenMoji
// pictures placed by click, one of them moved to another page; the list reads the page in view,
// groups by licence with OpenMoji's credit line, reads the other page when asked, and selects a
// layer there. Screenshots, light and dark, at 280/360/600 px: test/e2e/artifacts/file-assets-*.
import { describe, expect, it } from "vitest";
import type { Harness } from "./support/harness";
import { canvasNodes, storedAsset } from "./support/nodes";
import {
  cell,
  cells,
  resizeWindow,
  searchField,
  searchFor,
  setCards,
  until,
  windowShot,
  windowShots,
} from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

/** One icon, then two OpenMoji pictures, each placed by a click. */
async function placeThree(harness: Harness) {
  const { ui } = harness;
  await searchFor(harness, e2e.stack, "home");
  await cell(ui, 1).click();
  await until(() => canvasNodes(harness).length).toBe(1);
  await searchField(ui).fill("");
  await ui.getByRole("button", { name: /^Asset type/ }).click();
  await ui.getByRole("radio", { name: "Illustrations" }).click();
  await until(() => setCards(ui).count()).toBe(2);
  await setCards(ui).filter({ hasText: "OpenMoji" }).click();
  await until(() => cells(ui).count()).toBeGreaterThan(2);
  await cell(ui, 0).click();
  await until(() => canvasNodes(harness).length).toBe(2);
  await cell(ui, 1).click();
  await until(() => canvasNodes(harness).length).toBe(3);
}

describe("assets in this file", () => {
  it("lists the file's assets by licence, credits OpenMoji, reads another page when asked and selects there", async () => {
    for (const theme of ["light", "dark"] as const) {
      const harness = await e2e.open({ theme });
      const { ui, emulator } = harness;
      await placeThree(harness);
      const [, cat, moved] = canvasNodes(harness);
      // The window passed what it knew of the asset: the layer keeps its set and licence.
      expect(storedAsset(cat!)).toMatchObject({
        type: "illustration",
        set: "openmoji",
        licence: "CC BY-SA 4.0",
      });

      // The designer tidies one picture away to another page, which a reopened file has not loaded.
      const archive = emulator.figma.createPage();
      archive.name = "Archive";
      await archive.loadAsync();
      archive.appendChild(moved!);
      emulator.unloadPage(archive);

      // The way in: a button of the search bar, beside Settings.
      // The results of "home" in, not the last query's under the new word.
      await searchFor(harness, e2e.stack, "home");
      await windowShots(harness, `file-assets-way-in-${theme}`);
      // At 280 px the button stays, inside the window beside Settings, the field keeping room to type;
      // Settings offers the way in too.
      await resizeWindow(harness, 280);
      const wayIn = ui.locator(".searchbar__file-assets");
      expect(await wayIn.isVisible()).toBe(true);
      const [button, settingsButton, field] = [
        (await wayIn.boundingBox())!,
        (await ui.getByRole("button", { name: "Settings" }).boundingBox())!,
        (await ui.locator(".searchbar__input").boundingBox())!,
      ];
      expect(button.x + button.width).toBeLessThanOrEqual(settingsButton.x);
      const frame = (await harness.page.locator("#window").boundingBox())!;
      expect(settingsButton.x + settingsButton.width).toBeLessThanOrEqual(frame.x + frame.width - 16);
      // Room for a short word ("home") beside the widest type menu ("Illustrations") and Clear.
      expect(field.width).toBeGreaterThanOrEqual(32);
      await ui.getByRole("button", { name: "Settings" }).click();
      await windowShot(harness, `file-assets-way-in-settings-${theme}-280`);
      await ui.locator(".settings").getByRole("button", { name: "Assets in this file" }).waitFor();
      await ui.getByRole("button", { name: "Back to search" }).click();
      await resizeWindow(harness, 360);
      await ui.getByRole("button", { name: "Assets in this file" }).click();
      const view = ui.locator(".file-assets");
      await until(() => view.locator("h3").allTextContents()).toEqual(["CC BY-SA 4.0", "MIT"]);
      expect(await view.locator(".file-assets__scope").textContent()).toContain("2 layers on this page");
      // Each layer row shows a 24 px picture of the layer, exported once the list showed.
      const thumbs = view.locator(".file-assets__layer .layer-thumb");
      await until(() => thumbs.evaluateAll((els) => els.map((el) => el.getAttribute("data-thumb")))).toEqual([
        "shown",
        "shown",
      ]);
      expect((await thumbs.first().boundingBox())!.width).toBe(24);
      const longSides = await thumbs
        .locator("img")
        .evaluateAll((imgs) =>
          imgs.map((img) =>
            Math.max((img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight),
          ),
        );
      for (const side of longSides) expect(side).toBeGreaterThan(0);
      for (const side of longSides) expect(side).toBeLessThanOrEqual(48);
      // The credit names the licence as a link, no address written out.
      const credit = view.locator(".file-assets__credit").first();
      expect(await credit.textContent()).toMatch(/^“.+” by OpenMoji, CC BY-SA 4\.0$/);
      expect(await credit.locator("a").getAttribute("href")).toBe(
        "https://creativecommons.org/licenses/by-sa/4.0/",
      );
      // Layer rows start on the 16 px gutter, as the text above them does.
      const viewBox = (await view.boundingBox())!;
      const thumbBox = (await view.locator(".file-assets__layer .layer-thumb").first().boundingBox())!;
      expect(thumbBox.x - viewBox.x).toBe(16);
      // Not read until asked: the other page stays unloaded.
      expect(archive.loaded).toBe(false);
      await windowShots(harness, `file-assets-page-${theme}`);

      // This page | Whole file: the switch in UI3's segmented style reads the other page when asked.
      const switchTo = (name: string) =>
        view.getByRole("radiogroup", { name: "Assets listed" }).getByRole("radio", { name });
      expect(await switchTo("This page").getAttribute("aria-checked")).toBe("true");
      await switchTo("Whole file").click();
      await until(() => view.locator(".file-assets__scope").textContent()).toContain("3 layers in this file");
      expect(archive.loaded).toBe(true);
      expect(await switchTo("Whole file").getAttribute("aria-checked")).toBe("true");
      // Back to this page: the other page's layer leaves the list; and again to the whole file.
      await switchTo("This page").click();
      await until(() => view.locator(".file-assets__scope").textContent()).toContain("2 layers on this page");
      expect(await view.locator(".file-assets__layer", { hasText: "Archive" }).count()).toBe(0);
      await windowShot(harness, `file-assets-switch-page-${theme}-360`);
      await switchTo("Whole file").click();
      await until(() => view.locator(".file-assets__scope").textContent()).toContain("3 layers in this file");
      const row = view.locator(".file-assets__layer", { hasText: "Archive" });
      await row.click();
      await until(() => emulator.figma.currentPage.name).toBe("Archive");
      expect(emulator.figma.currentPage.selection.map((n) => n.id)).toEqual([moved!.id]);
      await windowShots(harness, `file-assets-file-${theme}`);
      await windowShot(harness, `file-assets-selected-${theme}-360`);
      await harness.close();
    }
  });

  it("opens from the menu command straight on the file's assets", async () => {
    const harness = await e2e.open({ command: "assets" });
    const view = harness.ui.locator(".file-assets");
    const empty = view.getByTestId("file-assets-empty");
    await until(() => empty.textContent()).toContain("No Assetport assets on this page");
    // Centred in the view, with what fixes it; the switch above all the same.
    const [box, viewBox] = [(await empty.boundingBox())!, (await view.boundingBox())!];
    expect(Math.abs(box.x + box.width / 2 - (viewBox.x + viewBox.width / 2))).toBeLessThanOrEqual(1);
    expect(box.y + box.height / 2).toBeGreaterThan(viewBox.y + viewBox.height / 3);
    expect(await empty.getByRole("button", { name: "Find assets to place" }).isVisible()).toBe(true);
    expect(await view.getByRole("radiogroup", { name: "Assets listed" }).isVisible()).toBe(true);
    await windowShot(harness, "file-assets-empty-light-360");
  });

  it("lists an icon used many times as one row selecting them all, each layer on asking", async () => {
    for (const theme of ["light", "dark"] as const) {
      const harness = await e2e.open({ theme });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "bell");
      // One icon placed six times.
      for (let placed = 1; placed <= 6; placed++) {
        await cell(ui, 0).click();
        await until(() => canvasNodes(harness).length).toBe(placed);
      }
      await ui.getByRole("button", { name: "Assets in this file" }).click();
      const view = ui.locator(".file-assets");
      await until(() => view.locator(".file-assets__layer").count()).toBe(1);
      const all = view.locator(".file-assets__layer");
      expect(await all.textContent()).toBe("bell\u00d76");
      await windowShot(harness, `file-assets-many-${theme}-360`);
      // The one row selects every layer showing the icon on the canvas.
      await all.click();
      await until(() => harness.emulator.figma.currentPage.selection.length).toBe(6);
      await view.getByRole("button", { name: "Show each layer" }).click();
      await until(() => view.locator(".file-assets__layer").count()).toBe(7);
      await harness.close();
    }
  });
});
