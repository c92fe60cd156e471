// The rows above the grid in Chromium: with a replaceable selection of Assetport icons (the insert
// options' hint, the Insert | Replace switch and the swap offer all in play) and results with
// weights, only two rows stand between the search row and the grid (the set chips with the weight
// menu at their end, and the insert options); what concerns the selection is one line in the bar at
// the window's foot, its words whole, and the grid scrolled to its end keeps its last row clear of
// it. Measured from the DOM at 280, 360 and 600 px; screenshots in light and dark go to
// test/e2e/artifacts/ (main-screen-rows-*).
import type { Frame } from "playwright-core";
import { describe, expect, it } from "vitest";
import { canvasNodes, selectRectangle, storedAsset } from "./support/nodes";
import {
  cell,
  resizeWindow,
  searchField,
  searchFor,
  until,
  WINDOW_WIDTHS,
  weightButton,
  windowShot,
} from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

/** Where the rows stand, in the window's coordinates. */
function rowsAbove(ui: Frame) {
  return ui.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() ?? null;
    const firstRow = box('[role="grid"] [role="row"]');
    const options = box(".insert-bar__row");
    const chips = box(".sets-row");
    const search = box(".searchbar");
    const grid = box('[role="grid"]');
    const bar = box('[data-testid="selection-bar"]');
    const weights = box(".sets-row .weight-menu");
    return { firstRow, options, chips, search, grid, bar, weights, height: window.innerHeight };
  });
}

/** The selection bar's words as drawn: each visible phrase, and whether any is cut or spills over. */
function barWords(ui: Frame) {
  return ui.locator('[data-testid="selection-bar"]').evaluate((bar) => {
    const shown = [...bar.querySelectorAll<HTMLElement>("p, button")].filter(
      (el) => el.offsetWidth > 1 && getComputedStyle(el).visibility !== "hidden",
    );
    const barBox = bar.getBoundingClientRect();
    return {
      words: shown.map((el) => el.innerText.trim()).filter(Boolean),
      cut: shown
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.innerText} ${el.scrollWidth}>${el.clientWidth}`),
      outside: shown
        .map((el) => el.getBoundingClientRect())
        .filter((b) => b.right > barBox.right - 16 + 0.5 || b.left < barBox.left + 16 - 0.5).length,
      lines: Math.round(barBox.height),
    };
  });
}

describe("the rows above the grid", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`are the set chips with the weight menu and the insert options; the selection's bar is at the foot (${theme})`, async () => {
      const harness = await e2e.open({
        theme,
        settings: { iconVariant: null, iconSize: 24, windowWidth: 360 },
        prepare: (emulator) => {
          const old = [emulator.figma.createRectangle(), emulator.figma.createRectangle()];
          old.forEach((rect, i) => {
            rect.resize(24, 24);
            rect.x = i * 40;
          });
          emulator.figma.currentPage.selection = old;
        },
      });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "star");
      // Replace the two rectangles: the icons placed stay selected, Assetport's own, so the bar
      // holds all it can (the switch, the fields' hint and, Phosphor's icons, the swap offer).
      await ui.getByRole("radio", { name: "Replace" }).click();
      await cell(ui, 0).click();
      await until(() => canvasNodes(harness).filter((n) => storedAsset(n).type === "icon").length).toBe(2);
      const bar = ui.locator('[data-testid="selection-bar"]');
      await until(() => bar.locator('[data-testid="applies-to"]').textContent()).toBe(
        "Size, colour and stroke apply to 2 selected icons",
      );
      await ui.locator(".sets-row .weight-menu").waitFor();

      for (const width of WINDOW_WIDTHS) {
        await resizeWindow(harness, width);
        await harness.ui.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        await windowShot(harness, `main-screen-rows-${width}-${theme}`, { picturesLoaded: true });
        const at = await rowsAbove(ui);
        // Two rows: chips (with the weight menu on the same line) and the insert options.
        expect(at.chips!.top).toBeGreaterThanOrEqual(at.search!.bottom - 0.5);
        expect(at.weights!.top).toBeGreaterThanOrEqual(at.chips!.top - 0.5);
        expect(at.weights!.bottom).toBeLessThanOrEqual(at.chips!.bottom + 0.5);
        expect(at.options!.top).toBeGreaterThanOrEqual(at.chips!.bottom - 0.5);
        expect(at.firstRow!.top).toBeLessThanOrEqual(at.options!.bottom + 16);
        // The bar sits at the window's foot, under the grid, on one 40 px line with its words whole.
        expect(at.bar!.bottom).toBeCloseTo(at.height, 0);
        expect(at.grid!.bottom).toBeLessThanOrEqual(at.bar!.top + 0.5);
        const words = await barWords(ui);
        expect(words.lines).toBe(40);
        expect(words.cut).toEqual([]);
        expect(words.outside).toBe(0);
        expect(words.words.some((w) => w.includes("…"))).toBe(false);
        // Shortened by dropping words, never to a bare figure ("24 px", "2 layers").
        expect(words.words.filter((w) => /^[\d.]+ ?(px|layers?|icons?)$/.test(w))).toEqual([]);

        // Scrolled to its end, the grid's last row is above the bar, none of it behind.
        const grid = ui.locator('[role="grid"]');
        await until(async () => {
          await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
          return grid.evaluate((el) => Math.ceil(el.scrollTop + el.clientHeight) >= el.scrollHeight);
        }).toBe(true);
        const last = await ui.evaluate(() => {
          const rows = [...document.querySelectorAll('[role="grid"] [role="row"]')];
          const cells = [...(rows.at(-1)?.querySelectorAll('[role="gridcell"]') ?? [])];
          return Math.max(...cells.map((c) => c.getBoundingClientRect().bottom));
        });
        const barTop = (await rowsAbove(ui)).bar!.top;
        expect(last).toBeLessThanOrEqual(barTop);
        await grid.evaluate((el) => el.scrollTo({ top: 0 }));
      }

      // The weight menu opens under its row, whole inside the window at 280 px and at 360 px.
      for (const width of [280, 360]) {
        await resizeWindow(harness, width);
        await weightButton(ui).click();
        const panel = ui.locator(".weight-menu .popover");
        await panel.waitFor();
        const box = await panel.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(width);
        expect(box.bottom).toBeLessThanOrEqual((await rowsAbove(ui)).bar!.top);
        await windowShot(harness, `main-screen-weights-menu-${width}-${theme}`);
        await panel.press("Escape");
        await until(() => panel.count()).toBe(0);
      }
    });
  }
});

/**
 * How many rows the insert options take: their bar's height over one row's (28 px of controls and
 * the 8 px rhythm under them); 0 where the type has no options.
 */
function optionRows(ui: Frame) {
  return ui.evaluate(() => {
    const bar = document.querySelector('[data-testid="insert-bar"]');
    return bar ? Math.round(bar.getBoundingClientRect().height / 36) : 0;
  });
}

describe("each asset type, the home and the filters", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`keeps one row of options above the grid for pictures too, and two rows in all (${theme})`, async () => {
      const harness = await e2e.open({ theme, settings: { windowWidth: 360 } });
      const { ui } = harness;
      // The home: the chips' row alone above the sets to browse (no grid, no options).
      await ui.locator(".set-card:not(.set-card--loading)").first().waitFor();
      await windowShot(harness, `main-screen-rows-home-360-${theme}`);
      // The filters open: a panel over the rows, which stay as they are under it.
      await searchFor(harness, e2e.stack, "arrow");
      await ui.getByRole("button", { name: "Filters", exact: true }).click();
      await windowShot(harness, `main-screen-rows-filters-360-${theme}`);
      await ui.getByRole("button", { name: "Filters", exact: true }).click();
      // Illustrations go in as drawings and have no options: the grid follows the chips' row.
      for (const [label, query, options] of [
        ["Illustrations", "cat", 0],
        ["3D", "cat", 1],
        ["Lottie", "heart", 1],
      ] as const) {
        // The field emptied first: the type's own search for the query then leaves once it is typed
        // (the same query kept across types would be asked before searchFor starts watching).
        await searchField(ui).fill("");
        await ui.getByRole("button", { name: /^Asset type/ }).click();
        await ui.getByRole("radio", { name: label }).click();
        // The type's results for the query in (not the last query's still shown under it).
        await searchFor(harness, e2e.stack, query);
        // The options show once the type's results are in.
        if (options) await ui.locator('[data-testid="insert-bar"] .picture-options').waitFor();
        await until(() => ui.locator('[aria-busy="true"]').count()).toBe(0);
        for (const width of WINDOW_WIDTHS) {
          await resizeWindow(harness, width);
          await harness.ui.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          );
          await windowShot(harness, `main-screen-rows-${label.toLowerCase()}-${width}-${theme}`);
          expect(await optionRows(ui), `${label} at ${width} px`).toBe(options);
          const at = await rowsAbove(ui);
          const above = options ? at.options! : at.chips!;
          expect(at.firstRow!.top).toBeLessThanOrEqual(above.bottom + 16);
        }
      }
    });
  }
});

describe("grid tooltips", () => {
  it("never cover the cell under the pointer: under it, or above it in the last row in view", async () => {
    const harness = await e2e.open({ settings: { windowWidth: 360 }, prepare: selectRectangle });
    const { ui } = harness;
    await searchFor(harness, e2e.stack, "star");
    for (const width of WINDOW_WIDTHS) {
      await resizeWindow(harness, width);
      const grid = ui.locator('[role="grid"]');
      const columns = Number(await grid.getAttribute("aria-colcount"));
      // The first cell, one at the right end, and one in the last row whole in view (its tip goes
      // above it), the window's foot bar under it.
      const lastRow = await grid.evaluate((el, cols) => {
        const view = el.getBoundingClientRect();
        const whole = [...el.querySelectorAll<HTMLElement>('[role="gridcell"]')].filter(
          (c) => c.getBoundingClientRect().bottom <= view.bottom,
        );
        const last = Number(whole.at(-1)?.dataset.index ?? 0);
        return last - (last % cols);
      }, columns);
      for (const index of [0, columns - 1, lastRow]) {
        const target = cell(ui, index);
        await target.hover();
        const tip = ui.getByRole("tooltip");
        await until(() => tip.evaluate((el) => Number(getComputedStyle(el).opacity))).toBe(1);
        const [a, b] = await Promise.all([
          target.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect),
          tip.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect),
        ]);
        const overlap =
          Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0 &&
          Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0;
        expect(overlap, `cell ${index} at ${width} px`).toBe(false);
        if (index === lastRow) await windowShot(harness, `grid-tip-last-row-${width}-light`);
      }
    }
  });
});
