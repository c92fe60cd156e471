// Menus in Chromium: UI3 draws its menus dark in both themes (#1e1e1e, white words, the row under the
// pointer in the brand blue), and so do ours, every one alike: the asset type, the icon sizes and
// the AI operations; a select's list too. The colour picker, a panel of fields, keeps the theme's
// look, as UI3's does. Saved at 280, 360 and 600 px in light and dark.
import type { Frame } from "playwright-core";
import { describe, expect, it } from "vitest";
import { resizeWindow, searchFor, until, windowShot } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

const MENU_BG = "rgb(30, 30, 30)";
const WHITE = "rgb(255, 255, 255)";
const BRAND = "rgb(13, 153, 255)";

/** The open panel's colours: its own, its first row's words, and a checked row's words. */
function panelColours(ui: Frame) {
  return ui.locator(".popover").evaluate((panel) => {
    const row = panel.querySelector(".menu__item")!;
    return {
      background: getComputedStyle(panel).backgroundColor,
      words: getComputedStyle(row).color,
    };
  });
}

describe("menus", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`are UI3's dark menus in ${theme}, every one alike, the row under the pointer in blue`, async () => {
      const harness = await e2e.open({ theme, settings: { windowWidth: 360 } });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "arrow");

      // The asset type.
      await ui.getByRole("button", { name: /^Asset type/ }).click();
      expect(await panelColours(ui)).toEqual({ background: MENU_BG, words: WHITE });
      const row = ui.locator(".popover .menu__item").nth(1);
      await row.hover();
      await until(() => row.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(BRAND);
      expect(await row.evaluate((el) => getComputedStyle(el).color)).toBe(WHITE);
      for (const width of [280, 360, 600]) {
        await resizeWindow(harness, width);
        await windowShot(harness, `menus-type-${width}-${theme}`);
      }
      await resizeWindow(harness, 360);
      await harness.page.keyboard.press("Escape");

      // The icon sizes: the same menu.
      await ui.getByRole("button", { name: "Common icon sizes" }).click();
      expect(await panelColours(ui)).toEqual({ background: MENU_BG, words: WHITE });
      await windowShot(harness, `menus-size-360-${theme}`);
      await harness.page.keyboard.press("Escape");

      // The colour picker is a panel of fields, not a menu: the window's own surface.
      await ui.locator(".bar-colour > button").click();
      const picker = await ui
        .locator(".popover")
        .evaluate((panel) => [
          getComputedStyle(panel).backgroundColor,
          getComputedStyle(document.body).backgroundColor,
        ]);
      expect(picker[0]).toBe(picker[1]);
      await harness.page.keyboard.press("Escape");

      // The AI tab's operations: the same menu; what cannot run is a disabled row, Figma's white at 40%.
      await ui.locator('[role="tab"][data-tab="ai"]').click();
      await ui.locator(".op-menu .bar-control").first().click();
      expect(await panelColours(ui)).toEqual({ background: MENU_BG, words: WHITE });
      const off = ui.locator('.popover .menu__item[aria-disabled="true"]').first();
      expect(
        await off.evaluate((row) =>
          [row.querySelector(".menu__text")!, row.querySelector(".op-menu__hint")!].map((el) => [
            getComputedStyle(el).color,
            getComputedStyle(el).opacity,
          ]),
        ),
      ).toEqual([
        [WHITE, "0.4"],
        [WHITE, "0.4"],
      ]);
      await windowShot(harness, `menus-operations-360-${theme}`);
    });
  }
});
