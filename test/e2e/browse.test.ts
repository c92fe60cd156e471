// Browsing in Chromium against the proxy and the local API: the home an empty search opens on, the
// set filter, and the filters that offer only what matches. Screenshots of each state, light and dark,
// at the window's narrow, default and wide sizes, land in test/e2e/artifacts/.

import { describe, expect, it } from "vitest";
import { humanName } from "../../src/api/client/asset-names";
import type { Harness } from "./support/harness";
import {
  askProxy,
  cell,
  cellNames,
  resizeWindow,
  searchField,
  until,
  watchSearches,
  weightButton,
  windowShots,
} from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
const WIDTHS = [280, 360, 600] as const;

const setCardsCounted = (ui: Harness["ui"]) =>
  ui.evaluate(
    () =>
      document.querySelectorAll(".set-card").length > 0 &&
      document.querySelectorAll('.set-card[aria-busy="true"], .set-card--loading').length === 0,
  );

/** Elements whose text is cut off: wider content than box, with the overflow hidden. */
const clipped = (h: Harness) =>
  h.ui.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("button, legend, h2, span, p")]
      // Text kept for screen readers only is clipped on purpose.
      .filter((el) => !el.closest(".visually-hidden"))
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .filter(
        (el) =>
          getComputedStyle(el).overflow === "hidden" && getComputedStyle(el).textOverflow !== "ellipsis",
      )
      .map((el) => el.textContent),
  );

describe("browse", () => {
  it("opens on the sets to browse, each counted; a card searches its set", async () => {
    for (const theme of ["light", "dark"] as const) {
      const harness = await e2e.open({ theme });
      const { ui } = harness;
      const cards = ui.locator(".set-card:not(.set-card--loading)");
      await until(() => cards.count()).toBe(2);
      await until(() => ui.locator('.set-card[aria-busy="true"]').count()).toBe(0);
      expect(await cards.locator(".set-card__name").allTextContents()).toEqual(["Phosphor", "Tabler"]);
      expect(await cell(ui, 0).count()).toBe(0);
      await until(() =>
        cards
          .first()
          .locator("img")
          .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
      ).toBeGreaterThan(0);
      await windowShots(harness, `browse-home-${theme}`);
      expect(await clipped(harness)).toEqual([]);
      // At the narrowest window the chips write their figures as the cards do ("1,510" on both:
      // one way to write a count on the main screen), the row scrolling and fading at its end; each
      // card still says its weights, on a line of its own.
      await resizeWindow(harness, 280);
      await until(() => ui.locator(".sets").getAttribute("data-fade")).toBe("end");
      const chipFigure = await ui
        .locator(".sets__option", { hasText: "Phosphor" })
        .locator(".sets__count")
        .textContent();
      expect(chipFigure).toMatch(/^\d{1,3}(,\d{3})+$/);
      expect(await cards.first().locator(".set-card__count").textContent()).toContain(`${chipFigure} icons`);
      const weights = cards.locator(".set-card__part", { hasText: "6 weights" });
      expect(await weights.isVisible()).toBe(true);
      const box = await weights.boundingBox();
      const card = await cards.first().boundingBox();
      expect(box && card && box.y + box.height <= card.y + card.height).toBe(true);
    }
  });

  it("keeps the chosen set while the query changes; the counts follow the query", async () => {
    const harness = await e2e.open();
    const { ui } = harness;
    const seen = watchSearches(harness);
    await ui.locator(".set-card", { hasText: "Tabler" }).click();
    await until(() => seen.some((u) => u.searchParams.getAll("contributors[]").join() === "tabler")).toBe(
      true,
    );
    await cell(ui, 0).waitFor();
    await searchField(ui).fill("rocket");
    const asked = () =>
      seen.find(
        (u) =>
          u.searchParams.get("query") === "rocket" &&
          u.searchParams.getAll("contributors[]").join() === "tabler" &&
          u.searchParams.get("per_page") !== "1",
      );
    await until(() => asked() !== undefined).toBe(true);
    const answer = await askProxy(e2e.stack, asked()!);
    await until(async () => (await cellNames(ui))[0]).toBe(answer.names[0]);
    const chosen = ui.locator('.sets [role="radio"][aria-checked="true"]');
    expect(await chosen.locator(".sets__name").textContent()).toBe("Tabler");
    // Icons, not drawings: every page of Tabler's rockets is in, so the chip counts the cells.
    const icons = (await cellNames(ui)).length;
    expect(icons).toBeLessThanOrEqual(answer.total);
    await until(() => chosen.locator(".sets__count").textContent()).toBe(icons.toLocaleString("en"));
    expect(await ui.locator('[data-testid="result-count"]').textContent()).toBe(`${icons} icons · 2 styles`);
    await windowShots(harness, "browse-set-chosen");
  });

  it("offers tags from the results, style left to the variant switch, above results still in sight", async () => {
    for (const theme of ["light", "dark"] as const) {
      const harness = await e2e.open({ theme });
      const { ui } = harness;
      await searchField(ui).fill("arrow");
      await cell(ui, 0).waitFor();
      await ui.getByRole("button", { name: "Filters" }).click();
      const tags = ui.locator('[data-filter="tags"] .chip');
      await until(() => tags.count()).toBeGreaterThan(0);
      // The weight menu picks the icons' style (Regular, Fill, Duotone): no second control for it.
      await weightButton(ui).waitFor();
      // What narrows icons leads; formats and publication dates are not offered for icons.
      const order = await ui
        .locator("#filters [data-filter]")
        .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.filter));
      expect(order.slice(0, 2)).toEqual(["categories", "tags"]);
      expect(order).not.toContain("styles");
      expect(order).not.toContain("formats");
      expect(order).not.toContain("dates");
      // The results stay in sight under the open panel: at every width, whole rows of cells show
      // below it, and nothing of the panel lies under the rows that follow it.
      for (const width of WIDTHS) {
        await resizeWindow(harness, width);
        const layout = await ui.evaluate(() => {
          const box = (el: Element | null) => el?.getBoundingClientRect();
          const panel = box(document.querySelector("#filters"))!;
          const grid = box(document.querySelector(".grid"))!;
          const first = box(document.querySelector('[role="gridcell"]'))!;
          const next = document.querySelector("#filters")?.nextElementSibling;
          return {
            panelBottom: panel.bottom,
            nextTop: box(next ?? null)?.top ?? panel.bottom,
            gridTop: grid.top,
            gridBottom: Math.min(grid.bottom, window.innerHeight),
            cell: first.height,
            windowHeight: window.innerHeight,
          };
        });
        expect(layout.nextTop, `${width}`).toBeGreaterThanOrEqual(layout.panelBottom - 0.5);
        expect(layout.gridTop, `${width}`).toBeGreaterThanOrEqual(layout.panelBottom);
        expect(layout.gridBottom - layout.gridTop, `${width}`).toBeGreaterThanOrEqual(1 * layout.cell);
      }
      await windowShots(harness, `browse-filters-${theme}`);
      expect(await clipped(harness)).toEqual([]);
      await ui.locator("#filters").evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await windowShots(harness, `browse-filters-suggestions-${theme}`);
      await ui.locator("#filters").evaluate((el) => {
        el.scrollTop = 0;
      });

      // A chosen tag: the count of active filters beside the filter icon, never over it.
      await tags.first().click();
      const button = ui.getByRole("button", { name: "Filters, 1 active" });
      await button.waitFor();
      const [icon, badge] = await Promise.all([
        button.locator("svg").boundingBox(),
        button.locator(".searchbar__badge").boundingBox(),
      ]);
      expect(badge!.x).toBeGreaterThanOrEqual(icon!.x + icon!.width);
      // The set chips add up to All sets as they read, and the results line says All sets' figure.
      const figures = () =>
        ui
          .locator(".sets [role=radio]")
          .evaluateAll((els) => els.map((el) => el.querySelector(".sets__count")?.textContent ?? ""));
      await until(async () => (await figures()).every((f) => /\d/.test(f))).toBe(true);
      const [all, ...each] = (await figures()).map((f) => Number(f.replace(/,/g, "")));
      expect(all).toBe(each.reduce((a, b) => a + b, 0));
      expect(await ui.locator('[data-testid="result-count"]').textContent()).toMatch(
        new RegExp(`^(about )?${all!.toLocaleString("en")} icons`),
      );
      await windowShots(harness, `browse-filters-active-${theme}`);
    }
  });

  it("offers the assets inserted and the searches made lately on the home", async () => {
    const harness = await e2e.open();
    const { ui } = harness;
    await searchField(ui).fill("rocket");
    await cell(ui, 0).waitFor();
    const name = humanName((await cell(ui, 0).getAttribute("data-name")) ?? "");
    await cell(ui, 0).click();
    await until(() => harness.emulator.figma.currentPage.selection.length).toBe(1);
    await ui.getByRole("button", { name: "Clear search" }).click();
    const home = ui.locator('[data-testid="home"]');
    await home.waitFor();
    await until(() => home.getByRole("button", { name: `Insert ${name} again` }).count()).toBe(1);
    await until(() => home.locator(".home__search").allTextContents()).toEqual(["rocket"]);
    await until(() => setCardsCounted(ui)).toBe(true);
    await windowShots(harness, "browse-home-recent");
    await home.locator(".home__search", { hasText: "rocket" }).click();
    await until(() => searchField(ui).inputValue()).toBe("rocket");
    await cell(ui, 0).waitFor();
  });
});
