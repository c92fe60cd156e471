// The AI tab in Chromium against the proxy and the local API: vectorize and remove background on a
// raster layer of the emulated canvas, from the click to what the document holds afterwards.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { FigmaEmulator } from "../figma/figma";
import type { EmuScene } from "../figma/nodes";
import type { Harness } from "./support/harness";
import { canvasNodes, photoInCard } from "./support/nodes";
import { screenshot, until, windowShot } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
let harness: Harness;

/** A photo-like raster: a red square and a blue disc on white, 160 x 120. */
async function photo(): Promise<Uint8Array> {
  const shapes = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="#fff"/>' +
      '<rect x="20" y="20" width="60" height="60" fill="#e02020"/><circle cx="115" cy="70" r="30" fill="#2040e0"/></svg>',
  );
  return new Uint8Array(await sharp(shapes).png().toBuffer());
}

/** An image layer inside a frame, selected before the plugin opens. */
function prepareLayer(bytes: Uint8Array) {
  return (emulator: FigmaEmulator) => {
    emulator.figma.currentPage.selection = [photoInCard(emulator, bytes)];
  };
}

/** Picks an operation from the tab's own menu, as a designer does: open it, click the row. */
async function pickOperation(ui: Harness["ui"], operation: string) {
  await ui.locator(".ai-operation button[aria-haspopup]").click();
  await ui.locator(`.ai-operation .menu__item[data-value="${operation}"]`).click();
}

const absoluteBox = (node: EmuScene) => [node.absoluteX, node.absoluteY, node.width, node.height];

async function openAiTab(bytes: Uint8Array): Promise<{ card: EmuScene; source: EmuScene }> {
  harness = await e2e.open({ prepare: prepareLayer(bytes) });
  await harness.ui.locator('[role="tab"][data-tab="ai"]').click();
  await until(() => harness.ui.locator('[data-testid="ai-submit"]').isEnabled()).toBe(true);
  const card = canvasNodes(harness)[0]!;
  return { card, source: card.kids()[0]! };
}

describe("vectorize in place", () => {
  it("lands the vector exactly over the image, named after it, the image hidden as chosen", async () => {
    const { card, source } = await openAiTab(await photo());
    const { ui } = harness;
    await expect(ui.locator('[data-testid="ai-operation"]').getAttribute("data-value")).resolves.toBe(
      "vectorize",
    );
    await expect(ui.locator('[data-testid="ai-source"]').textContent()).resolves.toBe("Selected: Photo");
    await expect(ui.locator('[data-testid="cost"]').textContent()).resolves.toMatch(/Costs 2 credits/);
    await ui.locator('input[name="hideSource"]').check();
    const before = absoluteBox(source);
    // The task's first check is held back, so the run is seen while it works: its step and stopwatch.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await harness.page.route("**/v3/ai/tasks/**", async (route) => {
      await held;
      await route.continue();
    });

    await ui.locator('[data-testid="ai-submit"]').click();
    const status = ui.locator(".work-run__status").first();
    await until(() => status.textContent()).toMatch(/^Waiting · 0:0\d$/);
    await expect(ui.locator('.work-run [role="progressbar"]').getAttribute("aria-valuetext")).resolves.toBe(
      "Waiting, step 1 of 3",
    );
    // The stopwatch moves while the service works.
    await until(() => status.textContent()).toMatch(/^Waiting · 0:0[1-9]$/);
    await windowShot(harness, "ai-vectorize-queued");
    release();
    await until(() => card.kids().length).toBe(2);

    const vector = card.kids()[1]!;
    expect([vector.type, vector.name]).toEqual(["FRAME", "Photo"]);
    expect(absoluteBox(vector)).toEqual(before);
    expect(absoluteBox(source)).toEqual(before);
    expect(source.visible).toBe(false);
    expect(vector.kids().length).toBeGreaterThan(0);
    expect(harness.emulator.figma.currentPage.selection).toEqual([vector]);
    await until(() => ui.locator(".work-run__status").first().textContent()).toBe("Vectorized · 2 credits");
    await expect(ui.locator(".work-run__label").first().textContent()).resolves.toBe("Vectorize “Photo”");
    const stored = (await harness.emulator.figma.clientStorage.getAsync("assetport.settings")) as {
      hideSourceAfterVectorize?: boolean;
    };
    expect(stored.hideSourceAfterVectorize).toBe(true);
    await screenshot(harness, "ai-vectorize");
  });
});

describe("remove background in place", () => {
  it("swaps the layer's image for the cut-out: same layer, same box, the background gone", async () => {
    const { card, source } = await openAiTab(await photo());
    const { ui } = harness;
    await pickOperation(ui, "remove-background");
    const original = (source.fills[0] as ImagePaint).imageHash;
    const before = absoluteBox(source);

    await ui.locator('[data-testid="ai-submit"]').click();
    await until(() => (source.fills[0] as ImagePaint).imageHash).not.toBe(original);

    expect(card.kids()).toEqual([source]);
    expect(absoluteBox(source)).toEqual(before);
    expect((source.fills[0] as ImagePaint).scaleMode).toBe("FILL");
    const image = harness.emulator.figma.getImageByHash((source.fills[0] as ImagePaint).imageHash!)!;
    const { data, info } = await sharp(await image.getBytesAsync())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) =>
      data[(Math.round(y * info.height) * info.width + Math.round(x * info.width)) * 4 + 3];
    // The white around the shapes is gone; the red square stays.
    expect(alphaAt(0.01, 0.01)).toBe(0);
    expect(alphaAt(0.3, 0.4)).toBe(255);
    await until(() => ui.locator(".work-run__status").first().textContent()).toBe(
      "Background removed · 2 credits",
    );
    // The result in plain words: what Save saves, and that it is already on the canvas.
    await expect(ui.locator(".work-result button").first().textContent()).resolves.toBe("Save PNG");
    await expect(ui.locator(".work-result__placed").textContent()).resolves.toBe("Placed on the canvas");
    await screenshot(harness, "ai-remove-background");
  });
});

describe("remove background says what to expect", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`before the button, one sentence on busy photos, whole at every width (${theme})`, async () => {
      for (const width of [280, 360, 600]) {
        harness = await e2e.open({
          theme,
          prepare: prepareLayer(await photo()),
          settings: { windowWidth: width, windowHeight: 560 },
        });
        const { ui } = harness;
        await ui.locator('[role="tab"][data-tab="ai"]').click();
        await pickOperation(ui, "remove-background");
        const what = ui.locator(".ai__what");
        await expect(what.textContent()).resolves.toMatch(/busy photo/);
        // Wrapped inside the window, nothing cut at its side, and above the button that spends credits.
        const [box, button] = [
          (await what.boundingBox())!,
          (await ui.locator('[data-testid="ai-submit"]').boundingBox())!,
        ];
        const frame = (await harness.page.locator("#window").boundingBox())!;
        expect(frame.width).toBe(width);
        expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
        expect(await what.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        expect(box.y + box.height).toBeLessThanOrEqual(button.y);
        await windowShot(harness, `ai-remove-background-expect-${theme}-${width}`);
        // The operation menu: the window's own, inside the window at every width; what runs here
        // first, then what does not as plain disabled rows saying "Not set up"; Escape closes it.
        await ui.locator(".ai-operation button[aria-haspopup]").click();
        const menu = (await ui.locator(".ai-operation .popover").boundingBox())!;
        expect(menu.x + menu.width).toBeLessThanOrEqual(frame.x + frame.width);
        const groups = ui.locator(".ai-operation .op-menu__group");
        const rowsOf = (index: number) => groups.nth(index).locator(".menu__text").allTextContents();
        // The local service has no generator connected, and runs no smart grouping.
        await expect(rowsOf(0)).resolves.toEqual(["Vectorize", "Remove background"]);
        await expect(rowsOf(1)).resolves.toEqual([
          "Text to image",
          "Image to image",
          "Text to 3D",
          "Image to 3D",
          "Smart group",
        ]);
        const off = groups.nth(1).locator(".menu__item");
        await expect(
          off.evaluateAll((rows) => rows.map((r) => r.getAttribute("aria-disabled"))),
        ).resolves.toEqual(Array(5).fill("true"));
        // The hint sits at the row's right edge, whole, on one line.
        const hint = off.first().locator(".op-menu__hint");
        await expect(hint.textContent()).resolves.toBe("Not set up");
        const [row, hintBox] = [(await off.first().boundingBox())!, (await hint.boundingBox())!];
        expect(row.x + row.width - (hintBox.x + hintBox.width)).toBeLessThanOrEqual(8);
        expect(hintBox.height).toBeLessThanOrEqual(16);
        await expect(
          ui.locator(".ai-operation .op-menu__note, .ai-operation .op-menu__title").count(),
        ).resolves.toBe(0);
        await windowShot(harness, `ai-operation-menu-${theme}-${width}`);
        // A disabled row picks nothing (clicked as a designer would, past the check that it is enabled).
        await off.first().click({ force: true });
        await expect(ui.locator('[data-testid="ai-operation"]').getAttribute("data-value")).resolves.toBe(
          "remove-background",
        );
        await ui.locator(".ai-operation .menu__item").first().press("Escape");
        await expect(ui.locator(".ai-operation .popover").count()).resolves.toBe(0);
      }
    });

    it(`with nothing that can run, an empty state and the way to the connection (${theme})`, async () => {
      for (const width of [280, 360, 600]) {
        harness = await e2e.open({ theme, settings: { windowWidth: width, windowHeight: 560 } });
        const { ui, page } = harness;
        // The service's own catalogue, narrowed to the generators it cannot run (no generator
        // connected): what a team whose service offers only image generation sees.
        await page.route("**/v3/ai/operations", async (route) => {
          const answer = await route.fetch();
          const body = (await answer.json()) as { response: { operations: { operation: string }[] } };
          body.response.operations = body.response.operations.filter((o) => o.operation.includes("-to-"));
          await route.fulfill({ response: answer, json: body });
        });
        await ui.locator('[role="tab"][data-tab="ai"]').click();
        const empty = ui.locator('[data-testid="ai-unavailable"]');
        await until(() => empty.count()).toBe(1);
        await expect(empty.locator(".empty-state__title").textContent()).resolves.toBe(
          "Image generation is not set up",
        );
        await expect(empty.locator(".empty-state__body").textContent()).resolves.toBe(
          "Ask whoever set up Assetport for your team to connect an image generator.",
        );
        await expect(
          ui.locator('textarea[name="ai-prompt"], [data-testid="ai-submit"]').count(),
        ).resolves.toBe(0);
        // The picker stays above the empty state: not a dead end once something can run.
        const picker = (await ui.locator(".ai-operation").boundingBox())!;
        expect(picker.y + picker.height).toBeLessThanOrEqual((await empty.boundingBox())!.y);
        // Centred in the tab, across and down.
        const [box, panel] = [(await empty.boundingBox())!, (await ui.locator(".ai").boundingBox())!];
        expect(Math.abs(box.x + box.width / 2 - (panel.x + panel.width / 2))).toBeLessThanOrEqual(1);
        const title = (await empty.locator(".empty-state__title").boundingBox())!;
        expect(title.y).toBeGreaterThan(panel.y + 100);
        await windowShot(harness, `ai-generate-unavailable-${theme}-${width}`);
        await empty.getByRole("button", { name: "Open connection settings" }).click();
        await until(() => ui.locator("#connection-fields").isVisible()).toBe(true);
      }
    });
  }
});
