// One icon, one cell, in Chromium against the local API: the variants of an icon share a cell named
// in words, the variant switch picks what every cell shows, the details show the variants, and the
// grid sits centred without clipping at every width, in light and dark.
import type { Frame, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Harness } from "./support/harness";
import {
  cell,
  cells,
  chooseWeight,
  grid,
  resizeWindow,
  searchField,
  searchFor,
  until,
  weightButton,
  windowShot,
} from "./support/plugin";
import { e2eSession } from "./support/session";

/**
 * The pointer onto the window's empty bottom corner, for a shot with nothing hovered: leaving the
 * window for the page does not clear a hover inside the frame.
 */
async function pointerAway(h: Harness) {
  const frame = await h.page.locator("#window").boundingBox();
  await h.page.mouse.move(frame!.x + frame!.width - 4, frame!.y + frame!.height - 4);
}

const e2e = e2eSession();
let harness: Harness;

/** Each painted row's free space left and right of its cells, inside the grid's padding, and any overflow. */
function rowMargins(ui: Frame) {
  return grid(ui).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const inner = {
      left: box.left + el.clientLeft + Number.parseFloat(style.paddingLeft),
      right: box.left + el.clientLeft + el.clientWidth - Number.parseFloat(style.paddingRight),
    };
    return [...el.querySelectorAll('[role="row"]')].slice(0, 3).map((row) => {
      const rects = [...row.querySelectorAll('[role="gridcell"]')].map((c) => c.getBoundingClientRect());
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      return { before: left - inner.left, after: inner.right - right, cells: rects.length };
    });
  });
}

const label = (ui: Frame, index: number) => cell(ui, index).getAttribute("aria-label");

describe("one icon, one cell", () => {
  it("shows each rocket once with its set, and the variant switch changes every cell", async () => {
    harness = await e2e.open({ settings: { iconVariant: null } });
    const { ui } = harness;
    await searchFor(harness, e2e.stack, "rocket");
    const labels = await cells(ui).evaluateAll((nodes) =>
      nodes.map((n) => n.getAttribute("aria-label") ?? ""),
    );
    // Every cell names its set; no icon appears twice in one set.
    expect(labels.every((l) => /, (Phosphor|Tabler)(,|$)/.test(l))).toBe(true);
    const icons = labels.map((l) => l.split(", ").slice(0, 2).join(", "));
    expect(new Set(icons).size).toBe(icons.length);
    expect(labels.some((l) => l.startsWith("Rocket launch, Phosphor"))).toBe(true);
    // Every page is in: the count is of icons, not of their variants, and the set chips agree.
    expect(await ui.locator('[data-testid="result-count"]').textContent()).toBe(`${labels.length} icons`);
    const chip = (name: string) => ui.locator(".sets__option", { hasText: name }).locator(".sets__count");
    await until(() => chip("All sets").textContent()).toBe(String(labels.length));
    const perSet = (set: string) => labels.filter((l) => l.includes(`, ${set}`)).length;
    await until(() => chip("Phosphor").textContent()).toBe(String(perSet("Phosphor")));
    await until(() => chip("Tabler").textContent()).toBe(String(perSet("Tabler")));

    await weightButton(ui).waitFor();
    await windowShot(harness, "results-variants-regular");
    await chooseWeight(ui, "Bold");
    const phosphor = labels.findIndex((l) => l.includes("Phosphor"));
    await until(() => label(ui, phosphor)).toMatch(/, Phosphor, Bold$/);
    await chooseWeight(ui, "Fill");
    await until(() => label(ui, phosphor)).toMatch(/, Phosphor, Fill$/);
    // A Tabler icon drawn both ways shows its filled drawing for Phosphor's "Fill".
    await until(async () =>
      (await cells(ui).evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label") ?? ""))).some(
        (l) => /, Tabler, Filled$/.test(l),
      ),
    ).toBe(true);
    await windowShot(harness, "results-variants-fill");

    // Remembered: stored in the plugin's clientStorage with the other settings.
    await harness.settle();
    const stored = (await harness.emulator.figma.clientStorage.getAsync("assetport.settings")) as {
      iconVariant?: string;
    };
    expect(stored.iconVariant).toBe("fill");

    // The details name the icon and offer its variants; picking one is what Insert places.
    await cell(ui, phosphor).click({ button: "right" });
    const dialog = ui.getByRole("dialog");
    await dialog.waitFor();
    const thumbs = dialog.getByRole("radiogroup", { name: "Variants" });
    await thumbs.getByRole("radio", { name: "Duotone" }).click();
    await until(() => dialog.locator(".detail__subtitle").textContent()).toBe("Phosphor · Duotone");
    // A free asset is not called free beside a credit cost; the licence row says what is free.
    await until(() => dialog.locator('[data-testid="insert-price"]').textContent()).toMatch(
      /^(Free asset$|\d+ credits? to insert|Already downloaded)/,
    );
    expect(await dialog.textContent()).not.toMatch(/bytes|view box/i);
    await pointerAway(harness);
    await windowShot(harness, "details-variants");
  });

  for (const theme of ["light", "dark"] as const) {
    it(`keeps the details' variants on one row at 280 px (${theme})`, async () => {
      harness = await e2e.open({ theme, settings: { iconVariant: null, windowWidth: 280 } });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "rocket");
      await ui.locator('[role="gridcell"][aria-label*="Phosphor"]').first().click({ button: "right" });
      const thumbs = ui.getByRole("dialog").getByRole("radiogroup", { name: "Variants" });
      await thumbs.getByRole("radio").first().waitFor();
      const tops = await thumbs
        .getByRole("radio")
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThan(4);
      expect(new Set(tops).size).toBe(1);
      // One chosen state only: the chosen thumb is ringed and tinted; a hovered one is fainter than it.
      const looks = await thumbs.getByRole("radio").evaluateAll((els) =>
        els.map((el) => ({
          checked: el.getAttribute("aria-checked") === "true",
          border: getComputedStyle(el).borderTopColor,
          fill: getComputedStyle(el).backgroundColor,
        })),
      );
      const chosen = looks.filter((l) => l.checked);
      expect(chosen).toHaveLength(1);
      expect(chosen[0]!.fill).not.toBe("rgba(0, 0, 0, 0)");
      expect(looks.filter((l) => !l.checked).every((l) => l.border !== chosen[0]!.border)).toBe(true);
      // The shot without the pointer over a thumb (the right click left it there).
      await pointerAway(harness);
      await windowShot(harness, `details-variants-280-${theme}`);
      // Cut at the edge, the row says there is more: it fades out on that side, as the set chips do.
      const fade = () => thumbs.getAttribute("data-fade");
      await until(fade).toMatch(/end/);
      // The keys reach the thumbs past the edge, and the row scrolls them clear of the fade.
      await thumbs.getByRole("radio").first().click();
      await thumbs.getByRole("radio").first().press("ArrowLeft");
      const last = thumbs.getByRole("radio").last();
      await until(() => last.getAttribute("aria-checked")).toBe("true");
      await until(fade).toBe("start");
      // Whole, at the row's end, where nothing fades any more.
      const [row, thumb] = await Promise.all([thumbs.boundingBox(), last.boundingBox()]);
      expect(thumb!.x + thumb!.width).toBeLessThanOrEqual(row!.x + row!.width + 0.5);
      expect(await last.evaluate((el) => el === document.activeElement)).toBe(true);
      await pointerAway(harness);
      await windowShot(harness, `details-variants-280-end-${theme}`);
      for (const width of [360, 600]) {
        await resizeWindow(harness, width);
        await pointerAway(harness);
        await windowShot(harness, `details-variants-${width}-${theme}`);
      }
      // All six in view at 600 px: nothing to hint at.
      await until(fade).toBe(null);
    });
  }

  for (const theme of ["light", "dark"] as const) {
    it(`draws icons in the chosen colour, with a tooltip and a details button (${theme})`, async () => {
      harness = await e2e.open({ theme, settings: { iconVariant: null, iconColor: "#e03e1a" } });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "rocket");
      // One-colour icons are drawn in the insert bar's colour.
      await until(() => cell(ui, 0).locator(".preview__tint").getAttribute("data-tint")).toBe("#e03e1a");
      const painted = await cell(ui, 0)
        .locator(".preview__tint")
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(painted).toBe("rgb(224, 62, 26)");
      // Bold: Tabler's icons have none, their cells say so.
      await chooseWeight(ui, "Bold");
      const lacking = ui.locator('[role="gridcell"][data-lacking]').first();
      await lacking.hover();
      const tip = ui.getByRole("tooltip");
      await until(() => tip.locator(".cell-tip__note").textContent()).toBe(
        "Tabler has no Bold: drawn at 2.25 px",
      );
      // Shown after a short pause on hover, as Figma's own tooltips.
      await until(() => tip.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
      await windowShot(harness, `results-tooltip-lacking-${theme}`);
      const phosphor = ui.locator('[role="gridcell"]:not([data-lacking])').first();
      await phosphor.hover();
      await until(() => tip.locator(".cell-tip__text").textContent()).toMatch(/ · Phosphor · 6 weights/);
      await until(() => tip.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
      await windowShot(harness, `results-tooltip-${theme}`);
      // The details are one click away, on the cell's info button.
      await phosphor.locator(".cell__info").click();
      await ui.getByRole("dialog").waitFor();
    });

    it(`sits centred without clipping from 280 to 600 px wide (${theme})`, async () => {
      harness = await e2e.open({ theme, settings: { iconVariant: null } });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "arrow");
      for (const width of [280, 360, 600]) {
        await resizeWindow(harness, width);
        await until(async () => {
          const rows = await rowMargins(ui);
          return rows.length > 0 && rows.every((r) => Math.abs(r.before - r.after) <= 1 && r.before >= 0);
        }).toBe(true);
        const [first] = await rowMargins(ui);
        expect(first!.cells).toBe(Number(await grid(ui).getAttribute("aria-colcount")));
        // Every preview in view is drawn: a resize must not leave blank cells.
        await until(() =>
          grid(ui).evaluate((el) => {
            const view = el.getBoundingClientRect();
            return [...el.querySelectorAll("img")]
              .filter((img) => img.getBoundingClientRect().top < view.bottom)
              .every((img) => img.complete);
          }),
        ).toBe(true);
        await windowShot(harness, `results-${width}-${theme}`);
      }
    });
  }

  it("shows placeholder cells while the first page is on its way", async () => {
    // A typed search is held at the network until the placeholders have been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { context } = e2e.browser;
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    harness = await e2e.open();
    const { ui } = harness;
    await ui.locator('[data-testid="home"]').waitFor();
    await context.route("**/v3/search?*", hold);
    try {
      await searchField(ui).fill("rocket");
      await ui.locator('[data-testid="grid-placeholders"]').waitFor();
      await windowShot(harness, "results-loading");
      release();
      await cell(ui, 0).waitFor();
      expect(await ui.locator('[data-testid="grid-placeholders"]').count()).toBe(0);
    } finally {
      release();
      await context.unroute("**/v3/search?*", hold);
    }
  });
});
