// Each asset type's cells against the local API's packaged content: icons small and square, 3D and
// Lottie in square tiles three to a row at 360 px, illustrations too, every
// picture whole inside its tile. Screenshots of each type, light and dark, at 280, 360 and 600 px,
// land in test/e2e/artifacts/cells-*.

import type { Frame } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  cell,
  cells,
  resizeWindow,
  searchField,
  until,
  watchSearches,
  windowShot,
  windowShots,
} from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

/** The type menu's label, a word with results of that type, and the columns at a 360 px window. */
const TYPES = [
  { asset: "icon", label: "Icons", word: "cat", columns: 6, ratio: 1 },
  { asset: "illustration", label: "Illustrations", word: "cat", columns: 3, ratio: 1 },
  { asset: "3d", label: "3D", word: "cat", columns: 3, ratio: 1 },
  { asset: "lottie", label: "Lottie", word: "arrow", columns: 3, ratio: 1 },
] as const;

async function chooseType(ui: Frame, label: string): Promise<void> {
  await ui.getByRole("button", { name: /^Asset type/ }).click();
  await ui.getByRole("radio", { name: label, exact: true }).click();
}

/** The first cell's box and its picture's (the tile), in the window's pixels. */
function boxes(ui: Frame) {
  return cell(ui, 0).evaluate((el) => {
    const picture = el.querySelector(".preview") as HTMLElement;
    const img = el.querySelector("img") as HTMLImageElement | null;
    const c = el.getBoundingClientRect();
    const p = picture.getBoundingClientRect();
    return {
      cell: { width: c.width, height: c.height },
      tile: { width: p.width, height: p.height },
      fit: img ? getComputedStyle(img).objectFit : "",
      row: [...el.parentElement!.children].filter((n) => n.getAttribute("role") === "gridcell").length,
    };
  });
}

describe("cells by type", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`are shaped for their type, every picture whole (${theme})`, async () => {
      const harness = await e2e.open({ theme });
      const { ui } = harness;
      await resizeWindow(harness, 360);
      for (const type of TYPES) {
        const seen = watchSearches(harness);
        await chooseType(ui, type.label);
        await searchField(ui).fill(type.word);
        await until(() =>
          seen.some(
            (u) => u.searchParams.get("asset") === type.asset && u.searchParams.get("query") === type.word,
          ),
        ).toBe(true);
        await until(() => cells(ui).count()).toBeGreaterThan(type.columns);
        await until(() => cell(ui, 0).getAttribute("class")).toContain(`cell--${type.asset}`);
        const box = await boxes(ui);
        expect(box.row).toBe(type.columns);
        if (type.asset === "icon") {
          expect(box.cell.height).toBe(48);
          expect(box.tile.width).toBe(24);
        } else {
          // The tile spans the cell, in its type's proportions, and the picture is fitted, not cropped.
          expect(box.tile.width).toBeGreaterThan(90);
          expect(box.tile.height / box.tile.width).toBeCloseTo(type.ratio, 1);
          expect(box.fit).toBe("contain");
        }
        await until(() =>
          ui.evaluate(() =>
            [...document.querySelectorAll(".cell img")].every((i) => (i as HTMLImageElement).complete),
          ),
        ).toBe(true);
        await windowShots(harness, `cells-${type.asset}-${theme}`);
      }
      // The service has no AI images: with nothing asked, the window says so and what would fill it.
      await searchField(ui).fill("");
      await chooseType(ui, "AI images");
      const empty = ui.getByTestId("empty-type");
      await until(() => empty.textContent()).toContain("No AI images to browse here");
      await windowShots(harness, `cells-ai-image-${theme}`);
      await empty.getByRole("button", { name: "Open the AI tab" }).click();
      await until(() => ui.getByRole("tab", { name: "AI" }).getAttribute("aria-selected")).toBe("true");
    });
  }
});

/** The drawing a cell's animation shows now (lottie-web's SVG), or "" when none plays. */
const frameOf = (ui: Frame, index: number) =>
  cell(ui, index).evaluate((el) => el.querySelector(".cell__play[data-playing] svg")?.innerHTML ?? "");

async function lottieResults(harness: Awaited<ReturnType<typeof e2e.open>>) {
  const { ui } = harness;
  await resizeWindow(harness, 360);
  const seen = watchSearches(harness);
  await chooseType(ui, "Lottie");
  await searchField(ui).fill("arrow");
  await until(() => seen.some((u) => u.searchParams.get("query") === "arrow")).toBe(true);
  await until(() => cells(ui).count()).toBeGreaterThan(3);
  await until(() => cell(ui, 0).getAttribute("class")).toContain("cell--lottie");
}

describe("a Lottie cell", () => {
  it("plays on hover and on keyboard focus, one cell at a time, and is a still otherwise", async () => {
    const harness = await e2e.open({ theme: "light" });
    const { ui } = harness;
    // The player is text in the page until the first play: it has not run while the window opened.
    const playerRan = () => ui.evaluate(() => "__assetportLottie" in globalThis);
    expect(await playerRan()).toBe(false);
    await lottieResults(harness);
    // Nothing plays until asked: every cell shows its still (the pointer, left over the grid by the
    // type menu, moved off it first).
    await searchField(ui).hover();
    await until(() => ui.locator('[role="tooltip"]').count()).toBe(0);
    expect(await ui.locator(".cell__play").count()).toBe(0);
    // Each Lottie cell says it moves before it is hovered.
    await until(() => cell(ui, 0).getByRole("img", { name: "Animated" }).count()).toBe(1);
    // What hover first shows is a drawing, not a blank or a dot ("Arrow down" starts blank, its
    // lines trimmed to nothing): the lines shown the moment the animation covers the still add up
    // to a tenth of its side or more.
    await cell(ui, 0).evaluate((el) => {
      const seen = el as HTMLElement & { firstExtent?: number };
      new MutationObserver((_changes, observer) => {
        const svg = el.querySelector(".cell__play[data-playing] svg") as SVGSVGElement | null;
        if (!svg || seen.firstExtent !== undefined) return;
        let length = 0;
        for (const path of svg.querySelectorAll("path")) {
          if (path.getAttribute("d") && !path.closest('[style*="display: none"]'))
            length += path.getTotalLength();
        }
        const view = svg.viewBox.baseVal;
        seen.firstExtent = length / Math.max(view.width, view.height);
        observer.disconnect();
      }).observe(el, { subtree: true, attributes: true, attributeFilter: ["data-playing"] });
    });
    await cell(ui, 0).hover();
    await until(() => frameOf(ui, 0)).not.toBe("");
    const extent = await cell(ui, 0).evaluate(
      (el) => (el as HTMLElement & { firstExtent?: number }).firstExtent,
    );
    expect(extent).toBeGreaterThanOrEqual(0.1);
    expect(await playerRan()).toBe(true);
    // It moves: the drawing changes while the pointer rests.
    const first = await frameOf(ui, 0);
    await until(() => frameOf(ui, 0)).not.toBe(first);
    expect(await ui.locator(".cell__play").count()).toBe(1);
    await windowShot(harness, "cells-lottie-hover-light-360");
    // Left: it stops and the still is back.
    await searchField(ui).hover();
    await until(() => ui.locator(".cell__play").count()).toBe(0);
    // Keyboard focus plays the focused cell only.
    await cell(ui, 0).focus();
    await ui.locator('[role="gridcell"][data-index="0"]').press("ArrowRight");
    await until(() => frameOf(ui, 1)).not.toBe("");
    expect(await ui.locator(".cell__play").count()).toBe(1);
    await searchField(ui).focus();
    await until(() => ui.locator(".cell__play").count()).toBe(0);
  });

  it("stays a still when the designer asks for reduced motion", async () => {
    const harness = await e2e.open({ theme: "dark" });
    const { ui } = harness;
    await harness.page.emulateMedia({ reducedMotion: "reduce" });
    await lottieResults(harness);
    await cell(ui, 0).hover();
    // The hover reached the grid (its tooltip is up), and still nothing plays.
    await until(() => ui.locator('[role="tooltip"]').count()).toBe(1);
    expect(await ui.locator(".cell__play").count()).toBe(0);
    expect(await cell(ui, 0).getAttribute("data-playing")).toBeNull();
  });
});

describe("the details of a picture", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`speak of its size, set and licence as a picture's, not an icon's (${theme})`, async () => {
      const harness = await e2e.open({ theme });
      const { ui } = harness;
      await resizeWindow(harness, 360);
      for (const type of [
        { label: "Illustrations", word: "cat", set: "OpenMoji", size: false },
        { label: "3D", word: "cat", set: "Fluent Emoji 3D", size: true },
        { label: "Lottie", word: "heart", set: "useAnimations", size: true },
      ]) {
        await chooseType(ui, type.label);
        await searchField(ui).fill(type.word);
        await until(() => cells(ui).count()).toBeGreaterThan(0);
        const shown = ui.locator(`[role="gridcell"][aria-label*="${type.set}"]`).first();
        await until(() => shown.count()).toBe(1);
        // Look-alikes across sets are told apart by the tooltip's set.
        await shown.hover();
        await until(() => ui.locator('[role="tooltip"]').textContent()).toContain(type.set);
        await shown.locator(".cell__info").click();
        const dialog = ui.getByRole("dialog");
        // The full record (with its technical facts) has arrived once the loading line is gone.
        await until(() => dialog.locator(".facts").textContent()).toContain("Licence");
        await until(() => dialog.getByText("Loading details…").count()).toBe(0);
        // The original's pixels (an animation's frame), never read as the size chosen above them.
        if (type.size)
          await until(() => dialog.locator(".facts").textContent()).toMatch(
            /(Original|Animation size)\d+ × \d+ px/,
          );
        const facts = await dialog.locator(".facts").textContent();
        expect(facts).not.toContain("grid");
        if (!type.size) expect(facts).not.toContain("Size");
        if (type.set === "OpenMoji") {
          expect(facts).toContain("by OpenMoji, CC BY-SA 4.0");
          // Categories in the emoji data's own words; the style said once, in the subtitle.
          expect(facts).toMatch(/Animals & Nature|Smileys & Emotion/);
          expect(facts).not.toContain("Style");
          expect(await dialog.locator(".detail__subtitle").textContent()).toBe("OpenMoji · Colored outline");
        }
        if (type.label === "Lottie") {
          const formats = await dialog.locator('[aria-label="Format"] .segmented__label').allTextContents();
          // Four to a row, whole, at 280 px too (checked in the shots).
          expect(formats).toEqual(expect.arrayContaining(["Moving", "Still", "Lottie JSON"]));
        }
        expect(facts).not.toMatch(/bytes/i);
        // The preview sits on the grid's backdrop for the type: in dark, black line art (OpenMoji,
        // useAnimations) on the light tile, colour art (3D) on dark grey.
        if (theme === "dark") {
          const backdrop = (selector: string) =>
            ui
              .locator(selector)
              .first()
              .evaluate((el) => getComputedStyle(el).backgroundColor);
          expect(await backdrop(".detail__preview")).toBe(
            type.label === "3D" ? "rgb(56, 56, 56)" : "rgb(217, 217, 217)",
          );
        }
        // An animation opened on purpose plays in the details.
        if (type.label === "Lottie") {
          await until(() => dialog.locator(".cell__play[data-playing] svg").count()).toBe(1);
        }
        await windowShots(harness, `cells-detail-${type.label.toLowerCase()}-${theme}`);
        if (type.label === "Lottie") {
          // The four formats whole inside the window at its narrowest.
          await resizeWindow(harness, 280);
          const group = (await dialog.locator('[aria-label="Format"]').boundingBox())!;
          const panel = (await dialog.boundingBox())!;
          expect(group.x + group.width).toBeLessThanOrEqual(panel.x + panel.width);
          await resizeWindow(harness, 360);
        }
        await dialog.getByRole("button", { name: "Back to results" }).click();
        await until(() => dialog.count()).toBe(0);
      }
    });
  }
});
