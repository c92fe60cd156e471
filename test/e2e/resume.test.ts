// Reopening the plugin with work in flight, in Chromium against the proxy and the local API: a render
// started in one window, the window closed before the job finished, the plugin opened again with the
// same clientStorage; the new window follows the job and places its GIF once.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { PendingWork } from "../../src/messages/types";
import { slidingSquare } from "../local-api/engines/fixtures";
import type { Harness } from "./support/harness";
import { canvasNodes } from "./support/nodes";
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
    await first.ui.locator('select[name="operation"]').selectOption("lottie-to-gif");
    await pickLottie(first.ui, slidingSquare(48));
    await first.ui.getByRole("button", { name: "Run" }).click();
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
    expect(await second.ui.locator('[data-testid="work-status"]').textContent()).toBe("Done (resumed)");
    expect(await second.ui.locator(".work-run__label").textContent()).toBe("lottie-to-gif of “slide”");
    await screenshot(second, "resumed-render");
  });
});
