// The filter panel in Chromium, at the widths a designer gives the window (280, 360, 600 px) and at
// the short heights Figma's plugin windows often have: its last section ("Sort by") is always
// reachable and wholly in sight once scrolled to, never cut by the panel's edge or the window's, and
// while more is below the edge a fade says so, gone at the end; no heading is left in sight with its
// choices hidden under that fade. Saved light and dark.
import type { Frame } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Harness } from "./support/harness";
import { searchFor, until, windowShot } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

interface PanelState {
  /** The panel's box in the window, and the window's height. */
  panelTop: number;
  panelBottom: number;
  windowHeight: number;
  /** Where the part of the panel not under its sticky title starts. */
  underHead: number;
  /** The last section's box. */
  lastName: string;
  lastTop: number;
  lastBottom: number;
  /** More below the edge (data-more). */
  more: boolean;
  scrollable: boolean;
}

function panelState(ui: Frame): Promise<PanelState> {
  return ui.evaluate(() => {
    const panel = document.querySelector<HTMLElement>("#filters")!;
    const box = panel.getBoundingClientRect();
    const head = panel.querySelector(".filters__head")!.getBoundingClientRect();
    const groups = [...panel.querySelectorAll<HTMLElement>("[data-filter]")];
    const last = groups.reduce((a, b) =>
      b.getBoundingClientRect().bottom > a.getBoundingClientRect().bottom ? b : a,
    );
    const lastBox = last.getBoundingClientRect();
    return {
      panelTop: box.top,
      // The panel's own visible bottom: inside its bottom border.
      panelBottom: box.top + panel.clientTop + panel.clientHeight,
      windowHeight: window.innerHeight,
      underHead: head.bottom,
      lastName: last.dataset.filter ?? "",
      lastTop: lastBox.top,
      lastBottom: lastBox.bottom,
      more: panel.hasAttribute("data-more"),
      scrollable: panel.scrollHeight > panel.clientHeight + 1,
    };
  });
}

/**
 * Whether anything is drawn in the panel's bottom 16 px, in its middle third: the mark that says
 * more is below must be seen, also where the panel has nothing under it (a veil over empty space is
 * the background's own colour, unseen).
 */
async function drawnAtBottom(h: Harness): Promise<boolean> {
  const panel = h.ui.locator("#filters");
  const box = (await panel.boundingBox())!;
  const inner = await panel.evaluate((el) => ({
    left: el.clientLeft,
    top: el.clientTop,
    height: el.clientHeight,
  }));
  const png = await h.page.screenshot({
    clip: {
      x: box.x + box.width / 3,
      y: box.y + inner.top + inner.height - 16,
      width: box.width / 3,
      height: 16,
    },
  });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (i: number): [number, number, number] => [data[i]!, data[i + 1]!, data[i + 2]!];
  // The panel's own background, as the browser computed it ("rgb(44, 44, 44)").
  const bg = (await panel.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = at(i);
    if (Math.abs(r - bg[0]!) + Math.abs(g - bg[1]!) + Math.abs(b - bg[2]!) > 60) return true;
  }
  return false;
}

/** Scrolls the panel down step by step (as a wheel would): is "Sort by" ever wholly seen? */
function sortSeenWhole(ui: Frame): Promise<boolean> {
  return ui.evaluate(async () => {
    const panel = document.querySelector<HTMLElement>("#filters")!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let at = 0; at <= panel.scrollHeight; at += 8) {
      panel.scrollTop = at;
      await frame();
      const box = panel.getBoundingClientRect();
      const head = panel.querySelector(".filters__head")!.getBoundingClientRect();
      const mark = panel.querySelector(".filters__more")?.getBoundingClientRect();
      const group = panel.querySelector('[data-filter="sort"]')!.getBoundingClientRect();
      const to = Math.min(
        box.top + panel.clientTop + panel.clientHeight,
        mark?.top ?? Number.POSITIVE_INFINITY,
      );
      if (group.top >= head.bottom - 0.5 && group.bottom <= to + 0.5) return true;
    }
    return false;
  });
}

/**
 * Scrolls the panel down step by step: the headings ever seen without their first row of choices
 * (a heading in sight above the "More filters" mark, its first choice not wholly), as "name@scroll".
 */
function headingsCutFromChoices(ui: Frame): Promise<string[]> {
  return ui.evaluate(async () => {
    const panel = document.querySelector<HTMLElement>("#filters")!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const cut: string[] = [];
    for (let at = 0; at <= panel.scrollHeight; at += 8) {
      panel.scrollTop = at;
      await frame();
      const box = panel.getBoundingClientRect();
      const head = panel.querySelector(".filters__head")!.getBoundingClientRect();
      const mark = panel.querySelector(".filters__more")?.getBoundingClientRect();
      const to = mark?.top ?? box.top + panel.clientTop + panel.clientHeight;
      for (const group of panel.querySelectorAll<HTMLElement>("[data-filter]")) {
        const heading = group.querySelector(".filter__label")!.getBoundingClientRect();
        const first = group
          .querySelector("button, input, select, textarea, [tabindex]")
          ?.getBoundingClientRect();
        if (!first) continue;
        if (heading.top < to - 0.5 && heading.bottom > head.bottom + 0.5 && first.bottom > to + 0.5)
          cut.push(`${group.dataset.filter}@${panel.scrollTop}`);
      }
    }
    // Back at the top, as the panel was, once its scroll has been followed.
    panel.scrollTop = 0;
    await frame();
    return cut;
  });
}

/**
 * The chosen chips of a group, and how many of them are wholly in sight in the panel: below its
 * sticky title, above its bottom edge and above the "More filters" mark.
 */
function chosenInSight(ui: Frame, group: string): Promise<{ chosen: number; inSight: number }> {
  return ui.evaluate((name) => {
    const panel = document.querySelector<HTMLElement>("#filters")!;
    const box = panel.getBoundingClientRect();
    const head = panel.querySelector(".filters__head")!.getBoundingClientRect();
    const mark = panel.querySelector(".filters__more")?.getBoundingClientRect();
    const bottom = Math.min(
      box.top + panel.clientTop + panel.clientHeight,
      mark?.top ?? Number.POSITIVE_INFINITY,
    );
    const chosen = [...panel.querySelectorAll(`[data-filter="${name}"] .chip[aria-pressed="true"]`)];
    const inSight = chosen.filter((chip) => {
      const r = chip.getBoundingClientRect();
      return r.top >= head.bottom - 0.5 && r.bottom <= bottom + 0.5;
    });
    return { chosen: chosen.length, inSight: inSight.length };
  }, group);
}

const scrollPanel = (ui: Frame, to: "top" | "end") =>
  ui.locator("#filters").evaluate((el, where) => {
    el.scrollTop = where === "top" ? 0 : el.scrollHeight;
  }, to);

describe("the filter panel", () => {
  for (const [width, height] of [
    [280, 420],
    [360, 420],
    [600, 420],
    [280, 480],
    [360, 480],
    [600, 480],
    [280, 560],
    [360, 560],
    [600, 560],
  ] as const) {
    it(`at ${width}x${height} shows its last section whole once scrolled to, and says more is below`, async () => {
      const harness = await e2e.open({
        settings: { windowWidth: width, windowHeight: height, iconVariant: null },
      });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "arrow");
      await ui.getByRole("button", { name: "Filters" }).click();
      // Wait for the suggested values (their figures follow): the panel's content at its fullest.
      await ui.locator('[data-filter="tags"] .chip').first().waitFor();
      await ui.locator('[data-filter="sort"]').waitFor();
      await until(() => ui.locator('[data-filter="tags"] .chip__count').count()).toBeGreaterThan(0);

      await windowShot(harness, `filters-panel-${width}x${height}`);
      // Wherever the edge cuts, a heading is seen with at least its first row of choices, or not at all.
      expect(await headingsCutFromChoices(ui), `${width}x${height}`).toEqual([]);
      const top = await panelState(ui);
      const label = `${width}x${height}: ${JSON.stringify(top)}`;
      // The panel itself stays inside the window, with room below it for the results.
      expect(top.panelBottom, label).toBeLessThan(top.windowHeight - 96);
      // The last section out of sight below the edge: something there says more is below.
      const lastInSight = top.lastBottom <= top.panelBottom + 0.5;
      if (!lastInSight) {
        expect(top.more, label).toBe(true);
        expect(await drawnAtBottom(harness), label).toBe(true);
      }
      await scrollPanel(ui, "end");
      await until(async () => (await panelState(ui)).more).toBe(false);
      const end = await panelState(ui);
      const atEnd = `${width}x${height} at the end: ${JSON.stringify(end)}`;
      // The last section's end is in sight: under the sticky title, above the panel's bottom edge,
      // and no mark over it.
      expect(end.lastBottom, atEnd).toBeGreaterThan(end.underHead);
      expect(end.lastBottom, atEnd).toBeLessThanOrEqual(end.panelBottom + 0.5);
      expect(end.panelBottom, atEnd).toBeLessThanOrEqual(end.windowHeight);
      expect(await ui.locator(".filters__more").count(), atEnd).toBe(0);
      // "Sort by" can be scrolled to where it is wholly seen: not under the title, not under the mark.
      expect(await sortSeenWhole(ui), `${width}x${height}`).toBe(true);
    });
  }

  it("is saved at 280, 360 and 600 px, light and dark, at its top and at its end", async () => {
    for (const theme of ["light", "dark"] as const) {
      for (const width of [280, 360, 600] as const) {
        const harness = await e2e.open({
          theme,
          settings: { windowWidth: width, windowHeight: 480, iconVariant: null },
        });
        const { ui } = harness;
        await searchFor(harness, e2e.stack, "arrow");
        await ui.getByRole("button", { name: "Filters" }).click();
        await until(() => ui.locator('[data-filter="tags"] .chip__count').count()).toBeGreaterThan(0);
        await windowShot(harness, `filters-panel-${width}-${theme}`);
        await scrollPanel(ui, "end");
        await until(async () => (await panelState(ui)).more).toBe(false);
        await windowShot(harness, `filters-panel-end-${width}-${theme}`);
      }
    }
  }, 120_000);

  it("keeps a chosen tag in sight in a short window (360x440), light and dark", async () => {
    for (const theme of ["light", "dark"] as const) {
      const harness = await e2e.open({
        theme,
        settings: { windowWidth: 360, windowHeight: 440, iconVariant: null },
      });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "arrow");
      await ui.getByRole("button", { name: "Filters" }).click();
      await until(() => ui.locator('[data-filter="tags"] .chip__count').count()).toBeGreaterThan(0);
      const tag = ui.locator('[data-filter="tags"] .chip').nth(2);
      const name = (await tag.getAttribute("title"))?.split(":")[0] ?? "";
      await tag.scrollIntoViewIfNeeded();
      await tag.click();
      await until(() => chosenInSight(ui, "tags")).toEqual({ chosen: 1, inSight: 1 });
      // Still in sight once the results (and so the suggestions above it) have changed.
      await harness.settle();
      expect(await chosenInSight(ui, "tags"), name).toEqual({ chosen: 1, inSight: 1 });
      // Closed and opened again: the panel opens at its top, and the chosen tag is there in sight.
      await ui.getByRole("button", { name: /^Filters/ }).click();
      await ui.locator("#filters").waitFor({ state: "detached" });
      await ui.getByRole("button", { name: /^Filters/ }).click();
      await until(() => ui.locator('[data-filter="tags"] .chip__count').count()).toBeGreaterThan(0);
      await harness.settle();
      await windowShot(harness, `filters-panel-chosen-tag-360x440-${theme}`);
      expect(await chosenInSight(ui, "tags"), `${name} reopened`).toEqual({ chosen: 1, inSight: 1 });
    }
  }, 120_000);
});
