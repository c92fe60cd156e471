// The window's frame in Chromium, as a designer sees it at Figma's narrowest, default and a wide
// size, in light and dark: the tabs and credit meter, the Similar, Convert and AI tabs' first states,
// and an error notice with its fix. Each state is saved under test/e2e/artifacts/shell-*.png (the
// plugin window alone), and checked for what must hold at every width: nothing wider than the
// window, the tabs on one row, custom controls rather than the browser's.
import type { Frame } from "playwright-core";
import { describe, expect, it } from "vitest";
import { closedPort } from "./support/addresses";
import type { Harness } from "./support/harness";
import { browseSet, searchField, setCards, windowShot } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
const WIDTHS = [280, 360, 600] as const;
const THEMES = ["light", "dark"] as const;

/** The plugin window alone, saved as shell-NAME.png. */
const shot = (harness: Harness, name: string) => windowShot(harness, `shell-${name}`);

/** Elements that stick out past the window's right edge (clipped or scrolled sideways). */
const overflowing = (ui: Frame) =>
  ui.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return (
      [...document.querySelectorAll<HTMLElement>("body *")]
        .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > width + 0.5)
        // The set chips scroll sideways by design: a chip past the edge is scrolled to, not clipped.
        .filter((el) => !el.closest(".grid, .visually-hidden, .sets"))
        .map((el) => el.className || el.tagName)
    );
  });

/** Native controls still drawn by the browser (selects, checkboxes, radios without the UI3 look). */
const browserDrawn = (ui: Frame) =>
  ui.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("select, input[type=checkbox], input[type=radio]")]
      .filter((el) => getComputedStyle(el).appearance !== "none")
      .map((el) => el.getAttribute("name") ?? el.tagName),
  );

/**
 * Text that reads at less than 4.5:1 against what is behind it (WCAG's floor for 11 px text), as
 * "text (ratio)". Colours are read through a canvas, so color-mix() and color() values count too;
 * the background is the nearest painted one, blended down to an opaque colour. Disabled controls
 * are exempt, as WCAG exempts them.
 */
const lowContrastText = (ui: Frame) =>
  ui.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const paint = canvas.getContext("2d", { willReadFrequently: true })!;
    const rgba = (css: string) => {
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = "#000";
      paint.fillStyle = css;
      paint.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = paint.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255] as const;
    };
    const over = (top: readonly number[], under: readonly number[]) =>
      [0, 1, 2].map((i) => top[i]! * top[3]! + under[i]! * (1 - top[3]!));
    const behind = (el: Element): number[] => {
      const layers: (readonly number[])[] = [];
      for (let at: Element | null = el; at; at = at.parentElement) {
        const colour = rgba(getComputedStyle(at).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      return layers.reduceRight<number[]>((under, top) => over(top, under), [255, 255, 255]);
    };
    const luminance = (c: readonly number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const low: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== "");
      if (!own || el.getClientRects().length === 0 || el.closest(".visually-hidden")) continue;
      if (el.closest(":disabled, [aria-disabled='true']")) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
      const text = over(rgba(style.color), behind(el));
      const [a, b] = [luminance(text), luminance(behind(el))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) low.push(`${el.textContent!.trim().slice(0, 24)} (${ratio.toFixed(1)})`);
    }
    return low;
  });

describe("the window's frame", () => {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      it(`tabs, Similar, Convert and AI in ${theme} at ${width} px`, async () => {
        const harness = await e2e.open({ theme, settings: { windowWidth: width, windowHeight: 560 } });
        const { ui } = harness;
        // The home: the sets to browse, centred in a wide window rather than left-aligned.
        await setCards(ui).first().waitFor();
        await shot(harness, `home-${theme}-${width}`);
        await browseSet(ui);
        const tabTops = await ui
          .getByRole("tab")
          .evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
        expect(new Set(tabTops).size).toBe(1);
        await ui.locator('[data-testid="credit-meter"]').waitFor();
        expect(await overflowing(ui)).toEqual([]);
        // Secondary text (counts in the chosen set, unselected segments, the bar's values) reads.
        expect(await lowContrastText(ui)).toEqual([]);

        await ui.getByRole("tab", { name: "Similar" }).click();
        await ui.locator(".prompt").waitFor();
        expect(await overflowing(ui)).toEqual([]);
        await shot(harness, `similar-${theme}-${width}`);

        await ui.getByRole("tab", { name: "Convert" }).click();
        await ui.locator('[data-testid="cost"]').waitFor();
        expect(await overflowing(ui)).toEqual([]);
        expect(await browserDrawn(ui)).toEqual([]);
        await shot(harness, `convert-${theme}-${width}`);

        await ui.getByRole("tab", { name: "AI" }).click();
        await ui.locator('[data-testid="ai-submit"]').waitFor();
        expect(await overflowing(ui)).toEqual([]);
        expect(await browserDrawn(ui)).toEqual([]);
        await shot(harness, `ai-${theme}-${width}`);

        // Settings: the designer's choices, then the connection folded away (a token is there).
        await ui.getByRole("tab", { name: "Search" }).click();
        await ui.getByRole("button", { name: "Settings" }).click();
        const connection = ui.locator(".settings-disclosure");
        expect(await connection.getAttribute("aria-expanded")).toBe("false");
        // Folded, the section is its title alone; the server is named with the fields.
        await expect(ui.getByText(/Assets come from/).isVisible()).resolves.toBe(false);
        await expect(ui.getByText("Default size for 3D, AI images and animations").count()).resolves.toBe(1);
        // Segments stop at 320 px however wide the window.
        for (const box of await ui
          .locator(".settings .segmented")
          .evaluateAll((all) => all.map((el) => el.getBoundingClientRect().width)))
          expect(box).toBeLessThanOrEqual(Math.min(320, width - 32));
        expect(await overflowing(ui)).toEqual([]);
        expect(await lowContrastText(ui)).toEqual([]);
        await shot(harness, `settings-${theme}-${width}`);
        await connection.click();
        expect(await ui.getByRole("button", { name: "Save connection" }).count()).toBe(1);
        await expect(ui.getByText(/Assets come from/).isVisible()).resolves.toBe(true);
        await shot(harness, `settings-connection-${theme}-${width}`);
      });
    }
  }

  for (const theme of THEMES) {
    it(`an unreachable server in ${theme}: no results, the fix and Try again`, async () => {
      const nowhere = await closedPort();
      const harness = await e2e.open({
        theme,
        proxyUrls: [nowhere, e2e.stack.proxyUrl],
        settings: { proxyUrl: "", windowWidth: 360, windowHeight: 480 },
      });
      const { ui } = harness;
      const alert = ui.locator('[role="alert"][data-reason="network_error"]');
      await alert.waitFor();
      expect(await ui.locator('[role="gridcell"]').count()).toBe(0);
      expect(await alert.getByRole("button", { name: "Open settings" }).count()).toBe(1);
      expect(await alert.getByRole("button", { name: "Try again" }).count()).toBe(1);
      expect(await alert.textContent()).not.toMatch(/proxy|npm/i);
      await shot(harness, `error-${theme}-360`);
    });
  }

  for (const theme of THEMES) {
    it(`a search that finds nothing in ${theme}: centred in the results, not pinned to an edge`, async () => {
      const harness = await e2e.open({ theme, settings: { windowWidth: 360, windowHeight: 560 } });
      const { ui } = harness;
      await ui.locator('[data-testid="home"]').waitFor();
      await searchField(ui).fill("qqzzxxvv");
      const empty = ui.locator(".results > .empty-state");
      await empty.getByText("No icons for \u201cqqzzxxvv\u201d").waitFor();
      expect(await empty.getByRole("button", { name: "Clear search" }).count()).toBe(1);
      expect(await empty.getByRole("button", { name: "Browse sets" }).count()).toBe(1);
      const [results, title] = await Promise.all([
        ui.locator(".results").boundingBox(),
        empty.locator(".empty-state__title").boundingBox(),
      ]);
      if (!results || !title) throw new Error("no layout");
      const middle = results.y + results.height / 2;
      // Centred: the title sits in the middle third of the results area.
      expect(Math.abs(title.y + title.height / 2 - middle)).toBeLessThan(results.height / 6);
      await shot(harness, `nothing-found-${theme}-360`);
    });
  }
});
