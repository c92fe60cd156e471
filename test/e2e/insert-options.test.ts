// The insert options bar in Chromium against the emulator: a colour variable picked in the popover
// is bound to the inserted icon at the size chosen, and the Insert/Replace switch shows for a
// replaceable selection and replaces it in one click. Screenshots of the bar, the popover and the
// switch in light and dark, at 280, 360 and 600 px wide, go to test/e2e/artifacts/.
import { describe, expect, it } from "vitest";
import type { FigmaEmulator } from "../figma/figma";
import type { EmuScene } from "../figma/nodes";
import type { Harness } from "./support/harness";
import { canvasNodes, selectRectangle, storedAsset } from "./support/nodes";
import { cell, screenshot, searchFor, until, windowShot } from "./support/plugin";
import { e2eSession } from "./support/session";
import { cutTexts } from "./support/words";

const e2e = e2eSession();

/**
 * The room each field of the bar has for its words, against the widest words it must show whole:
 * "Mixed" in the size, "Auto" and "Mixed" in the stroke, "Original" and a hex in the colour.
 * Measured in the field's own font, so a word that would be cut or ellipsized shows up here.
 */
function wordsCut(ui: Harness["ui"]) {
  return ui.locator(".insert-bar__row").evaluate((row) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    const px = (v: string) => Number.parseFloat(v) || 0;
    const fits = (el: Element, room: number, words: string[]) => {
      const style = getComputedStyle(el);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      ctx.letterSpacing = style.letterSpacing;
      return words.filter((w) => ctx.measureText(w).width > room);
    };
    const inner = (el: HTMLElement) => {
      const style = getComputedStyle(el);
      return el.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
    };
    const size = row.querySelector<HTMLInputElement>('input[name="iconSize"]')!;
    const stroke = row.querySelector<HTMLInputElement>('input[name="iconStrokeWidth"]');
    const colour = row.querySelector<HTMLElement>(".bar-colour > button")!;
    const swatch = colour.querySelector<HTMLElement>(".swatch")!;
    const colourRoom = inner(colour) - swatch.offsetWidth - px(getComputedStyle(colour).columnGap);
    return [
      ...fits(size, inner(size), ["Mixed", "4096"]),
      ...(stroke ? fits(stroke, inner(stroke), ["Auto", "Mixed", "12.75"]) : ["no stroke field"]),
      ...fits(colour.querySelector(".bar-colour__text")!, colourRoom, ["Original", "0D99FF", "Mixed"]),
    ];
  });
}

/** Contrast of two CSS colours (rgb() or color(srgb ...)), as WCAG counts it. */
function contrastIn(ui: Harness["ui"], pairs: { text: string; back: string }) {
  return ui.evaluate(({ text, back }) => {
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
    const [a, b] = [luminance(text), luminance(back)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  }, pairs);
}

/** A design system as a team's file has one: two collections and a paint style. */
function addDesignSystem(emulator: FigmaEmulator) {
  const design = emulator.design;
  const brand = design.addCollection("Brand");
  const primary = design.addVariable(brand, "icon/primary", "COLOR", [{ r: 0.05, g: 0.6, b: 1 }]);
  design.addVariable(brand, "icon/muted", "COLOR", [{ r: 0.46, g: 0.46, b: 0.46 }]);
  const status = design.addCollection("Status");
  design.addVariable(status, "danger", "COLOR", [{ r: 0.86, g: 0.2, b: 0.07 }]);
  design.addPaintStyle("Icons/Ink", [{ type: "SOLID", color: { r: 0.12, g: 0.12, b: 0.12 } }]);
  return { primary };
}

/** Every paint inside a node (its own frame aside), to see what is bound to what. */
function paintsIn(root: EmuScene): Paint[] {
  const out: Paint[] = [];
  const visit = (node: EmuScene) => {
    if (node !== root) out.push(...node.fills, ...node.strokes);
    for (const child of node.kids()) visit(child);
  };
  visit(root);
  return out;
}

describe("insert options", () => {
  it("binds the colour variable picked in the popover to the icon inserted at the size chosen", async () => {
    let primaryId = "";
    const harness = await e2e.open({
      prepare: (emulator) => {
        primaryId = addDesignSystem(emulator).primary.id;
      },
    });
    const { ui, emulator } = harness;
    await searchFor(harness, e2e.stack, "home");
    await windowShot(harness, "insert-options-bar-360-light");

    await ui.getByRole("button", { name: "Common icon sizes" }).click();
    await ui.getByRole("button", { name: "32 px" }).click();
    await ui.locator(".bar-colour > button").click();
    await ui.locator(".colours__heading", { hasText: "Status" }).waitFor();
    await windowShot(harness, "insert-options-colours-360-light");
    // The custom colour, drawn in the window: a drag in the square is one colour, stored when let go.
    await ui.getByRole("button", { name: "Pick a custom colour" }).click();
    const square = (await ui.getByRole("slider", { name: "Saturation and brightness" }).boundingBox())!;
    await harness.page.mouse.move(square.x + 4, square.y + square.height - 4);
    await harness.page.mouse.down();
    await harness.page.mouse.move(square.x + square.width - 2, square.y + 2, { steps: 5 });
    await harness.page.mouse.up();
    // Near the top right corner of a red square: a strong, bright red.
    await until(async () => {
      const stored = (await emulator.figma.clientStorage.getAsync("assetport.settings")) as {
        iconColor?: string;
      };
      const n = Number.parseInt(stored.iconColor?.slice(1) ?? "0", 16);
      return [n >> 16 > 0xe0, ((n >> 8) & 255) < 0x20, (n & 255) < 0x20];
    }).toEqual([true, true, true]);
    await windowShot(harness, "insert-options-custom-colour-360-light");
    await ui.getByRole("button", { name: "icon/primary" }).click();
    await until(() => ui.locator(".bar-colour__text").textContent()).toBe("primary");
    // Kept in the file for whoever opens it next.
    await until(() => emulator.figma.root.getPluginData("iconColour")).toContain(primaryId);

    await cell(ui, 0).click();
    await until(() => canvasNodes(harness).length).toBe(1);
    const [node] = canvasNodes(harness);
    expect(node).toMatchObject({ width: 32, height: 32 });
    expect(storedAsset(node!).type).toBe("icon");
    const painted = paintsIn(node!).filter((p): p is SolidPaint => p.type === "SOLID" && p.visible !== false);
    expect(painted.length).toBeGreaterThan(0);
    for (const paint of painted) expect(paint.boundVariables?.color?.id).toBe(primaryId);
    await screenshot(harness, "insert-options-bound-variable");
  });

  it("offers Insert or Replace for a replaceable selection, replaces it in one click, then resizes it", async () => {
    const harness = await e2e.open({
      prepare: (emulator) => {
        const page = emulator.figma.currentPage;
        const old = [emulator.figma.createRectangle(), emulator.figma.createRectangle()];
        old.forEach((rect, i) => {
          rect.resize(24, 24);
          rect.x = i * 40;
          rect.name = `old ${i}`;
        });
        page.selection = old;
      },
    });
    const { ui } = harness;
    await searchFor(harness, e2e.stack, "star");
    const says = ui.locator('[data-testid="click-does"]');
    await until(() => says.textContent()).toBe("Click inserts at 24 px");
    await ui.getByRole("radio", { name: "Replace" }).click();
    await until(() => says.textContent()).toBe("Click replaces 2 layers");
    await windowShot(harness, "insert-options-replace-switch-360-light");
    await cell(ui, 0).click();
    await until(() =>
      canvasNodes(harness)
        .map((n) => n.name)
        .filter((n) => n.startsWith("old")),
    ).toEqual([]);
    expect(canvasNodes(harness)).toHaveLength(2);
    expect(canvasNodes(harness).every((n) => storedAsset(n).type === "icon")).toBe(true);
    // The new icons are selected: Assetport's own icons, which the fields now change. The click's
    // sentence and the hint about the fields share the selection's one-line bar at the window's
    // foot, shortened where needed, never spilling out of it.
    const line = ui.locator(".selection-bar__does");
    const hint = ui.locator('[data-testid="applies-to"]');
    await until(() => line.getAttribute("title")).toBe("Click replaces 2 layers");
    await until(() => hint.textContent()).toBe("Size, colour and stroke apply to 2 selected icons");
    const bar = ui.locator('[data-testid="selection-bar"]');
    expect((await bar.boundingBox())!.height).toBe(40);
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(harness, "insert-options-replaced");
    // A size picked now goes to the selected icons, in place.
    await ui.getByRole("button", { name: "Common icon sizes" }).click();
    await ui.getByRole("button", { name: "48 px" }).click();
    await until(() => canvasNodes(harness).map((n) => [n.width, n.height])).toEqual([
      [48, 48],
      [48, 48],
    ]);
  });

  it("shows a colour variable deleted from the file since it was picked, and does not bind it", async () => {
    const harness = await e2e.open({
      prepare: (emulator) => {
        addDesignSystem(emulator);
        const deleted = { kind: "variable", id: "VariableID:404:0", name: "brand/retired" };
        emulator.figma.root.setPluginData("iconColour", JSON.stringify(deleted));
      },
    });
    const { ui } = harness;
    await searchFor(harness, e2e.stack, "home");
    // The name whole (struck through), the whole name and its state in the tooltip.
    const shown = ui.locator(".bar-colour__text--gone");
    await until(() => shown.textContent()).toBe("retired");
    expect(await cutTexts(shown)).toEqual([]);
    expect(await ui.locator(".bar-colour > button").getAttribute("title")).toBe(
      "Icon colour: brand/retired, deleted from this file",
    );
    await ui.locator(".bar-colour > button").click();
    await ui.locator(".colours__gone").waitFor();
    await windowShot(harness, "insert-options-colour-deleted-360-light");
    await harness.page.keyboard.press("Escape");
    await cell(ui, 0).click();
    await until(() => canvasNodes(harness).length).toBe(1);
    const bound = paintsIn(canvasNodes(harness)[0]!).filter(
      (p) => p.type === "SOLID" && p.boundVariables?.color,
    );
    expect(bound).toEqual([]);
  });

  for (const theme of ["light", "dark"] as const) {
    it(`fits the bar, the colour popover and the switch at 280, 360 and 600 px in ${theme}`, async () => {
      for (const width of [280, 360, 600]) {
        const harness = await e2e.open({
          theme,
          // No stroke width and no colour: the stroke says "Auto", the colour "Original".
          settings: { windowWidth: width, iconStrokeWidth: null },
          prepare: (emulator) => {
            addDesignSystem(emulator);
            selectRectangle(emulator);
          },
        });
        const { ui } = harness;
        await searchFor(harness, e2e.stack, "arrow");
        await windowShot(harness, `insert-options-bar-${width}-${theme}`);
        // Component is a toggle: on shows Figma's selected tint, and says so where only the glyph shows.
        const component = ui.getByRole("button", { name: "Insert as component" });
        const fill = () => component.evaluate((el) => getComputedStyle(el).backgroundColor);
        const offFill = await fill();
        await component.click();
        await until(() => component.getAttribute("aria-pressed")).toBe("true");
        expect(await component.getAttribute("title")).toMatch(/: on\./);
        expect(await fill()).not.toBe(offFill);
        await windowShot(harness, `insert-options-component-on-${width}-${theme}`);
        // On reads at a glance in both themes: the word over 4.5:1 on the selected tint, the glyph
        // over 3:1 (dark's brand blue on its slate tint was 2.4:1).
        const on = await component.evaluate((el) => ({
          back: getComputedStyle(el).backgroundColor,
          word: getComputedStyle(el.querySelector(".bar-toggle__label")!).color,
          glyph: getComputedStyle(el.querySelector("svg")!).color,
        }));
        expect(await contrastIn(ui, { text: on.word, back: on.back })).toBeGreaterThanOrEqual(4.5);
        expect(await contrastIn(ui, { text: on.glyph, back: on.back })).toBeGreaterThanOrEqual(3);
        await component.click();
        await until(() => component.getAttribute("aria-pressed")).toBe("false");
        // No short word is cut or ellipsized, at 280 px either.
        expect(await wordsCut(ui)).toEqual([]);
        // What a click does reads whole beside the switch in the bar at the window's foot, in
        // Replace too (shorter words at 280 px, the whole sentence in the tooltip).
        await ui.getByRole("radio", { name: "Replace" }).click();
        const line = ui.locator(".selection-bar__does");
        await until(() => line.getAttribute("title")).toBe("Click replaces 1 layer");
        expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        const shown = await line.evaluate((el) =>
          [...el.children]
            .filter((words) => (words as HTMLElement).offsetWidth > 1)
            .map((words) => words.textContent)
            .join(""),
        );
        // One pattern at every width: at 280 px too the whole sentence fits beside the switch.
        expect(shown).toBe("Click replaces 1 layer");
        await windowShot(harness, `insert-options-replace-${width}-${theme}`);
        // The choice not taken reads as one to take, as an unchosen tab does: whole (never the
        // disabled fade), secondary words at the tabs' weight that read on the switch's track.
        const other = await ui.getByRole("radio", { name: "Insert" }).evaluate((el) => ({
          opacity: getComputedStyle(el).opacity,
          weight: getComputedStyle(el).fontWeight,
          text: getComputedStyle(el).color,
          back: getComputedStyle(el.parentElement!).backgroundColor,
        }));
        const tab = await ui
          .locator('.tabs__item[aria-selected="false"]')
          .first()
          .evaluate((el) => getComputedStyle(el).fontWeight);
        expect([other.opacity, other.weight]).toEqual(["1", tab]);
        expect(await contrastIn(ui, other)).toBeGreaterThanOrEqual(4.5);
        await ui.getByRole("radio", { name: "Insert" }).click();
        // The credit meter is never cut short (a coin stands for the word where it does not fit).
        const meter = ui.locator(".credit-meter__text");
        expect(await meter.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        // Nothing in the bar spills out of the window or over its neighbour.
        const boxes = await ui
          .locator(".insert-bar__row > *")
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
        const windowWidth = await ui.evaluate(() => document.documentElement.clientWidth);
        for (const [i, box] of boxes.entries()) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(windowWidth);
          if (i > 0) expect(box.left).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
        }
        // The fields share a wide row (no dead gap before Component), each still a control's width.
        const colourBox = (await ui.locator(".bar-colour").boundingBox())!;
        expect(colourBox.width).toBeLessThanOrEqual(240);
        // A wide window does not stretch them: each field as wide as its longest value, as Figma's.
        if (width === 600) {
          const sizeBox = (await ui.locator(".bar-field--size").boundingBox())!;
          expect([Math.round(sizeBox.width), Math.round(colourBox.width)]).toEqual([72, 120]);
        }
        await ui.locator(".bar-colour > button").click();
        await ui.locator(".colours__heading", { hasText: "Brand" }).waitFor();
        await windowShot(harness, `insert-options-colours-${width}-${theme}`);
        // A menu's width in a wide window, the window's (less its sides) in a narrow one.
        const panel = (await ui.locator(".popover").boundingBox())!;
        expect(panel.width).toBe(Math.min(320, windowWidth - 32));
        // Every swatch has an edge that stands out from the panel (3:1), a black one in dark too.
        const edges = await ui.locator(".popover").evaluate((panel) => {
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
          const back = luminance(getComputedStyle(panel).backgroundColor);
          return [...panel.querySelectorAll(".swatch:not(.swatch--gone)")].map((swatch) => {
            const edge = luminance(getComputedStyle(swatch).boxShadow);
            return (Math.max(edge, back) + 0.05) / (Math.min(edge, back) + 0.05);
          });
        });
        expect(edges.length).toBeGreaterThan(0);
        for (const contrast of edges) expect(contrast).toBeGreaterThanOrEqual(3);
        await harness.page.keyboard.press("Escape");
        await ui.getByRole("button", { name: "Settings" }).click();
        await ui.locator("#connection-title").waitFor();
        await windowShot(harness, `settings-${width}-${theme}`);
        // The switch sits beside the first line of its label, also when the label wraps at 280 px.
        const toggle = ui.getByRole("switch");
        const [track, words] = await Promise.all([
          toggle.locator(".choice-switch__track").boundingBox(),
          toggle.locator(".choice-switch__label").boundingBox(),
        ]);
        const firstLine = words!.y + 8;
        expect(Math.abs(track!.y + track!.height / 2 - firstLine)).toBeLessThanOrEqual(1);
        // A rule between each of the panel's sections (the designer's part, the file's assets where
        // shown, the connection), as UI3 separates them; none above the first.
        const rules = await ui
          .locator(".settings-section")
          .evaluateAll((parts) => parts.map((part) => getComputedStyle(part).borderTopStyle));
        expect(rules.length).toBeGreaterThanOrEqual(2);
        expect(rules).toEqual(["none", ...Array(rules.length - 1).fill("solid")]);
      }
    });
  }
});

describe("chrome above the results", () => {
  it("puts the asset type on the search row so the first icon row starts high", async () => {
    const harness = await e2e.open({
      settings: { windowWidth: 360, windowHeight: 560 },
      prepare: selectRectangle,
    });
    const { ui } = harness;
    await searchFor(harness, e2e.stack, "star");
    await until(() => ui.locator('[data-testid="click-does"]').textContent()).toBe("Click inserts at 24 px");
    const top = async () =>
      (await cell(ui, 0).boundingBox())!.y - (await ui.locator("body").boundingBox())!.y;
    const withLayer = await top();
    await windowShot(harness, "chrome-first-row-360-layer");
    // The asset type is a compact menu on the search row, not a row of its own.
    const type = await ui.getByRole("button", { name: /^Asset type/ }).boundingBox();
    const field = await ui.locator(".searchbar__field").boundingBox();
    expect(Math.abs(type!.y + type!.height / 2 - (field!.y + field!.height / 2))).toBeLessThan(2);
    harness.emulator.figma.currentPage.selection = [];
    await until(() => ui.locator('[data-testid="selection-bar"]').count()).toBe(0);
    const withNothing = await top();
    await ui.getByRole("button", { name: /^Asset type/ }).click();
    await ui.getByRole("radio", { name: "Illustrations" }).waitFor();
    await windowShot(harness, "chrome-type-menu-360");
    console.log(
      `first icon row top at 360x560: ${Math.round(withLayer)} px with a layer selected, ${Math.round(withNothing)} px without`,
    );
    // What the selection offers is at the window's foot: selecting a layer moves no row.
    expect(withLayer).toBe(withNothing);
  });
});
