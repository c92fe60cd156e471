// Reopening the plugin with work in flight, in Chromium against the proxy and the local API: a render
// started in one window, the window closed before the job finished, the plugin opened again with the
// same clientStorage; the new window follows the job and places its GIF once. And a vectorize whose
// layer is on another page than the designer's when the plugin reopens: placed there, the designer
// left where they are, told where it went.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { PendingWork } from "../../src/messages/types";
import type { FigmaEmulator } from "../figma/figma";
import type { EmuScene } from "../figma/nodes";
import { slidingSquare } from "../local-api/engines/fixtures";
import type { Harness } from "./support/harness";
import { canvasNodes, photoInCard as cardPhoto } from "./support/nodes";
import { pickLottie, screenshot, until } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
const STORED = "assetport.pending-work";

const storedWork = async (h: Harness) =>
  ((await h.emulator.figma.clientStorage.getAsync(STORED)) ?? []) as PendingWork[];

describe("work in flight when the plugin is closed", () => {
  it("is followed by the reopened plugin and its result placed once", async () => {
    const first = await e2e.open();
    await first.ui.getByRole("tab", { name: "Convert" }).click();
    await until(() => first.ui.locator('[data-testid="cost"]').count()).toBe(1);
    // The tab opens on a Lottie render to GIF, the first of what Figma's Export cannot make.
    await until(() => first.ui.locator('[data-testid="convert-operation"]').getAttribute("data-value")).toBe(
      "lottie-to-gif",
    );
    await pickLottie(first.ui, slidingSquare(48));
    await first.ui.getByRole("button", { name: "Convert to GIF" }).click();
    // Closed as soon as the job is known: the window waits Retry-After before its first poll.
    await until(async () => (await storedWork(first))[0]?.status).toBe("submitted");
    const inFlight = await storedWork(first);
    expect(canvasNodes(first)).toEqual([]);
    const polledByFirst = e2e.stack.count("GET /v3/convert/jobs/:job");

    const second = await e2e.open({
      prepare: (emulator) => emulator.figma.clientStorage.setAsync(STORED, inFlight),
    });
    await until(() => canvasNodes(second).length).toBe(1);
    await until(async () => (await storedWork(second)).length).toBe(0);
    await second.settle();

    expect(polledByFirst).toBe(0);
    const nodes = canvasNodes(second);
    expect(nodes).toHaveLength(1);
    const fill = nodes[0]!.fills[0] as ImagePaint;
    const bytes = await second.emulator.figma.getImageByHash(fill.imageHash!)!.getBytesAsync();
    expect((await sharp(Buffer.from(bytes)).metadata()).format).toBe("gif");
    await second.ui.getByRole("tab", { name: "Convert" }).click();
    // What it did and what the one submission cost (status-words.ts), said once.
    expect(await second.ui.locator('[data-testid="work-status"]').textContent()).toMatch(
      /^Placed after reopening · \d+ credits?$/,
    );
    expect(await second.ui.locator(".work-run__label").textContent()).toBe("Animated GIF from “slide”");
    await screenshot(second, "resumed-render");
  });
});

/** A red 160 x 120 photo in its card: the layer the vectorize works on. */
async function photoInCard(emulator: FigmaEmulator): Promise<EmuScene> {
  const png = await sharp({ create: { width: 160, height: 120, channels: 3, background: "#e02020" } })
    .png()
    .toBuffer();
  return cardPhoto(emulator, new Uint8Array(png));
}

describe("work on a layer that is on another page when the plugin reopens", () => {
  it("is placed over its layer on that page; the designer stays on theirs and is told where", async () => {
    const first = await e2e.open({
      prepare: async (emulator) => {
        emulator.figma.currentPage.selection = [await photoInCard(emulator)];
      },
    });
    await first.ui.locator('[role="tab"][data-tab="ai"]').click();
    await until(() => first.ui.locator('[data-testid="ai-submit"]').isEnabled()).toBe(true);
    await first.ui.locator('input[name="hideSource"]').check();
    await first.ui.locator('[data-testid="ai-submit"]').click();
    // Closed as soon as the task is known: the window waits Retry-After before its first poll.
    await until(async () => (await storedWork(first))[0]?.status).toBe("submitted");
    const inFlight = await storedWork(first);
    expect(first.emulator.figma.currentPage.kids()[0]!.kids()).toHaveLength(1);

    let home!: ReturnType<FigmaEmulator["figma"]["createPage"]>;
    let source!: EmuScene;
    const second = await e2e.open({
      prepare: async (emulator) => {
        await emulator.figma.clientStorage.setAsync(STORED, inFlight);
        home = emulator.figma.currentPage;
        source = await photoInCard(emulator);
        const elsewhere = emulator.figma.createPage();
        elsewhere.name = "Elsewhere";
        await emulator.figma.setCurrentPageAsync(elsewhere);
        emulator.unloadPage(home);
      },
    });
    const card = source.parent!;
    await until(() => card.kids().length).toBe(2);
    await until(async () => (await storedWork(second)).length).toBe(0);
    await second.settle();

    const { figma, notifications } = second.emulator;
    expect(figma.currentPage.name).toBe("Elsewhere");
    expect(figma.currentPage.kids()).toEqual([]);
    const vector = card.kids()[1]!;
    expect([vector.type, vector.name]).toEqual(["FRAME", "Photo"]);
    expect([vector.absoluteX, vector.absoluteY]).toEqual([source.absoluteX, source.absoluteY]);
    expect(source.visible).toBe(false);
    await second.ui.locator('[role="tab"][data-tab="ai"]').click();
    await until(() => second.ui.locator(".work-run__status").first().textContent()).toBe(
      "Placed after reopening",
    );

    const notice = notifications.at(-1)!;
    expect(notice.message).toContain(home.name);
    notice.button!.action();
    await until(() => figma.currentPage).toBe(home);
    expect(home.selection).toEqual([vector]);
  });
});
