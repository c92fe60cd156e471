// The Convert tab in Chromium against the proxy and the local API: a synchronous conversion of the
// selected layer (placed beside it and saved to disk from the iframe) and an asynchronous render of a
// picked Lottie file followed to its GIF. Every check reads what Figma, the browser or the proxy holds.
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ICON_SVG } from "../figma/fixtures";
import type { EmuFrame } from "../figma/node-types";
import { slidingSquare } from "../local-api/engines/fixtures";
import { cutText } from "./support/cut-text";
import type { Harness } from "./support/harness";
import { canvasNodes } from "./support/nodes";
import { pickLottie, resizeWindow, screenshot, until, windowShot } from "./support/plugin";
import { productPhotos, productsFrame } from "./support/products";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
let harness: Harness;

const meterText = (h: Harness) => h.ui.locator('[data-testid="credit-meter"]').textContent();
const creditsLeft = async (h: Harness) =>
  Number(/([\d,]+) credits left/.exec((await meterText(h)) ?? "")?.[1]?.replace(/,/g, "") ?? NaN);
const runStatus = (h: Harness) => h.ui.locator(".work-run").first().locator('[data-testid="work-status"]');

/** Picks a conversion from the tab's own menu, as a designer does: open it, click the row. */
async function pickConversion(h: Harness, operation: string) {
  await h.ui.locator(".convert-operation button[aria-haspopup]").click();
  await h.ui.locator(`.convert-operation .menu__item[data-value="${operation}"]`).click();
}

async function openConvert(h: Harness) {
  await h.ui.getByRole("tab", { name: "Convert" }).click();
  await h.ui.locator(".convert-operation button[aria-haspopup]").waitFor();
  // The catalogue has answered once the cost is shown.
  await until(() => h.ui.locator('[data-testid="cost"]').count()).toBe(1);
}

describe("Convert", () => {
  it("converts the selected layer to PNG, places it beside the layer, saves it, and takes one credit", async () => {
    harness = await e2e.open({
      prepare: (emulator) => {
        const frame = emulator.figma.createNodeFromSvg(ICON_SVG);
        frame.name = "Logo";
        frame.resize(96, 96);
        emulator.figma.currentPage.selection = [frame];
      },
    });
    const { ui } = harness;
    await openConvert(harness);
    await pickConversion(harness, "svg-to-png");
    await until(() => creditsLeft(harness)).toBeGreaterThan(0);
    const before = await creditsLeft(harness);
    expect(await ui.locator('[data-testid="cost"]').textContent()).toContain("Costs 1 credit");
    // The layer's own size, and what the scale makes of it.
    expect(await ui.locator('[data-testid="convert-size"]').textContent()).toBe("96 × 96 px");
    await ui.locator('[data-name="scale"] [data-value="2"]').click();
    expect(await ui.locator('[data-testid="convert-size"]').textContent()).toBe("192 × 192 px");
    const posts = e2e.stack.count("POST /v3/convert/:operation");

    await ui.getByRole("button", { name: "Convert to PNG" }).click();
    await until(() => runStatus(harness).textContent()).toBe("Done · 1 credit");

    expect(e2e.stack.count("POST /v3/convert/:operation") - posts).toBe(1);
    const nodes = canvasNodes(harness);
    expect(nodes.map((n) => [n.type, n.name])).toEqual([
      ["FRAME", "Logo"],
      // Beside its source, named after it.
      ["RECTANGLE", "Logo"],
    ]);
    const fill = nodes[1]!.fills[0] as ImagePaint;
    const image = harness.emulator.figma.getImageByHash(fill.imageHash!)!;
    const png = await sharp(Buffer.from(await image.getBytesAsync())).metadata();
    expect([png.format, png.width, png.height]).toEqual(["png", 192, 192]);
    await until(() => creditsLeft(harness)).toBe(before - 1);

    const [download] = await Promise.all([
      harness.page.waitForEvent("download"),
      ui.locator(".work-result").getByRole("button", { name: "Save" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Logo.png");
    const saved = await readFile((await download.path())!);
    expect((await sharp(saved).metadata()).format).toBe("png");
    await screenshot(harness, "convert-sync");
  });

  it("renders a picked Lottie file to a GIF in the background, shows its progress, places it", async () => {
    harness = await e2e.open();
    const { ui } = harness;
    await openConvert(harness);
    // The tab leads with what Figma's Export cannot make: a Lottie render to GIF.
    expect(await ui.locator('[data-testid="convert-operation"]').textContent()).toBe(
      "Animated GIF from Lottie",
    );
    expect(await ui.locator('[data-testid="cost"]').textContent()).toContain("Costs 3 credits");
    await pickLottie(ui, slidingSquare());
    // The animation's own 64 x 48, halved.
    await until(() => ui.locator('[data-testid="convert-size"]').textContent()).toBe("64 × 48 px");
    await ui.locator('[data-name="scale"] [data-value="0.5"]').click();
    expect(await ui.locator('[data-testid="convert-size"]').textContent()).toBe("32 × 24 px");
    const statuses = new Set<string>();
    await ui.getByRole("button", { name: "Convert to GIF" }).click();
    await until(async () => {
      statuses.add((await runStatus(harness).textContent()) ?? "");
      return statuses.has("Done · 3 credits");
    }).toBe(true);

    // Followed as a job: its stage with a stopwatch was shown before Done, and the job was polled.
    const working = [...statuses].filter((s) => s !== "" && !s.startsWith("Done"));
    expect(working.length).toBeGreaterThan(0);
    for (const status of working) expect(status).toMatch(/^(Sending|Waiting|Rendering|Placing…) · \d+:\d\d$/);
    expect(e2e.stack.count("GET /v3/convert/jobs/:job")).toBeGreaterThan(0);
    expect(await ui.locator(".work-result__name").textContent()).toBe("slide.gif");
    expect(await ui.locator(".work-run__label").textContent()).toBe("Animated GIF from “slide”");
    const nodes = canvasNodes(harness);
    expect(nodes.map((n) => n.type)).toEqual(["RECTANGLE"]);
    const fill = nodes[0]!.fills[0] as ImagePaint;
    const bytes = await harness.emulator.figma.getImageByHash(fill.imageHash!)!.getBytesAsync();
    const meta = await sharp(Buffer.from(bytes), { animated: true }).metadata();
    expect([meta.format, meta.width, meta.pageHeight]).toEqual(["gif", 32, 24]);
    expect(meta.pages).toBeGreaterThan(1);
    await screenshot(harness, "convert-async");
  });

  /** The file picked or dropped, in the page's own File and DataTransfer. */
  const dropped = (h: Harness, name: string, type: string, text: string) =>
    h.ui.evaluateHandle(
      ([n, t, body]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([body!], n!, { type: t! }));
        return transfer;
      },
      [name, type, text],
    );

  for (const theme of ["light", "dark"] as const) {
    it(`picks or takes a dropped file in Figma's style, cost and Convert on one row (${theme})`, async () => {
      for (const width of [280, 360, 600]) {
        harness = await e2e.open({ theme, settings: { windowWidth: width, windowHeight: 560 } });
        const { ui } = harness;
        await openConvert(harness);
        await pickConversion(harness, "svg-to-png");
        await ui.getByText("An SVG file").click();
        // No "Choose File / No file chosen": the browser's input is there only to open the dialog.
        const native = await ui.locator('input[type="file"]').boundingBox();
        expect(native!.width * native!.height).toBeLessThanOrEqual(1);
        const choose = ui.getByRole("button", { name: "Drop a file or choose one" });
        expect(await ui.locator('[data-testid="file-name"]').count()).toBe(0);
        // The plan's limit in the sizes designers read (the local service allows 5,120 KB).
        expect(await ui.locator(".field:has(.file-pick) .field__label").textContent()).toBe(
          "SVG file (up to 5 MB)",
        );
        const frame = (await harness.page.locator("#window").boundingBox())!;
        await harness.page.mouse.move(frame.x + 2, frame.y + frame.height - 2);
        await windowShot(harness, `convert-file-${theme}-${width}`);

        // The cost at the left and Convert at the right of one row, on the form's 8 px side, Convert
        // Figma's 24 px; the drop zone above it a proper 72 px target, the whole of it the button.
        const run = ui.getByRole("button", { name: "Convert to PNG" });
        const [line, button, form, picker] = await Promise.all([
          ui.locator(".cost__line").boundingBox(),
          run.boundingBox(),
          ui.locator(".convert__form").boundingBox(),
          ui.locator(".file-pick").boundingBox(),
        ]);
        expect(Math.abs(line!.y + line!.height / 2 - (button!.y + button!.height / 2))).toBeLessThanOrEqual(
          1,
        );
        // At the form's 16 px sides (UI3's).
        expect(form!.x + form!.width - (button!.x + button!.width)).toBe(16);
        expect(line!.x - form!.x).toBe(16);
        expect([button!.height, picker!.height]).toEqual([24, 72]);
        expect((await choose.boundingBox())!.height).toBe(70);

        // Dropped on the row: taken when it is an SVG, refused by name when it is not.
        const zone = ui.locator(".file-pick");
        await zone.dispatchEvent("drop", {
          dataTransfer: await dropped(harness, "photo.png", "image/png", "not an svg"),
        });
        expect(await ui.getByRole("alert").textContent()).toBe("“photo.png” is not an SVG file.");
        expect(await run.isDisabled()).toBe(true);
        await zone.dispatchEvent("drop", {
          dataTransfer: await dropped(harness, "logo.svg", "image/svg+xml", ICON_SVG),
        });
        await until(() => ui.locator('[data-testid="file-name"]').textContent()).toBe("logo.svg");
        expect(await ui.getByRole("alert").count()).toBe(0);
        expect(await ui.getByRole("button", { name: "Remove logo.svg" }).count()).toBe(1);
        expect(await run.isDisabled()).toBe(false);
        await windowShot(harness, `convert-file-chosen-${theme}-${width}`);
      }
    });
  }
  for (const theme of ["light", "dark"] as const) {
    it(`leads with what Export cannot make, and shows a render's step and stopwatch (${theme})`, async () => {
      for (const width of [280, 360, 600]) {
        harness = await e2e.open({ theme, settings: { windowWidth: width, windowHeight: 560 } });
        const { ui } = harness;
        await openConvert(harness);
        await ui.locator(".convert-operation button[aria-haspopup]").click();
        const groups = ui.locator(".convert-operation .op-menu__group");
        await expect(groups.locator(".op-menu__title").allTextContents()).resolves.toEqual(
          (await groups.count()) === 3
            ? ["Beyond Figma's Export", "Also in Figma's Export", "Not available here"]
            : ["Beyond Figma's Export", "Also in Figma's Export"],
        );
        await expect(groups.first().locator(".menu__item").first().textContent()).resolves.toBe(
          "Animated GIF from Lottie",
        );
        const frame = (await harness.page.locator("#window").boundingBox())!;
        const menu = (await ui.locator(".convert-operation .popover").boundingBox())!;
        expect(menu.x + menu.width).toBeLessThanOrEqual(frame.x + frame.width);
        await windowShot(harness, `convert-menu-${theme}-${width}`);
        await ui.locator(".convert-operation .menu__item").first().press("Escape");

        // A render held at its first check: its step and a stopwatch that moves.
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await harness.page.route("**/v3/convert/jobs/**", async (route) => {
          await held;
          await route.continue();
        });
        await pickLottie(ui, slidingSquare());
        await until(() => ui.locator('[data-testid="convert-size"]').textContent()).toBe("64 × 48 px");
        // The size in pixels whole at every width ("24 × 2…" at 280 px no more): under the scale if need be.
        await expect(cutText(ui, ".convert-scale")).resolves.toEqual([]);
        await ui.getByRole("button", { name: "Convert to GIF" }).click();
        // The local service starts a render at once: its 202 says it is rendering, or queued.
        await until(() => runStatus(harness).textContent()).toMatch(/^(Waiting|Rendering) · 0:0[1-9]$/);
        await expect(
          ui.locator('.work-run [role="progressbar"]').getAttribute("aria-valuetext"),
        ).resolves.toMatch(/^(Waiting, step 1|Working…, step 2) of 3$/);
        // The three steps' names whole at every width, each on one line (6 px above a 16 px line).
        await expect(cutText(ui, ".run-progress")).resolves.toEqual([]);
        const stepHeights = await ui
          .locator(".run-progress__step")
          .evaluateAll((steps) => steps.map((s) => s.getBoundingClientRect().height));
        expect(stepHeights).toEqual([24, 24, 24]);
        await windowShot(harness, `convert-render-queued-${theme}-${width}`);
        release();
        await until(() => runStatus(harness).textContent()).toBe("Done · 3 credits");
        await expect(ui.locator('.work-run [role="progressbar"]').count()).resolves.toBe(0);
        await windowShot(harness, `convert-render-done-${theme}-${width}`);
        // SVG to Lottie: its animation a three-way choice, not a text box.
        await pickConversion(harness, "svg-to-lottie");
        await expect(ui.locator('[data-name="preset"] [role="radio"]').allTextContents()).resolves.toEqual([
          "Still",
          "Fade in",
          "Draw lines",
        ]);
        // The GIF just placed is selected: a picture, no vector, so Convert waits for a vector layer.
        await expect(ui.getByRole("button", { name: "Convert to Lottie" }).isDisabled()).resolves.toBe(true);
        await expect(ui.locator('[data-testid="convert-not-vector"]').textContent()).resolves.toContain(
          "Select a vector layer",
        );
        await windowShot(harness, `convert-svg-to-lottie-${theme}-${width}`);
      }
    });
  }

  for (const theme of ["light", "dark"] as const) {
    it(`converts several selected layers from one menu, its button opening the plan (${theme})`, async () => {
      const photos = await productPhotos();
      harness = await e2e.open({
        theme,
        prepare: (emulator) => {
          productsFrame(photos)(emulator);
          // The three visible photos themselves, not their frame: "3 layers" is known before the plan.
          const { figma } = emulator;
          const frame = figma.currentPage.selection[0] as EmuFrame;
          figma.currentPage.selection = frame.children.filter((n) => n.visible);
        },
      });
      const { ui } = harness;
      await openConvert(harness);
      await pickConversion(harness, "png-to-jpg");
      // One menu only: the batch brings no second "Conversion" of its own.
      await expect(
        ui
          .locator(".field__label")
          .filter({ hasText: /^Conversion$/ })
          .count(),
      ).resolves.toBe(1);
      const submit = ui.locator('[data-testid="convert-submit"]');
      await expect(submit.textContent()).resolves.toBe("Convert 3 layers…");
      await expect(ui.locator('[data-testid="convert-source"]').textContent()).resolves.toBe(
        "3 layers selected",
      );
      await expect(ui.getByRole("button", { name: "Check layers" }).count()).resolves.toBe(0);
      for (const width of [280, 360, 600]) {
        await resizeWindow(harness, width);
        await windowShot(harness, `convert-batch-form-${theme}-${width}`);
      }
      await resizeWindow(harness, 360);
      await submit.click();

      const plan = ui.locator(".batch__plan");
      await until(() => plan.isVisible()).toBe(true);
      await expect(ui.locator(".convert__form").count()).resolves.toBe(0);
      await expect(plan.locator(".batch__title").textContent()).resolves.toBe("Convert 3 layers to JPG");
      const start = plan.locator(".batch__actions .button:not(.button--secondary)");
      const each = Number(
        /^(\d+) credits?$/.exec((await plan.locator(".batch__status").first().textContent()) ?? "")?.[1],
      );
      const credits = (n: number) => `${n} ${n === 1 ? "credit" : "credits"}`;
      await expect(start.evaluate((el) => (el as HTMLElement).innerText)).resolves.toBe(
        `Convert 3 layers to JPG · ${credits(3 * each)}`,
      );
      for (const width of [280, 360, 600]) {
        await resizeWindow(harness, width);
        await windowShot(harness, `convert-batch-plan-${theme}-${width}`);
      }
      await resizeWindow(harness, 280);
      await expect(start.evaluate((el) => (el as HTMLElement).innerText)).resolves.toBe(
        `Convert 3 to JPG · ${credits(3 * each)}`,
      );
      await expect(cutText(ui, ".batch")).resolves.toEqual([]);
      await start.click();
      await until(() => ui.locator('[data-testid="batch-layer-status"]').allTextContents()).toEqual(
        Array(3).fill(`Converted · ${credits(each)}`),
      );
      await expect(cutText(ui, ".batch")).resolves.toEqual([]);
      await windowShot(harness, `convert-batch-done-${theme}-280`);
      await ui.locator('.batch__actions button:has-text("Done")').click();
      await until(() => ui.locator(".convert__form").count()).toBe(1);
    });
  }
});
