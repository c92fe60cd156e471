// "Copy SVG" in the details, in Chromium against the local API: the click copies the variant's SVG
// through the copy command (what a plugin's window may use), it costs the one download Insert would
// make and no second one, and the details with the button are shot at 280, 360 and 600 px, light
// and dark.
import type { Frame } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Harness } from "./support/harness";
import { resizeWindow, searchFor, until, windowShot } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

/** Records, inside the window, the text each copy command puts on the clipboard (the selected text). */
function watchCopies(ui: Frame) {
  return ui.evaluate(() => {
    const copies: string[] = [];
    (window as unknown as { copies: string[] }).copies = copies;
    document.addEventListener("copy", () => {
      const field = document.activeElement;
      copies.push(
        field instanceof HTMLTextAreaElement
          ? field.value.slice(field.selectionStart, field.selectionEnd)
          : String(window.getSelection()),
      );
    });
  });
}
const copies = (ui: Frame) => ui.evaluate(() => (window as unknown as { copies: string[] }).copies);

/** The pointer onto the window's bottom corner: the shot shows no hover. */
async function pointerAway(h: Harness) {
  const frame = await h.page.locator("#window").boundingBox();
  await h.page.mouse.move(frame!.x + frame!.width - 4, frame!.y + frame!.height - 4);
}

describe("Copy SVG", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`copies the variant's SVG, paying once with Insert (${theme})`, async () => {
      const harness = await e2e.open({ theme, settings: { iconVariant: null, windowWidth: 280 } });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "rocket");
      await watchCopies(ui);
      await ui.locator('[role="gridcell"][aria-label*="Tabler"]').first().click({ button: "right" });
      const dialog = ui.getByRole("dialog");
      const copy = dialog.getByRole("button", { name: /^Copy SVG/ });
      await until(() => copy.textContent()).toBe("Copy SVG · 1 credit");
      await pointerAway(harness);
      await windowShot(harness, `details-copy-svg-280-${theme}`, { picturesLoaded: true });

      const downloads = () => e2e.stack.count("POST /v3/items/:item/api-download");
      const before = downloads();
      await copy.click();
      await until(() => dialog.getByRole("button", { name: "Copied" }).count()).toBe(1);
      const [copied] = await copies(ui);
      expect(copied).toMatch(/^<svg[\s\S]*<\/svg>$/);
      expect(copied).toMatch(/<path/);
      expect(downloads()).toBe(before + 1);
      await until(() => dialog.locator('[data-testid="insert-cost"]').textContent()).toMatch(
        /^Already downloaded/,
      );
      await pointerAway(harness);
      await windowShot(harness, `details-copied-280-${theme}`, { picturesLoaded: true });

      // Insert takes the kept file: no second download, and nothing more to pay.
      await dialog.getByRole("button", { name: "Insert", exact: true }).click();
      await until(() =>
        ui
          .getByRole("status")
          .filter({ hasText: /^Inserted/ })
          .count(),
      ).toBe(1);
      expect(downloads()).toBe(before + 1);

      for (const width of [360, 600]) {
        await resizeWindow(harness, width);
        await pointerAway(harness);
        await windowShot(harness, `details-copy-svg-${width}-${theme}`, { picturesLoaded: true });
      }
    });
  }
});
