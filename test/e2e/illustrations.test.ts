// The Illustrations tab against the local API's packaged illustrations: it opens on real drawings
// (not an empty answer), searches them by word, and shows each as a picture. Screenshots, light and
// dark, at the narrow, default and wide windows, land in test/e2e/artifacts/illustrations-*.

import { describe, expect, it } from "vitest";
import {
  cell,
  cells,
  searchField,
  setCards,
  until,
  watchSearches,
  windowShot,
  windowShots,
} from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

describe("illustrations", () => {
  it("shows the packaged illustrations as pictures, and finds them by word", async () => {
    for (const theme of ["light", "dark"] as const) {
      const harness = await e2e.open({ theme });
      const { ui } = harness;
      const seen = watchSearches(harness);
      await ui.getByRole("button", { name: /^Asset type/ }).click();
      await ui.getByRole("radio", { name: "Illustrations" }).click();
      await until(() => seen.some((url) => url.searchParams.get("asset") === "illustration")).toBe(true);
      // What the tab opens on, before any word.
      // The tab opens on the two packaged sets to browse, each counted, not on an empty answer.
      const cards = setCards(ui);
      await until(() => cards.count()).toBe(2);
      await until(() => ui.locator('.set-card[aria-busy="true"]').count()).toBe(0);
      expect(await cards.locator(".set-card__name").allTextContents()).toEqual(["Fluent Emoji", "OpenMoji"]);
      for (const count of await cards.locator(".set-card__count").allTextContents()) {
        expect(Number(/([\d,]+) illustrations/.exec(count)?.[1]?.replace(/,/g, ""))).toBeGreaterThan(1000);
      }
      await windowShot(harness, `illustrations-open-${theme}-360`, { picturesLoaded: true });
      await searchField(ui).fill("cat");
      await until(() => cells(ui).count()).toBeGreaterThan(1);
      // Each cell is a drawing that loaded, named in words.
      const first = cell(ui, 0);
      expect(await first.getAttribute("aria-label")).toMatch(/cat/i);
      await until(() =>
        first
          .locator("img")
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      ).toBe(true);
      await windowShots(harness, `illustrations-cat-${theme}`);
      // The details name the set's licence.
      await first.hover();
      await first.locator(".cell__info").click();
      const dialog = ui.getByRole("dialog");
      await dialog.waitFor();
      await until(() => dialog.textContent()).toMatch(/MIT|CC BY-SA/);
      await windowShot(harness, `illustrations-detail-${theme}-360`, { picturesLoaded: true });
      await harness.close();
    }
  });
});
