// The window's other states in Chromium: Figma's dark theme, an asset's details, settings, and the
// notice shown when the proxy cannot be reached (and the way back from it).
import { describe, expect, it } from "vitest";
import { closedPort } from "./support/addresses";
import type { Harness } from "./support/harness";
import {
  browseSet,
  cell,
  screenshot,
  searchField,
  searchFor,
  setCards,
  until,
  windowShot,
} from "./support/plugin";
import { e2eSession } from "./support/session";
import { startStack } from "./support/stack";
import { cutTexts } from "./support/words";

const e2e = e2eSession();
let harness: Harness;

/** Relative luminance (0 black .. 1 white) of a computed CSS colour "rgb(r, g, b)". */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => Number(v) / 255);
  const lin = (c = 0) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const bodyColours = (h: Harness) =>
  h.ui.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { background: style.backgroundColor, text: style.color };
  });

describe("theme", () => {
  it("follows Figma's light and dark themes", async () => {
    harness = await e2e.open({ theme: "light" });
    await browseSet(harness.ui);
    const light = await bodyColours(harness);
    expect(luminance(light.background)).toBeGreaterThan(0.8);
    expect(luminance(light.text)).toBeLessThan(0.1);

    harness = await e2e.open({ theme: "dark" });
    await browseSet(harness.ui);
    expect(await harness.ui.evaluate(() => document.documentElement.className)).toContain("figma-dark");
    const dark = await bodyColours(harness);
    expect(luminance(dark.background)).toBeLessThan(0.05);
    expect(luminance(dark.text)).toBeGreaterThan(0.8);
    // Black line icons would vanish on the dark window: their previews are drawn inverted.
    const filter = await cell(harness.ui, 0)
      .locator("img")
      .evaluate((img) => getComputedStyle(img).filter);
    expect(filter).toContain("invert");
    await screenshot(harness, "dark-theme");
  });
});

describe("details", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`fits the details at 280, 360 and 600 px in ${theme}`, async () => {
      for (const width of [280, 360, 600]) {
        harness = await e2e.open({ theme, settings: { windowWidth: width, windowHeight: 560 } });
        const { ui, page } = harness;
        await searchFor(harness, e2e.stack, "rocket");
        // A Phosphor rocket, for its six weights, opened by the pointer as a designer mostly does.
        const phosphor = ui.locator('[role="gridcell"][aria-label*="Phosphor"]').first();
        await phosphor.hover();
        await phosphor.locator(".cell__info").click();
        const dialog = ui.getByRole("dialog");
        await dialog.locator('[data-testid="inserts-with"]').waitFor();
        // Every weight's name whole under its picture ("Duotone" was cut); they wrap at 280 px.
        const thumbs = dialog.locator(".variant-thumb__label");
        expect(await thumbs.count()).toBeGreaterThan(1);
        expect(await cutTexts(thumbs)).toEqual([]);
        // The pointer rests in the window's empty corner, so no picture shows a hover (outside the
        // window, the frame keeps its last hover).
        const frame = (await page.locator("#window").boundingBox())!;
        await page.mouse.move(frame.x + 2, frame.y + frame.height - 2);
        // Nothing in the details runs past the window's right edge, as drawn: what a row scrolling
        // sideways (the variant pictures at 280 px) holds beyond its edge is clipped by it.
        const widest = () =>
          dialog.evaluate((root) =>
            Math.max(
              ...[...root.querySelectorAll("*")].map((el) => {
                let right = el.getBoundingClientRect().right;
                for (let up = el.parentElement; up && up !== root.parentElement; up = up.parentElement)
                  if (getComputedStyle(up).overflowX !== "visible")
                    right = Math.min(right, up.getBoundingClientRect().right);
                return right;
              }),
            ),
          );
        const windowWidth = await ui.evaluate(() => document.documentElement.clientWidth);
        expect(await widest()).toBeLessThanOrEqual(windowWidth);
        await windowShot(harness, `details-${width}-${theme}`);

        // As PNG: its size is a segmented choice beside the format (no browser select), words whole.
        await dialog.getByText("PNG", { exact: true }).click();
        const sizes = dialog.getByRole("radiogroup", { name: "Size" });
        await sizes.waitFor();
        expect(await dialog.locator("select").count()).toBe(0);
        expect(await cutTexts(sizes.locator(".segmented__label"))).toEqual([]);
        expect(await widest()).toBeLessThanOrEqual(windowWidth);
        await page.mouse.move(frame.x + 2, frame.y + frame.height - 2);
        await windowShot(harness, `details-png-${width}-${theme}`);
      }
    });
  }

  it("moves the focus to the title either way, and rings it only when the keys opened the details", async () => {
    harness = await e2e.open();
    const { ui, page } = harness;
    await searchFor(harness, e2e.stack, "rocket");
    const title = ui.locator("#detail-title");
    const ringed = () =>
      title.evaluate((el) => ({
        focused: document.activeElement === el,
        visible: el.matches(":focus-visible"),
        outline: getComputedStyle(el).outlineStyle,
      }));
    // By the pointer, from the search field where the designer was typing: the cell's info button.
    await ui.locator('input[type="search"], input[name="query"]').first().focus();
    await cell(ui, 0).hover();
    await cell(ui, 0).locator(".cell__info").click();
    await title.waitFor();
    // Focus still moves there (a screen reader reads the title), but a pointer shows no ring.
    await until(ringed).toEqual({ focused: true, visible: false, outline: "none" });
    await page.keyboard.press("Escape");
    await until(() => ui.getByRole("dialog").count()).toBe(0);
    // By the pointer's other way, a right click on the cell.
    await cell(ui, 1).click({ button: "right" });
    await title.waitFor();
    await until(ringed).toEqual({ focused: true, visible: false, outline: "none" });
    await page.keyboard.press("Escape");
    await until(() => ui.getByRole("dialog").count()).toBe(0);
    // Keys first (the designer walked the grid), then the pointer.
    await cell(ui, 0).focus();
    await page.keyboard.press("ArrowRight");
    await cell(ui, 2).hover();
    await cell(ui, 2).locator(".cell__info").click();
    await title.waitFor();
    await until(ringed).toEqual({ focused: true, visible: false, outline: "none" });
    await page.keyboard.press("Escape");
    await until(() => ui.getByRole("dialog").count()).toBe(0);
    // By the keys: the ring shows where the focus went.
    await cell(ui, 0).focus();
    await page.keyboard.press(" ");
    await title.waitFor();
    await until(ringed).toEqual({ focused: true, visible: true, outline: "solid" });
  });

  it("Space opens an asset's details; Escape returns to its cell", async () => {
    harness = await e2e.open();
    const { ui, page } = harness;
    const [name] = await searchFor(harness, e2e.stack, "rocket");
    await cell(ui, 0).focus();
    await page.keyboard.press(" ");
    const dialog = ui.getByRole("dialog");
    await dialog.waitFor();
    // The service's "rocket-launch" is named in words: "Rocket launch".
    expect((await dialog.locator("#detail-title").textContent())?.toLowerCase()).toBe(
      name!.replaceAll("-", " "),
    );
    // The format is a segmented control of Figma's kind, never a browser select.
    expect(await dialog.getByRole("radiogroup", { name: "Format" }).count()).toBe(1);
    expect(await dialog.locator("select").count()).toBe(0);
    // What Insert will make, and what it costs, each on one line.
    await until(() => dialog.locator('[data-testid="inserts-with"]').textContent()).toMatch(
      /^Inserts at 24 px/,
    );
    await screenshot(harness, "detail");
    await page.keyboard.press("Escape");
    await until(() => ui.getByRole("dialog").count()).toBe(0);
    await until(() => ui.evaluate(() => document.activeElement?.getAttribute("data-index"))).toBe("0");
  });
});

describe("proxy unreachable", () => {
  it("says the server cannot be reached, opens settings, and searches again on another one", async () => {
    // A build for two servers whose default does not answer.
    const nowhere = await closedPort();
    harness = await e2e.open({ proxyUrls: [nowhere, e2e.stack.proxyUrl], settings: { proxyUrl: "" } });
    const { ui } = harness;
    const alert = ui.locator('[role="alert"][data-reason="network_error"]');
    await alert.waitFor();
    // The address is for whoever set Assetport up (Settings shows the server); a designer reads none.
    expect(await alert.textContent()).not.toContain(nowhere);
    expect(await cell(ui, 0).count()).toBe(0);
    await screenshot(harness, "error-proxy-unreachable");

    await alert.getByRole("button", { name: "Open settings" }).click();
    const server = ui.locator('[data-name="server"]');
    await server.waitFor();
    expect(await server.locator('[aria-checked="true"]').getAttribute("data-value")).toBe(nowhere);
    await server.locator(`[data-value="${e2e.stack.proxyUrl}"]`).click();
    await screenshot(harness, "settings");
    await ui.getByRole("button", { name: "Back to search" }).click();
    await setCards(ui).first().waitFor();
    expect(await ui.locator('[role="alert"]').count()).toBe(0);
    // The fix is kept where Figma keeps the plugin's settings.
    const stored = await harness.emulator.figma.clientStorage.getAsync("assetport.settings");
    expect(stored).toMatchObject({ proxyUrl: e2e.stack.proxyUrl });
  });

  it("shows the same notice when the proxy stops while the window is open", async () => {
    const own = await startStack();
    try {
      harness = await e2e.open({}, own);
      const { ui } = harness;
      await setCards(ui).first().waitFor();
      await own.stop();
      await searchField(ui).fill("cloud");
      const alert = ui.locator('[role="alert"][data-reason="network_error"]');
      await alert.waitFor();
      // A one-server build: Settings has nothing to change, so the notice offers Try again.
      expect(await alert.getByRole("button", { name: "Try again" }).count()).toBe(1);
      expect(await alert.getByRole("button", { name: "Open settings" }).count()).toBe(0);
    } finally {
      await own.stop().catch(() => undefined);
    }
  });
});
