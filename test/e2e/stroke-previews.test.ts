// Previews at the stroke width chosen in the insert bar, in Chromium against the local API: a line
// icon's cell is drawn with less ink at 1 px than at 3 px, the change repaints from memory (no
// request), filled icons keep the service's drawing, the colour chosen masks the redrawn picture,
// and a hostile preview (script, event attribute, links out, entity expansion, 5 MB, malformed)
// does nothing and stops nothing. Screenshots of the grid, the home and the details at 280, 360 and
// 600 px, light and dark, go to test/e2e/artifacts/.
import type { Frame, Request, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CountingOrigin, countingOrigin } from "./support/addresses";
import type { Harness } from "./support/harness";
import { cell, cells, resizeWindow, searchFor, setCards, until, windowShot } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

/** The index of the first cell drawn at the chosen width, once there is one. */
async function firstRedrawn(ui: Frame): Promise<number> {
  let found = -1;
  await until(async () => {
    found = await cells(ui).evaluateAll((nodes) => {
      const hit = nodes.find((n) => n.querySelector("[data-stroke]"));
      return hit ? Number(hit.getAttribute("data-index")) : -1;
    });
    return found;
  }).toBeGreaterThanOrEqual(0);
  return found;
}

const srcOf = (ui: Frame, index: number) => cell(ui, index).locator("img").getAttribute("src");
/** The width a cell's picture is drawn at ("" for the service's own drawing). */
const strokeOf = (ui: Frame, index: number) =>
  cell(ui, index)
    .locator(".preview")
    .first()
    .evaluate((el) => el.getAttribute("data-stroke") ?? "");

/**
 * The ink of a cell's picture, alpha summed (1 = one full pixel): a canvas's own pixels, or an
 * image drawn on a 96 px canvas. Compared within one cell only.
 */
function ink(ui: Frame, index: number): Promise<number> {
  return cell(ui, index)
    .locator(".preview")
    .first()
    .evaluate(async (picture) => {
      let canvas = picture as HTMLCanvasElement;
      if (picture instanceof HTMLImageElement) {
        const image = new Image();
        image.src = picture.src;
        await image.decode();
        canvas = document.createElement("canvas");
        canvas.width = 96;
        canvas.height = 96;
        canvas.getContext("2d")?.drawImage(image, 0, 0, 96, 96);
      }
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2d canvas");
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let sum = 0;
      for (let i = 3; i < data.length; i += 4) sum += data[i]!;
      return sum / 255;
    });
}

/** Every preview request the page sends from now on (a request the HTTP cache answers counts too). */
function watchPreviews(h: Harness): string[] {
  const seen: string[] = [];
  h.page.on("request", (request: Request) => {
    if (request.url().includes("/relay/g?")) seen.push(request.url());
  });
  return seen;
}

async function setStroke(ui: Frame, width: string) {
  const field = ui.getByRole("spinbutton", { name: "Stroke width of line icons" });
  await field.fill(width);
  await field.press("Enter");
}

describe("previews at the chosen stroke width", () => {
  it("draws a line icon with less ink at 1 px than at 3 px, repainting from memory", async () => {
    const harness = await e2e.open({ settings: { iconVariant: null, iconStrokeWidth: 1, iconSize: 24 } });
    const { ui } = harness;
    await searchFor(harness, e2e.stack, "rocket");
    const index = await firstRedrawn(ui);
    // Tabler's outline icons are plain drawings: painted on a canvas.
    expect(await cell(ui, index).locator("canvas.preview").count()).toBe(1);
    const thin = await ink(ui, index);
    // Phosphor's weights are filled shapes: their cells show the service's drawing (from the copy
    // fetched, so no second request), whatever the width.
    const filled = await cells(ui).evaluateAll((nodes) => {
      const hit = nodes.find((n) => n.querySelector('img[src^="data:"]:not([data-stroke])'));
      return hit ? Number(hit.getAttribute("data-index")) : -1;
    });
    expect(filled).toBeGreaterThanOrEqual(0);
    const filledInk = await ink(ui, filled);

    const requests = watchPreviews(harness);
    await setStroke(ui, "3");
    await until(() => strokeOf(ui, index)).toBe("3");
    const thick = await ink(ui, index);
    expect(await ink(ui, filled)).toBe(filledInk);
    // Three times the width: well over twice the ink (joins and caps overlap a little).
    expect(thick).toBeGreaterThan(thin * 2);
    // And back: the same picture as before, thinner again.
    await setStroke(ui, "1");
    await until(() => strokeOf(ui, index)).toBe("1");
    expect(await ink(ui, index)).toBeCloseTo(thin, 0);
    // Every width came from the SVG fetched for the first paint.
    expect(requests).toEqual([]);
    // "Original": the service's picture again.
    await setStroke(ui, "");
    await until(() => srcOf(ui, index)).toMatch(/\/relay\/g\?/);
    // The canvas agrees with the browser's own drawing of the SVG: Tabler's file with its 2 (px at 24)
    // made 3, drawn as an image at the canvas's size, has the same ink give or take a tenth.
    const svgInk = await cell(ui, index)
      .locator("img")
      .evaluate(async (img: HTMLImageElement, size) => {
        const text = await fetch(img.src).then((r) => r.text());
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text.replace('stroke-width="2"', 'stroke-width="3"'))}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = size;
        canvas.height = size;
        const context = canvas.getContext("2d")!;
        context.drawImage(image, 0, 0, size, size);
        const { data } = context.getImageData(0, 0, size, size);
        let sum = 0;
        for (let i = 3; i < data.length; i += 4) sum += data[i]!;
        return sum / 255;
      }, 24);
    expect(Math.abs(svgInk - thick) / svgInk).toBeLessThan(0.1);
  });

  it("draws the colour chosen over the redrawn picture", async () => {
    const harness = await e2e.open({
      settings: { iconVariant: null, iconStrokeWidth: 3, iconSize: 24, iconColor: "#e03e1a" },
    });
    const { ui } = harness;
    await searchFor(harness, e2e.stack, "rocket");
    const index = await firstRedrawn(ui);
    // Painted in the colour: every solid pixel of the canvas is it, and no filter changes it.
    const picture = cell(ui, index).locator("canvas.preview");
    const painted = await picture.evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
      const solid = new Set<string>();
      for (let i = 0; i < data.length; i += 4)
        if (data[i + 3] === 255) solid.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return { solid: [...solid], filter: getComputedStyle(canvas).filter };
    });
    expect(painted.solid.length).toBeGreaterThan(0);
    // Within a unit or two of #e03e1a: the canvas stores its colours premultiplied.
    for (const rgb of painted.solid) {
      const [r, g, b] = rgb.split(",").map(Number);
      expect(
        [Math.abs(r! - 224), Math.abs(g! - 62), Math.abs(b! - 26)].every((d) => d <= 2),
        rgb,
      ).toBe(true);
    }
    expect(painted.filter).toBe("none");
    await windowShot(harness, "stroke-previews-3px-tinted-360-light", { picturesLoaded: true });
  });

  for (const theme of ["light", "dark"] as const) {
    it(`draws a width as it is typed, before Enter, and Escape puts it back (280 px, ${theme})`, async () => {
      const harness = await e2e.open({
        theme,
        settings: { iconVariant: null, iconStrokeWidth: 1, iconSize: 24, windowWidth: 280 },
      });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "arrow");
      const index = await firstRedrawn(ui);
      const field = ui.getByRole("spinbutton", { name: "Stroke width of line icons" });
      // Typed, not committed: the cells follow the field.
      await field.fill("3.75");
      await until(() => strokeOf(ui, index)).toBe("3.75");
      expect(await field.inputValue()).toBe("3.75");
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      await harness.page.mouse.move(0, 0);
      await windowShot(harness, `stroke-typed-3.75px-280-${theme}`, { picturesLoaded: true });
      // Not saved until Enter or blur.
      await harness.settle();
      const saved = (await harness.emulator.figma.clientStorage.getAsync("assetport.settings")) as {
        iconStrokeWidth?: number | null;
      };
      expect(saved.iconStrokeWidth).toBe(1);
      await field.press("Escape");
      await until(() => strokeOf(ui, index)).toBe("1");
      expect(await field.inputValue()).toBe("1");
    });
  }

  for (const theme of ["light", "dark"] as const) {
    it(`shows the width in the grid, the home and the details at 280 to 600 px (${theme})`, async () => {
      const harness = await e2e.open({
        theme,
        settings: { iconVariant: null, iconStrokeWidth: 1, iconSize: 24 },
      });
      const { ui } = harness;
      await setCards(ui).first().waitFor();
      await until(() =>
        ui
          .locator(".set-card__samples .preview")
          .evaluateAll((imgs) => imgs.some((i) => i.hasAttribute("data-stroke"))),
      ).toBe(true);
      await windowShot(harness, `stroke-previews-home-1px-360-${theme}`, { picturesLoaded: true });
      await searchFor(harness, e2e.stack, "arrow");
      await firstRedrawn(ui);
      for (const width of [280, 360, 600]) {
        await resizeWindow(harness, width);
        await windowShot(harness, `stroke-previews-1px-${width}-${theme}`, { picturesLoaded: true });
      }
      await setStroke(ui, "2.5");
      const index = await firstRedrawn(ui);
      await until(() => strokeOf(ui, index)).toBe("2.5");
      for (const width of [280, 360, 600]) {
        await resizeWindow(harness, width);
        await windowShot(harness, `stroke-previews-2.5px-${width}-${theme}`, { picturesLoaded: true });
      }
      await resizeWindow(harness, 360);
      await cell(ui, index).hover();
      await cell(ui, index).locator(".cell__info").click();
      const picture = ui.locator('[role="dialog"] .preview');
      await until(() => picture.getAttribute("data-stroke")).toBe("2.5");
      await windowShot(harness, `stroke-previews-details-360-${theme}`, { picturesLoaded: true });
    });
  }
});

describe("a hostile preview", () => {
  let other: CountingOrigin;
  beforeAll(async () => {
    other = await countingOrigin();
  });
  afterAll(() => other.close());

  const open = (attrs: string, inner: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ${attrs}>${inner}</svg>`;
  const hostile = () => [
    open(
      `onload="fetch('${other.url}/onload')"`,
      `<script>fetch('${other.url}/script');top.postMessage({pluginMessage:{type:'owned'}},'*')</script>` +
        `<path d="M4 4h16v16H4z" onclick="fetch('${other.url}/click')"/>` +
        `<image href="${other.url}/image.png" width="24" height="24"/><use xlink:href="${other.url}/sprite.svg#a"/>` +
        `<foreignObject width="24" height="24"><iframe xmlns="http://www.w3.org/1999/xhtml" src="${other.url}/frame"/></foreignObject>`,
    ),
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>${open("", "<text>&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;</text>")}`,
    open("", `<path d="M0 0${" l0.001 0".repeat(600_000)}"/>`),
    open("", "<g><path d='M4 4h16'"),
  ];

  it("shows nothing harmful, reaches nothing, and the window keeps working", async () => {
    const bodies = hostile();
    expect(bodies[2]!.length).toBeGreaterThan(5_000_000);
    const given = new Map<string, string>();
    const dialogs: string[] = [];
    const harness = await e2e.open({ settings: { iconVariant: null, iconStrokeWidth: 1, iconSize: 24 } });
    const { ui, page } = harness;
    // A message a preview's script would post to Figma's page, were it ever to run.
    await page.evaluate(() => {
      window.addEventListener("message", (event) => {
        if (JSON.stringify(event.data).includes("owned")) document.body.dataset.owned = "yes";
      });
    });
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Every preview the window asks for, counted from the start: the home's are all in before the
    // hostile answers begin (below), so the first four asked for after it are results.
    let previewsAsked = 0;
    page.context().on("request", (request) => {
      if (request.url().includes("/relay/g?")) previewsAsked++;
    });
    // The home's samples and featured icons first (those are drawn just after the first paint, and
    // line icons' previews are fetched again to be drawn at the chosen width).
    await setCards(ui).first().waitFor();
    await until(() =>
      ui.evaluate(
        () =>
          !!document.querySelector(".home__featured img") &&
          !document.querySelector(".home .preview--pending") &&
          [...document.querySelectorAll(".home img")].every((img) => (img as HTMLImageElement).complete),
      ),
    ).toBe(true);
    // No preview asked for over a few rounds: the home has asked for all it shows.
    let last = -1;
    for (let still = 0; still < 20; still = previewsAsked === last ? still + 1 : 0) {
      last = previewsAsked;
      await page.waitForTimeout(25);
    }
    // The first four previews the window asks for are hostile; the rest are the service's own.
    await page.context().route("**/relay/g?*", async (route: Route) => {
      const url = route.request().url();
      if (!given.has(url) && given.size < bodies.length) given.set(url, bodies[given.size]!);
      const body = given.get(url);
      if (body === undefined) return route.continue();
      return route.fulfill({
        status: 200,
        headers: { "content-type": "image/svg+xml", "access-control-allow-origin": "null" },
        body,
      });
    });
    await searchFor(harness, e2e.stack, "arrow");
    await until(() => given.size).toBe(bodies.length);
    // The benign ones are still redrawn: the window did not stop at the hostile ones.
    const index = await firstRedrawn(ui);
    await setStroke(ui, "3");
    await until(() => strokeOf(ui, index)).toBe("3");
    // Every redrawn image holds no script, no event attribute and no link out of the file.
    const redrawnImages = () =>
      cells(ui).evaluateAll(async (nodes) => {
        const srcs = nodes.flatMap((n) => n.querySelector("img")?.getAttribute("src") ?? []);
        return Promise.all(
          srcs.filter((s) => s.startsWith("data:")).map((s) => fetch(s).then((r) => r.text())),
        );
      });
    // The one with a script, handlers and links is drawn (it strokes a square), disarmed, at 3 px.
    await until(async () =>
      (await redrawnImages()).some(
        (svg) => svg.includes("M4 4h16v16H4z") && svg.includes("stroke-width:3px"),
      ),
    ).toBe(true);
    const redrawn = await redrawnImages();
    for (const svg of redrawn)
      expect(svg).not.toMatch(/<script|\son[a-z]+=|127\.0\.0\.1|foreignObject|<!ENTITY/i);
    // Nothing in the page came from a preview's markup, and nothing ran.
    expect(
      await ui.evaluate(() => document.querySelectorAll("svg [onload], svg [onclick], iframe").length),
    ).toBe(0);
    expect(await page.evaluate(() => document.body.dataset.owned ?? "no")).toBe("no");
    expect(dialogs).toEqual([]);
    expect(other.hits()).toBe(0);
    await windowShot(harness, "stroke-previews-hostile-360-light", { picturesLoaded: true });
  });
});
