// The Convert tab in Chromium against the proxy and the local API: a synchronous conversion of the
// selected layer (placed beside it and saved to disk from the iframe) and an asynchronous render of a
// picked Lottie file followed to its GIF. Every check reads what Figma, the browser or the proxy holds.
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ICON_SVG } from "../figma/fixtures";
import { slidingSquare } from "../local-api/engines/fixtures";
import type { Harness } from "./support/harness";
import { canvasNodes } from "./support/nodes";
import { pickLottie, screenshot, until, windowShot } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
let harness: Harness;

const meterText = (h: Harness) => h.ui.locator('[data-testid="credit-meter"]').textContent();
const creditsLeft = async (h: Harness) =>
  Number(/([\d,]+) credits left/.exec((await meterText(h)) ?? "")?.[1]?.replace(/,/g, "") ?? NaN);
const runStatus = (h: Harness) => h.ui.locator(".work-run").first().locator('[data-testid="work-status"]');

async function openConvert(h: Harness) {
  await h.ui.getByRole("tab", { name: "Convert" }).click();
  await h.ui.locator('select[name="operation"]').waitFor();
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
    await until(() => creditsLeft(harness)).toBeGreaterThan(0);
    const before = await creditsLeft(harness);
    expect(await ui.locator('[data-testid="cost"]').textContent()).toContain("Costs 1 credit");
    const posts = e2e.stack.count("POST /v3/convert/:operation");

    await ui.getByRole("button", { name: /^Convert to / }).click();
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
    expect((await sharp(Buffer.from(await image.getBytesAsync())).metadata()).format).toBe("png");
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
    await ui.locator('select[name="operation"]').selectOption("lottie-to-gif");
    expect(await ui.locator('[data-testid="cost"]').textContent()).toContain("Costs 3 credits");
    await pickLottie(ui, slidingSquare());
    await ui.locator('input[name="width"]').fill("48");
    const statuses = new Set<string>();
    await ui.getByRole("button", { name: /^Convert to / }).click();
    await until(async () => {
      statuses.add((await runStatus(harness).textContent()) ?? "");
      return statuses.has("Done · 3 credits");
    }).toBe(true);

    // Followed as a job: some state before Done was shown, and the job was polled.
    expect([...statuses].filter((s) => !s.startsWith("Done")).length).toBeGreaterThan(0);
    expect(e2e.stack.count("GET /v3/convert/jobs/:job")).toBeGreaterThan(0);
    expect(await ui.locator(".work-result__name").textContent()).toBe("slide.gif");
    const nodes = canvasNodes(harness);
    expect(nodes.map((n) => n.type)).toEqual(["RECTANGLE"]);
    const fill = nodes[0]!.fills[0] as ImagePaint;
    const bytes = await harness.emulator.figma.getImageByHash(fill.imageHash!)!.getBytesAsync();
    const meta = await sharp(Buffer.from(bytes), { animated: true }).metadata();
    expect([meta.format, meta.width]).toEqual(["gif", 48]);
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
        await ui.getByText("An SVG file").click();
        // No "Choose File / No file chosen": the browser's input is there only to open the dialog.
        const native = await ui.locator('input[type="file"]').boundingBox();
        expect(native!.width * native!.height).toBeLessThanOrEqual(1);
        const choose = ui.getByRole("button", { name: "Choose SVG file…" });
        expect(await ui.locator('[data-testid="file-name"]').textContent()).toBe("or drop one here");
        // The plan's limit in the sizes designers read (the local service allows 5,120 KB).
        expect(await ui.locator(".field:has(.file-pick) .field__label").textContent()).toBe(
          "SVG file (up to 5 MB)",
        );
        const frame = (await harness.page.locator("#window").boundingBox())!;
        await harness.page.mouse.move(frame.x + 2, frame.y + frame.height - 2);
        await windowShot(harness, `convert-file-${theme}-${width}`);

        // The cost at the left and Convert at the right of one row, on the form's 8 px side, as tall
        // as the file button (Figma's 24 px).
        const run = ui.getByRole("button", { name: /^Convert to / });
        const [line, button, form, picker] = await Promise.all([
          ui.locator(".cost__line").boundingBox(),
          run.boundingBox(),
          ui.locator(".convert__form").boundingBox(),
          choose.boundingBox(),
        ]);
        expect(Math.abs(line!.y + line!.height / 2 - (button!.y + button!.height / 2))).toBeLessThanOrEqual(
          1,
        );
        expect(form!.x + form!.width - (button!.x + button!.width)).toBe(8);
        expect(line!.x - form!.x).toBe(8);
        expect([button!.height, picker!.height]).toEqual([24, 24]);

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
        expect(await ui.getByRole("button", { name: "Choose another…" }).count()).toBe(1);
        expect(await run.isDisabled()).toBe(false);
        await windowShot(harness, `convert-file-chosen-${theme}-${width}`);
      }
    });
  }
});
