// Every asset type placed from Chromium into the emulated canvas through the local API's packaged
// content: an illustration as a vector keeping its own colours (the icon colour set to red does not
// reach it), a 3D icon as an image fill at 2x (its box the 1x size), replaced in its box, and a Lottie
// as an animated GIF fill, with the note shown while the GIF is made. Screenshots, light and dark,
// land in test/e2e/artifacts/place-*.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Harness } from "./support/harness";
import { canvasNodes, solidColours, storedAsset } from "./support/nodes";
import { cell, cells, screenshot, searchField, until, windowShot, windowShots } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
const THEMES = ["light", "dark"] as const;

async function openTab(harness: Harness, label: string): Promise<void> {
  await harness.ui.getByRole("button", { name: /^Asset type/ }).click();
  await harness.ui.getByRole("radio", { name: label }).click();
}

async function search(harness: Harness, query: string): Promise<void> {
  await searchField(harness.ui).fill(query);
  await until(() => cells(harness.ui).count()).toBeGreaterThan(0);
}

function imageOf(harness: Harness, node: { fills: readonly Paint[] }) {
  const fill = node.fills.find((p): p is ImagePaint => p.type === "IMAGE");
  expect(fill?.imageHash).toBeTruthy();
  return harness.emulator.images.bytesOf(fill!.imageHash!)!;
}

/** [the four corners are clear, some of the picture is opaque] for a GIF's first frame or a PNG. */
async function clearCornersAndDrawn(bytes: Uint8Array): Promise<[boolean, boolean]> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]!;
  const [w, h] = [info.width - 1, info.height - 1];
  let opaque = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] === 255) opaque++;
  return [[alpha(0, 0), alpha(w, 0), alpha(0, h), alpha(w, h)].every((a) => a === 0), opaque > 0];
}

describe("every type placed on the canvas", () => {
  it("places an illustration as a vector with its own colours, not the icon colour", {
    timeout: 90_000,
  }, async () => {
    for (const theme of THEMES) {
      const harness = await e2e.open({ theme, settings: { iconColor: "#ff0000" } });
      await openTab(harness, "Illustrations");
      await search(harness, "cat");
      await cell(harness.ui, 0).click();
      await until(() => canvasNodes(harness).length).toBe(1);
      const [node] = canvasNodes(harness);
      expect(node).toMatchObject({ type: "FRAME", width: 256 });
      expect(storedAsset(node!).type).toBe("illustration");
      const colours = new Set(solidColours(node!));
      expect(colours.size).toBeGreaterThan(2);
      expect([...colours].every((c) => c.toLowerCase() === "#ff0000")).toBe(false);
      await screenshot(harness, `place-illustration-${theme}`);
    }
  });

  it("places a 3D icon at 2x in a box of its 1x size, and a replace keeps the box", {
    timeout: 90_000,
  }, async () => {
    for (const theme of THEMES) {
      const harness = await e2e.open({ theme });
      const { ui, emulator } = harness;
      await openTab(harness, "3D");
      await search(harness, "cat");
      const bar = ui.getByTestId("insert-bar");
      await bar.locator('[data-name="rasterSize"] [data-value="256"]').click();
      await bar.locator('[data-name="rasterDensity"] [data-value="2"]').click();
      await windowShots(harness, `place-3d-bar-${theme}`);
      // The same choice in Settings, remembered.
      await ui.getByRole("button", { name: "Settings" }).click();
      const twice = ui.locator('.settings [data-name="rasterDensity"] [data-value="2"]');
      await until(() => twice.getAttribute("aria-checked")).toBe("true");
      await windowShot(harness, `place-settings-${theme}-360`);
      await ui.getByRole("button", { name: "Back to search" }).click();
      await cell(ui, 0).click();
      await until(() => canvasNodes(harness).length).toBe(1);
      const [rect] = canvasNodes(harness);
      expect(rect).toMatchObject({ type: "RECTANGLE", width: 256, height: 256 });
      expect(storedAsset(rect!).type).toBe("3d");
      const image = imageOf(harness, rect!);
      expect([image.type, image.width, image.height]).toEqual(["png", 512, 512]);
      await screenshot(harness, `place-3d-${theme}`);

      // Made smaller by the designer, then replaced: the new picture takes that box.
      rect!.resize(120, 120);
      emulator.figma.currentPage.selection = [rect!];
      await ui.getByRole("radio", { name: "Replace" }).click();
      await cell(ui, 1).click();
      await until(() => rect!.removed).toBe(true);
      const [replaced] = canvasNodes(harness);
      expect(replaced).toMatchObject({ type: "RECTANGLE", width: 120, height: 120, x: rect!.x, y: rect!.y });
      expect(storedAsset(replaced!).name).not.toBe(storedAsset(rect!).name);
    }
  });

  it("places a Lottie as an animated GIF, showing the note while it is made", {
    timeout: 90_000,
  }, async () => {
    for (const theme of THEMES) {
      const harness = await e2e.open({ theme });
      const { ui, page } = harness;
      await openTab(harness, "Lottie");
      await search(harness, "heart");
      await windowShots(harness, `place-lottie-bar-${theme}`);
      // The link held back until the note has been seen (the render may be quicker than a look).
      let letThrough: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        letThrough = resolve;
      });
      await page.route("**/v3/items/*/api-download", async (route) => {
        await held;
        await route.fallback();
      });
      await cell(ui, 0).click();
      const note = ui.getByTestId("render-progress");
      // The note names the animation as its cell does.
      await until(() => note.textContent()).toMatch(/Making a moving image of Heart/);
      await windowShot(harness, `place-lottie-making-${theme}-360`);
      letThrough();
      await until(() => canvasNodes(harness).length).toBe(1);
      await until(() => note.count()).toBe(0);
      const [rect] = canvasNodes(harness);
      expect(rect).toMatchObject({ type: "RECTANGLE" });
      expect(storedAsset(rect!).type).toBe("lottie");
      const image = imageOf(harness, rect!);
      expect(image.type).toBe("gif");
      expect([rect!.width, rect!.height]).toEqual([image.width, image.height]);
      const meta = await sharp(image.bytes, { animated: true }).metadata();
      expect(meta.pages).toBeGreaterThan(1);
      expect(await clearCornersAndDrawn(image.bytes)).toEqual([true, true]);
      await screenshot(harness, `place-lottie-${theme}`);
      await page.unroute("**/v3/items/*/api-download");

      // As a still: one frame of the same GIF (already downloaded), as a PNG of the same size.
      await ui.getByTestId("insert-bar").locator('[data-name="lottieAs"] [data-value="first-frame"]').click();
      harness.emulator.figma.currentPage.selection = [];
      await cell(ui, 0).click();
      await until(() => canvasNodes(harness).length).toBe(2);
      const still = canvasNodes(harness).find((n) => n !== rect)!;
      const frame = imageOf(harness, still);
      expect([frame.type, frame.width, frame.height]).toEqual(["png", image.width, image.height]);
      expect([still.width, still.height]).toEqual([rect!.width, rect!.height]);
      // The still keeps the GIF's transparency (Chromium draws the frame, as in Figma's window).
      expect(await clearCornersAndDrawn(frame.bytes)).toEqual([true, true]);
    }
  });
});
