// A weight a set lacks, in Chromium against the local API: with Bold chosen, Tabler's outline icons
// (one 2 px drawing) are drawn with thicker lines, with Thin thinner, the tooltip says at what width,
// and a click places the outline with its lines scaled as the cell showed them. Screenshots of
// "All sets" with Bold and with Thin, at 360 px in light and dark, go to test/e2e/artifacts/.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Frame } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EmuFrame, EmuVector } from "../figma/node-types";
import type { Harness } from "./support/harness";
import { canvasNodes, storedAsset } from "./support/nodes";
import {
  browseSet,
  cell,
  cells,
  chooseWeight,
  resizeWindow,
  searchFor,
  until,
  weightButton,
  weightsOffered,
} from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
const ARTIFACTS = join(import.meta.dirname, "artifacts");

async function windowShot(h: Harness, name: string) {
  await mkdir(ARTIFACTS, { recursive: true });
  await until(() => h.ui.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
  // A cell redrawn at a weight is no <img> until its drawing is read: a grey placeholder meanwhile.
  await until(() => h.ui.locator('[role="gridcell"] [data-loading]').count()).toBe(0);
  // Two frames drawn since: a shot right after a resize caught the window at its old width.
  await h.ui.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await h.page.locator("#window").screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

const choose = chooseWeight;

/**
 * What the weight menu says of a weight some sets draw otherwise: its button's tooltip, and the
 * line at the menu's foot (read with the menu open, then closed again).
 */
async function weightLine(ui: Frame): Promise<string> {
  const title = (await weightButton(ui).getAttribute("title")) ?? "";
  await weightButton(ui).click();
  const line = (await ui.getByTestId("weight-line").textContent()) ?? "";
  await weightButton(ui).click();
  expect(title).toBe(`Variant: ${(await ui.getByTestId("weight-chosen").textContent()) ?? ""}. ${line}`);
  return line;
}

/** The first cell drawn at a weight's scale, once there is one. */
async function firstScaled(ui: Frame, scale: string): Promise<number> {
  let found = -1;
  await until(async () => {
    found = await cells(ui).evaluateAll((nodes, s) => {
      const hit = nodes.find((n) => n.querySelector(`[data-scale="${s}"]`));
      return hit ? Number(hit.getAttribute("data-index")) : -1;
    }, scale);
    return found;
  }).toBeGreaterThanOrEqual(0);
  return found;
}

/** A canvas cell's ink, alpha summed (1 = one full pixel). */
const ink = (ui: Frame, index: number) =>
  cell(ui, index)
    .locator("canvas.preview")
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
      let sum = 0;
      for (let i = 3; i < data.length; i += 4) sum += data[i]!;
      return sum / 255;
    });

describe("a weight Tabler lacks", () => {
  it("draws its outline bolder for Bold and thinner for Thin, says so, and places what it shows", async () => {
    const harness = await e2e.open({ settings: { iconVariant: null, iconStrokeWidth: null, iconSize: 24 } });
    const { ui } = harness;
    await searchFor(harness, e2e.stack, "home");
    await choose(ui, "Bold");
    const index = await firstScaled(ui, "1.125");
    const bold = await ink(ui, index);
    await choose(ui, "Thin");
    await until(() => cell(ui, index).locator("[data-scale]").getAttribute("data-scale")).toBe("0.375");
    const thin = await ink(ui, index);
    // Bold's lines are three times as wide as Thin's: well over twice the ink.
    expect(bold).toBeGreaterThan(thin * 2);
    await choose(ui, "Bold");
    await cell(ui, index).hover();
    await until(() => ui.getByRole("tooltip").locator(".cell-tip__note").textContent()).toBe(
      "Tabler has no Bold: drawn at 2.25 px",
    );
    await until(() => ui.getByRole("tooltip").evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    // One solid tip, as Figma's: opaque dark fill, white 11 px words, never faded in (a fade left it
    // see-through for a moment, the cells under it showing through its words in a screenshot).
    const look = await ui.getByRole("tooltip").evaluate((tip) => {
      const style = getComputedStyle(tip);
      const frames = tip.getAnimations().flatMap((a) => (a.effect as KeyframeEffect).getKeyframes());
      return {
        fill: style.backgroundColor,
        text: style.color,
        size: style.fontSize,
        fadedFrames: frames.filter((frame) => frame.opacity !== undefined && Number(frame.opacity) < 1)
          .length,
      };
    });
    expect(look).toEqual({
      fill: "rgb(30, 30, 30)",
      text: "rgb(255, 255, 255)",
      size: "11px",
      fadedFrames: 0,
    });
    // At 360 px the note wraps to a line of its own: no separator is left ending a line.
    const dangling = await ui.getByRole("tooltip").evaluate(
      (tip) =>
        [...tip.querySelectorAll<HTMLElement>(".cell-tip__segment")]
          .filter((seg) => seg.textContent?.trim() === "·" && seg.offsetParent !== null)
          .filter((dot) => {
            const next = dot.nextElementSibling as HTMLElement | null;
            return !next || next.getBoundingClientRect().top > dot.getBoundingClientRect().top;
          }).length,
    );
    expect(dangling).toBe(0);
    await windowShot(harness, "weights-tooltip-bold-360-light");
    await cell(ui, index).click();
    await until(() => canvasNodes(harness).length).toBe(1);
    const [placed] = canvasNodes(harness) as EmuFrame[];
    expect(storedAsset(placed!).uuid).toMatch(/./);
    const widths = new Set<number>();
    const visit = (node: EmuFrame | EmuVector) => {
      if (node.type === "VECTOR" && node.strokes.length > 0) widths.add(node.strokeWeight as number);
      if ("children" in node) for (const child of node.children) visit(child as EmuFrame | EmuVector);
    };
    visit(placed!);
    expect([...widths]).toEqual([2.25]);
  });

  for (const theme of ["light", "dark"] as const) {
    it(`shows Bold and Thin in "All sets" and in Tabler at 360 px (${theme})`, async () => {
      const harness = await e2e.open({
        theme,
        settings: { iconVariant: "bold", iconStrokeWidth: null, iconSize: 24 },
      });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "home");
      // Phosphor's three real Bold houses first, then Tabler's outlines drawn bolder.
      await until(() => cell(ui, 3).locator('[data-scale="1.125"]').count()).toBe(1);
      const heads = await cells(ui).evaluateAll((nodes) =>
        nodes
          .sort((a, b) => Number(a.getAttribute("data-index")) - Number(b.getAttribute("data-index")))
          .slice(0, 4)
          .map((n) => n.getAttribute("data-name")),
      );
      expect(heads.slice(0, 3).sort()).toEqual(["house", "house-line", "house-simple"]);
      // Said once above the grid, not a mark on every cell drawn at the nearer stroke.
      await until(() => weightLine(ui)).toBe("Tabler has no Bold: drawn at 2.25 px");
      expect(await ui.locator('[role="gridcell"]:has([data-scale]) .cell__lacking').count()).toBe(0);
      await windowShot(harness, `weights-all-sets-bold-360-${theme}`);
      for (const width of [280, 600]) {
        await resizeWindow(harness, width);
        await windowShot(harness, `weights-all-sets-bold-${width}-${theme}`);
      }
      await resizeWindow(harness, 360);
      await choose(ui, "Thin");
      await firstScaled(ui, "0.375");
      await until(() => weightLine(ui)).toBe("Tabler has no Thin: drawn at 0.75 px");
      await windowShot(harness, `weights-all-sets-thin-360-${theme}`);
      // Tabler alone has no weights to choose: its menu offers Outline and Filled only.
      await ui.locator('input[type="search"]').fill("");
      await browseSet(ui, "Tabler");
      await until(() => weightsOffered(ui)).toEqual(["Outline", "Filled"]);
    });
  }
});

describe("real drawings of a weight across pages", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`shows "arrow" under Duotone with Phosphor's duotones straight after the first screen (${theme})`, async () => {
      const harness = await e2e.open({
        theme,
        settings: { iconVariant: "duotone", iconStrokeWidth: null, iconSize: 24 },
      });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "arrow");
      await windowShot(harness, `weights-arrow-duotone-top-360-${theme}`);
      // A marked cell's tooltip says why, and which drawing it shows instead.
      await cell(ui, 0).hover();
      await until(() => ui.getByRole("tooltip").locator(".cell-tip__note").textContent()).toMatch(
        /^Tabler has no Duotone: shown in (Outline|Filled)$/,
      );
      await windowShot(harness, `weights-arrow-duotone-tooltip-360-${theme}`);
      await harness.page.mouse.move(0, 0);
      const grid = ui.locator('[role="grid"]');
      // Its first page holds no duotone: the cells on screen are Tabler's. Those never move; the
      // real ones the next page brings are next, before the first page's stand-ins further down.
      const shown = await cells(ui).count();
      const rowHeight = await grid.evaluate((el) => {
        const tops = [...el.querySelectorAll<HTMLElement>('[role="row"]')].map((r) => r.offsetTop);
        return tops[1]! - tops[0]!;
      });
      const columns = Number(await grid.getAttribute("aria-colcount"));
      await grid.evaluate((el, top) => el.scrollTo({ top }), (shown / columns - 3) * rowHeight);
      await until(() => cell(ui, shown).count()).toBe(1);
      await until(() => cell(ui, shown).getAttribute("aria-label")).toMatch(/Phosphor, Duotone$/);
      expect(await cell(ui, shown - 1).getAttribute("aria-label")).toMatch(/Tabler/);
      await windowShot(harness, `weights-arrow-duotone-next-360-${theme}`);
      await chooseWeight(ui, "Bold");
      await windowShot(harness, `weights-arrow-bold-360-${theme}`);
    });
  }
});
