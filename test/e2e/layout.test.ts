// The rows above the results, in Chromium against the local API: few of them, in one rhythm (the
// weight menu at the end of the set chips' row), the count said to screen readers rather than on a
// line of its own, and the set chips' overflow shown by a fade; saved at 280, 360 and 600 px in
// light and dark.
import type { Frame } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  browseSet,
  cell,
  chooseWeight,
  resizeWindow,
  searchFor,
  until,
  weightButton,
  windowShot,
} from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
const WIDTHS = [280, 360, 600] as const;

interface Row {
  name: string;
  top: number;
  bottom: number;
}

/** The window's rows from the top, each with its box; a row absent from the window is left out. */
function rows(ui: Frame): Promise<Row[]> {
  return ui.evaluate(() => {
    const named: [string, string][] = [
      ["tabs", ".tabs-row"],
      ["search", ".searchbar__field"],
      ["sets", ".sets__option"],
      ["weights", ".sets-row .weight-menu"],
      ["insert", ".insert-bar__row"],
      ["grid", '[role="gridcell"]'],
    ];
    return named.flatMap(([name, selector]) => {
      const el = document.querySelector(selector);
      if (!el) return [];
      const box = el.getBoundingClientRect();
      if (box.height <= 1) return [];
      return [{ name, top: box.top, bottom: box.bottom }];
    });
  });
}

describe("rows above the results", () => {
  it("puts the first row of icons right under the insert options, the weight menu in the chips' row, the count said to screen readers", async () => {
    const harness = await e2e.open({ settings: { windowWidth: 360, windowHeight: 560, iconVariant: null } });
    const { ui } = harness;
    await searchFor(harness, e2e.stack, "arrow");
    await weightButton(ui).waitFor();
    const found = await rows(ui);
    console.log(
      `rows at 360x560, no layer selected: ${found.map((r) => `${r.name} ${Math.round(r.top)}-${Math.round(r.bottom)}`).join(", ")}`,
    );
    // The rows in this order, nothing between them but the 8 px rhythm (no count line of its own,
    // no row for the weights: their menu ends the chips' row, on the same line).
    expect(found.map((r) => r.name)).toEqual(["tabs", "search", "sets", "weights", "insert", "grid"]);
    const [, , sets, weights] = found;
    expect([weights!.top, weights!.bottom]).toEqual([sets!.top, sets!.bottom]);
    const lines = found.filter((r) => r.name !== "weights");
    const gaps = lines.slice(1).map((r, i) => Math.round(r.top - lines[i]!.bottom));
    expect(gaps).toEqual([8, 8, 8, 8]);
    // One control height for every row of controls.
    const heights = found.slice(1, 5).map((r) => Math.round(r.bottom - r.top));
    expect(new Set(heights).size, `${heights}`).toBe(1);
    console.log(`first icon row top at 360x560: ${Math.round(found.at(-1)!.top)} px`);
    // The count is still there for a screen reader, in words.
    const said = ui.locator('[data-testid="result-count"]');
    await until(() => said.textContent()).toMatch(/^(about )?[\d,]+ icons$/);
    // Out of sight: a one-pixel clipped box, not a line of the window.
    expect((await said.boundingBox())!.height).toBeLessThanOrEqual(1);
    expect(await said.getAttribute("aria-live")).toBe("polite");
    for (const theme of ["light", "dark"] as const) {
      const themed = theme === "light" ? harness : await e2e.open({ theme, settings: { iconVariant: null } });
      if (theme === "dark") {
        await searchFor(themed, e2e.stack, "arrow");
        await weightButton(themed.ui).waitFor();
      }
      for (const width of WIDTHS) {
        await resizeWindow(themed, width);
        await cell(themed.ui, 0).waitFor();
        await windowShot(themed, `layout-${width}-${theme}`);
      }
    }
  });
});

/** WCAG contrast of two computed CSS colours ("rgb(…)", "color(srgb …)"). */
function contrastIn(ui: Frame, selector: string): Promise<number> {
  return ui
    .locator(selector)
    .first()
    .evaluate((mark) => {
      const channels = (css: string) => {
        const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(css);
        if (srgb) return srgb.slice(1, 4).map((v) => Number(v) * 255);
        return (/rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)/.exec(css) ?? []).slice(1, 4).map(Number);
      };
      const luminance = (css: string) => {
        const [r = 0, g = 0, b = 0] = channels(css).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      // The first opaque background behind the mark: the window's, under its transparent cell.
      let under: Element | null = mark.parentElement;
      let back = "rgb(255, 255, 255)";
      while (under) {
        const colour = getComputedStyle(under).backgroundColor;
        if (!/rgba\(.*, 0\)$|transparent/.test(colour)) {
          back = colour;
          break;
        }
        under = under.parentElement;
      }
      const a = luminance(getComputedStyle(mark).backgroundColor);
      const b = luminance(back);
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
}

describe("set chips and the lacking-variant mark", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`fades the set chips where they scroll, and marks cells without the chosen weight (${theme})`, async () => {
      const harness = await e2e.open({ theme, settings: { iconVariant: null } });
      const { ui } = harness;
      // A whole set's figures (thousands) make the chips wider than a narrow window.
      await browseSet(ui, "Tabler");
      const row = ui.locator(".sets");
      await until(() => row.locator(".sets__count").allTextContents()).toSatisfy((all: string[]) =>
        all.every((t) => /^[\d,]+$/.test(t)),
      );
      // Wide enough for every chip: no fade. At 280 px the figures stay whole, as the home's set
      // cards write them (one way to write a count on the main screen): the row scrolls to the chosen
      // set (Tabler, the last chip), whole in sight, the chips before it fading out at the start; the
      // weight menu beside it stays whole.
      await resizeWindow(harness, 600);
      await until(() => row.getAttribute("data-fade")).toBe(null);
      await resizeWindow(harness, 280);
      await until(() => row.getAttribute("data-fade")).toBe("start");
      const chosenInSight = () =>
        row.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const chip = el.querySelector('[aria-checked="true"]')!.getBoundingClientRect();
          return chip.left >= box.left - 0.5 && chip.right <= box.right + 0.5;
        });
      expect(await row.locator('[aria-checked="true"]').textContent()).toMatch(/^Tabler/);
      expect(await chosenInSight()).toBe(true);
      expect(await row.locator(".sets__count").allTextContents()).toSatisfy((all: string[]) =>
        all.every((t) => /^[\d,]+$/.test(t)),
      );
      const menuEnd = await ui
        .locator(".sets-row .weight-menu")
        .evaluate((el) => el.getBoundingClientRect().right);
      expect(menuEnd).toBeLessThanOrEqual(280 - 16 + 0.5);
      await windowShot(harness, `layout-sets-280-${theme}`);
      await row.evaluate((el) => {
        el.scrollLeft = 0;
      });
      // More sets than room (a service with many): the row narrowed, it scrolls again to the chosen
      // chip at its end, the side scrolled from fading; scrolled back by hand, it stays there (the
      // row does not fight the designer) and its end fades.
      await row.evaluate((el) => {
        el.style.maxWidth = "140px";
      });
      await until(() => row.evaluate((el) => el.clientWidth)).toBe(140);
      await until(() => chosenInSight()).toBe(true);
      await until(() => row.getAttribute("data-fade")).toBe("start");
      expect(await row.evaluate((el) => getComputedStyle(el).maskImage)).toMatch(/gradient/);
      await row.evaluate((el) => {
        el.scrollLeft = 0;
      });
      await until(() => row.getAttribute("data-fade")).toBe("end");
      expect(await row.evaluate((el) => el.scrollLeft)).toBe(0);
      await row.evaluate((el) => {
        el.style.maxWidth = "";
        el.scrollLeft = 0;
      });
      // Estimates are said in words, never with a tilde.
      const chip = ui.locator(".sets__option").first();
      expect(await ui.locator(".sets").textContent()).not.toContain("~");
      await until(() => chip.getAttribute("title")).toMatch(/^(About )?[\d,]+ icons/);

      // Duotone: Tabler has none, its cells show another drawing (filled, or the outline) and carry
      // the mark. (A line weight it lacks is drawn at a nearer stroke and said once above the grid.)
      await resizeWindow(harness, 360);
      await ui.getByRole("radio", { name: /^All sets/ }).click();
      await searchFor(harness, e2e.stack, "arrow");
      await chooseWeight(ui, "Duotone");
      await ui.locator('[role="gridcell"][data-lacking]').first().waitFor();
      const contrast = await contrastIn(ui, '[role="gridcell"][data-lacking] .cell__lacking');
      console.log(`lacking mark contrast (${theme}): ${contrast.toFixed(2)}:1`);
      expect(contrast).toBeGreaterThanOrEqual(3);
      // Big enough to notice beside a 24 px icon: 6 px, not a 4 px speck.
      const mark = await ui.locator('[role="gridcell"][data-lacking] .cell__lacking').first().boundingBox();
      expect(mark!.width).toBeGreaterThanOrEqual(6);
      // The set's own drawing is no fault: the cell is marked, never greyed.
      const dimmed = await ui
        .locator('[role="gridcell"][data-lacking] .preview')
        .evaluateAll((all) => all.filter((el) => Number(getComputedStyle(el).opacity) < 1).length);
      expect(dimmed).toBe(0);
      await windowShot(harness, `layout-lacking-360-${theme}`);
    });
  }
});
