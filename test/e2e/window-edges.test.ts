// The window's last rough edges, in Chromium against the local API, at 280, 360 and 600 px in light
// and dark: the insert bar spans the same edges as the search row and the set chips, a set card's
// count keeps one line, no picture is ever drawn over its placeholder, and the empty state has no
// insert bar. Screenshots of the home, results, the empty state and Convert go to window-*.png.
import { describe, expect, it } from "vitest";
import type { Harness } from "./support/harness";
import {
  resizeWindow,
  searchField,
  searchFor,
  setCards,
  until,
  WINDOW_WIDTHS,
  windowShot,
} from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
const WIDTHS = WINDOW_WIDTHS;

/** Left and right edges of a row's content (its first and last child), rounded to the pixel. */
function rowEdges(h: Harness) {
  return h.ui.evaluate(() => {
    const span = (selector: string) => {
      const row = document.querySelector(selector);
      if (!row) return null;
      const kids = [...row.children].filter((el) => el.getBoundingClientRect().width > 0);
      const first = kids[0]!.getBoundingClientRect();
      const last = kids.at(-1)!.getBoundingClientRect();
      return [Math.round(first.left), Math.round(last.right)];
    };
    /** A row's content box: inside its side paddings. */
    const inner = (selector: string) => {
      const row = document.querySelector(selector);
      if (!row) return null;
      const box = row.getBoundingClientRect();
      const style = getComputedStyle(row);
      return [
        Math.round(box.left + Number.parseFloat(style.paddingLeft)),
        Math.round(box.right - Number.parseFloat(style.paddingRight)),
      ];
    };
    /** The widest empty stretch between two neighbouring controls of a row (`skip`: those left out). */
    const widestGap = (selector: string, skip = "") => {
      const row = document.querySelector(selector);
      if (!row) return null;
      const boxes = [...row.children]
        .filter((el) => !skip || !el.matches(skip))
        .map((el) => el.getBoundingClientRect())
        .filter((box) => box.width > 0)
        .sort((a, b) => a.left - b.left);
      return Math.max(0, ...boxes.slice(1).map((box, i) => Math.round(box.left - boxes[i]!.right)));
    };
    return {
      // Between the fields: the room a wide window leaves opens before the toggle at the row's end.
      fieldsGap: widestGap(".insert-bar__row", ".bar-toggle"),
      search: span(".searchbar"),
      // The chips' row: the chips, then the weight menu at its end.
      sets: span(".sets-row"),
      fields: span(".insert-bar__row"),
      // The selection's bar at the foot: full width, its words between the same 16 px sides.
      mode: inner(".selection-bar"),
    };
  });
}

/**
 * Watches every frame for `ms`: the cells whose picture is visible (decoded and not hidden) while
 * their placeholder tile still shows.
 */
function picturesOverPlaceholders(h: Harness, ms: number): Promise<string[]> {
  return h.ui.evaluate(
    (span) =>
      new Promise<string[]>((resolve) => {
        const seen = new Set<string>();
        const start = performance.now();
        const tick = () => {
          for (const c of document.querySelectorAll<HTMLElement>('[role="gridcell"]')) {
            const tile = getComputedStyle(c, "::before").content;
            if (tile === "none" || tile === "normal") continue;
            const picture = c.querySelector<HTMLElement>(":scope > .preview");
            const img = c.querySelector("img");
            const drawn =
              !!picture &&
              Number(getComputedStyle(picture).opacity) > 0 &&
              ((img?.complete === true && img.naturalWidth > 0) || picture.tagName === "CANVAS");
            if (drawn) seen.add(c.dataset.index ?? "?");
          }
          if (performance.now() - start < span) requestAnimationFrame(tick);
          else resolve([...seen]);
        };
        tick();
      }),
    ms,
  );
}

describe("the window's edges", () => {
  it("never draws a picture over its placeholder while a screen of cells loads (600 px, dark)", async () => {
    const harness = await e2e.open({ theme: "dark", settings: { windowWidth: 600, iconStrokeWidth: null } });
    const { ui } = harness;
    // Three searches, each watched from the moment it is typed through the frames in which its
    // first screen of pictures comes in.
    for (const words of ["arrow", "star", "user"]) {
      const watched = picturesOverPlaceholders(harness, 2500);
      await searchField(ui).fill(words);
      expect(await watched, words).toEqual([]);
      // And they did come in: no cell keeps its placeholder once its picture is there.
      await until(() =>
        ui.evaluate(
          () =>
            [...document.querySelectorAll('[role="gridcell"]')].filter(
              (c) => getComputedStyle(c, "::before").content !== "none",
            ).length,
        ),
      ).toBe(0);
    }
  });

  for (const theme of ["light", "dark"] as const) {
    it(`lines the insert bar up with the search row and chips, and keeps set counts whole (${theme})`, async () => {
      const harness = await e2e.open({
        theme,
        settings: { windowWidth: 280, iconStrokeWidth: 1.5 },
        prepare: (emulator) => {
          const rect = emulator.figma.createRectangle();
          rect.resize(24, 24);
          emulator.figma.currentPage.selection = [rect];
        },
      });
      const { ui } = harness;
      await setCards(ui).first().waitFor();
      // Every card counted (before, a card says "Counting…").
      await until(() => ui.locator('.set-card[aria-busy="true"]').count()).toBe(0);
      for (const width of WIDTHS) {
        await resizeWindow(harness, width);
        // Every card's count whole, every part shown and none cut: on one 16 px line, or at 280 px
        // (a card too narrow for "1,510 icons · 6 weights") the weights on a second line.
        const counts = await ui
          .locator(".set-card:not(.set-card--loading) .set-card__count")
          .evaluateAll((els) =>
            els.map((el) => {
              const box = el.getBoundingClientRect();
              const shown = [...el.querySelectorAll(".set-card__part")].filter(
                (p) => p.getBoundingClientRect().top < box.bottom,
              );
              return {
                height: Math.round(box.height),
                cut: shown.filter((p) => p.getBoundingClientRect().right > box.right + 0.5).length,
                first: shown.length > 0,
                all: shown.length === el.querySelectorAll(".set-card__part").length,
              };
            }),
          );
        expect(counts.length).toBeGreaterThan(0);
        const lines = width === 280 ? 32 : 16;
        for (const count of counts) expect(count).toEqual({ height: lines, cut: 0, first: true, all: true });
        await windowShot(harness, `window-home-${width}-${theme}`);
      }

      await searchFor(harness, e2e.stack, "star");
      for (const width of WIDTHS) {
        await resizeWindow(harness, width);
        const edges = await rowEdges(harness);
        // UI3's 16 px sides.
        expect(edges.search).toEqual([16, width - 16]);
        expect(edges.sets).toEqual([16, width - 16]);
        expect(edges.fields).toEqual(edges.search);
        expect(edges.mode).toEqual(edges.search);
        // The fields stand together, each its own width (a 130 px field for "24" read as room for
        // a sentence), the toggle at the row's end: no dead stretch opens between the fields.
        expect(edges.fieldsGap).toBeLessThanOrEqual(16);
        // The stroke width shows its unit inside the field, whole.
        const unit = ui.locator('.bar-field--stroke [data-testid="unit"]');
        expect(await unit.textContent()).toBe("1.5px");
        const [unitRight, fieldRight] = await unit.evaluate((el) => [
          el.getBoundingClientRect().right,
          el.closest(".bar-field")!.getBoundingClientRect().right,
        ]);
        expect(unitRight).toBeLessThanOrEqual(fieldRight!);
        await windowShot(harness, `window-results-${width}-${theme}`);
      }
      // A width with two decimals (in the range for 24 px icons) keeps its unit whole too, at 280 px.
      await resizeWindow(harness, 280);
      const strokeInput = ui.locator('input[name="iconStrokeWidth"]');
      await strokeInput.fill("3.75");
      const room = await ui.locator(".bar-number").evaluate((el) => {
        const unit = el.querySelector('[data-testid="unit"]')!;
        return [unit.textContent, unit.getBoundingClientRect().right <= el.getBoundingClientRect().right];
      });
      expect(room).toEqual(["3.75px", true]);
      await windowShot(harness, `window-stroke-unit-280-${theme}`);
      await strokeInput.fill("1.5");
      await strokeInput.press("Enter");

      // An icon placed (and so selected): the quiet hint that the fields change it, in the bar at the
      // foot beside what a click does, never spilling out; the click's sentence still speaks only
      // of the click.
      await ui.locator('[role="gridcell"][data-index="0"]').click();
      const hint = ui.locator('[data-testid="applies-to"]');
      await until(() => hint.textContent()).toBe("Size, colour and stroke apply to 1 selected icon");
      for (const width of WIDTHS) {
        await resizeWindow(harness, width);
        const bar = ui.locator('[data-testid="selection-bar"]');
        expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        expect(await ui.locator('[data-testid="click-does"]').textContent()).toBe("Click inserts at 24 px");
        await windowShot(harness, `window-hint-${width}-${theme}`);
      }

      // Nothing found: the empty state, and no insert bar over it.
      await searchField(ui).fill("qqzzxxvv");
      await ui.locator('[data-testid="no-results"]').waitFor();
      expect(await ui.locator('[data-testid="insert-bar"]').count()).toBe(0);
      for (const width of WIDTHS) {
        await resizeWindow(harness, width);
        await windowShot(harness, `window-empty-${width}-${theme}`);
      }

      await ui.getByRole("tab", { name: /Convert/ }).click();
      await ui.locator('[data-testid="run-footer"]').waitFor();
      for (const width of WIDTHS) {
        await resizeWindow(harness, width);
        await windowShot(harness, `window-convert-${width}-${theme}`);
      }
    });
  }
});
