// The batch store against the local API over real HTTP and the real plugin over the emulator: the plan
// before anything is spent, bounded concurrency, a key saved before each request leaves, 429 waited
// out, Cancel that sends nothing more, a failed layer retried alone, and a closed window resumed with
// no layer charged twice.

import { setTimeout as sleep } from "node:timers/promises";
import { effect } from "@preact/signals";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ICON_SVG } from "../../figma/fixtures";
import type { RunningLocalApi } from "../../local-api/support";
import { type Booted, bootPlugin } from "../../plugin/harness";
import { pendingWork } from "../work/work-world";
import { creditsUsed, noisyLayer, openBatchWindow, selectPhotos, startBatchService } from "./batch-world";

const VECTORIZE = { family: "ai", operation: "vectorize" } as const;
let server: RunningLocalApi;
let figma: Booted | undefined;
beforeAll(async () => {
  server = await startBatchService();
});
afterAll(() => server.close());
afterEach(() => {
  figma?.stop();
  figma = undefined;
});

async function until(read: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 800; i++) {
    if (await read()) return;
    await sleep(25);
  }
  throw new Error(`never: ${what}`);
}

/** Results the plugin placed: layers that name an original. */
const results = (booted: Booted) => booted.page.children.filter((n) => n.getPluginData("original") !== "");

describe("the plan", () => {
  it("lists layers with the cost each, in all, the balance after, and the layers left out with why", async () => {
    figma = await bootPlugin();
    const photos = await selectPhotos(figma, 3);
    const hidden = await noisyLayer(figma, "Hidden");
    hidden.visible = false;
    const big = await noisyLayer(figma, "Big");
    figma.page.selection = [...photos, hidden, big];
    const w = openBatchWindow(figma, server, { client: "small" });
    await w.credits.refresh();
    const before = w.credits.balance.value?.remaining ?? 0;
    const sent = w.network.sent.length;
    const plan = await w.batch.makePlan(VECTORIZE);
    expect(plan?.layers.map((l) => l.name)).toEqual(["Photo 1", "Photo 2", "Photo 3"]);
    expect(plan?.leftOut.map((l) => [l.name, l.reason])).toEqual([
      ["Hidden", "hidden"],
      ["Big", "too-large"],
    ]);
    expect(plan).toMatchObject({ costEach: 2, total: 6, balanceAfter: before - 6, maxUploadKb: 20 });
    // Nothing was sent but the catalogue's reads.
    expect(w.network.sent.slice(sent).filter((s) => s.method === "POST")).toEqual([]);
  });
});

describe("a plan without the operation", () => {
  it("says so once, before any layer is exported or sent", async () => {
    figma = await bootPlugin();
    await selectPhotos(figma, 2);
    const w = openBatchWindow(figma, server, { client: "basic" });
    expect(await w.batch.makePlan(VECTORIZE)).toBeNull();
    expect(w.batch.planError.value?.reason).toBe("entitlement_required");
    expect(w.network.sent.filter((s) => s.method === "POST")).toEqual([]);
  });
});

describe("running a batch", () => {
  it("keeps at most three layers in flight, saves each key before its request, charges the sum of costs", async () => {
    figma = await bootPlugin();
    const photos = await selectPhotos(figma, 5);
    const w = openBatchWindow(figma, server);
    const before = await creditsUsed(server);
    const booted = figma;
    const unsaved: string[] = [];
    w.network.beforeSend(async (s) => {
      if (s.method !== "POST") return;
      const keys = (await pendingWork(booted)).map((r) => r.idempotencyKey);
      if (!s.key || !keys.includes(s.key)) unsaved.push(s.path);
    });
    let most = 0;
    const stop = effect(() => {
      const busy = w.batch.run.value?.layers.filter((l) =>
        ["uploading", "working", "placing"].includes(l.status),
      ).length;
      most = Math.max(most, busy ?? 0);
    });
    await w.batch.makePlan(VECTORIZE);
    const run = await w.batch.start();
    stop();
    expect(run?.layers.map((l) => l.status)).toEqual(Array(5).fill("done"));
    expect(most).toBe(3);
    expect(unsaved).toEqual([]);
    const posts = w.network.posts("/v3/ai/vectorize");
    expect(posts).toHaveLength(5);
    expect(new Set(posts.map((p) => p.key)).size).toBe(5);
    expect((await creditsUsed(server)) - before).toBe(10);
    expect(run?.layers.reduce((sum, l) => sum + (l.charged ?? 0), 0)).toBe(10);
    // Every original kept, hidden, right below its result, which took its name and box.
    for (const photo of photos) {
      expect([photo.removed, photo.visible]).toEqual([false, false]);
      const above = figma.page.children[figma.page.children.indexOf(photo) + 1]!;
      expect([above.name, above.x, above.width]).toEqual([photo.name, photo.x, photo.width]);
    }
    expect(await pendingWork(figma)).toEqual([]);
  });

  it("waits out 429 rate_limit_exceeded for its Retry-After and sends again with the same key", async () => {
    figma = await bootPlugin();
    await selectPhotos(figma, 5);
    const w = openBatchWindow(figma, server, { client: "throttled" });
    const before = await creditsUsed(server, "throttled");
    await w.batch.makePlan(VECTORIZE);
    const run = await w.batch.start();
    expect(run?.layers.map((l) => l.status)).toEqual(Array(5).fill("done"));
    expect(w.waits.length).toBeGreaterThanOrEqual(2);
    expect(w.waits.every((ms) => ms >= 1000 && ms <= 60_000)).toBe(true);
    const posts = w.network.posts("/v3/ai/vectorize");
    expect(posts.length).toBeGreaterThan(5);
    expect(new Set(posts.map((p) => p.key)).size).toBe(5);
    expect((await creditsUsed(server, "throttled")) - before).toBe(10);
    expect(results(figma)).toHaveLength(5);
  });

  it("a 429 on a poll or a download waits too, and never loses the layer's paid result", async () => {
    figma = await bootPlugin();
    await selectPhotos(figma, 3);
    const w = openBatchWindow(figma, server, { client: "slowReads" });
    const before = await creditsUsed(server, "slowReads");
    await w.batch.makePlan(VECTORIZE);
    const run = await w.batch.start();
    expect(run?.layers.map((l) => l.status)).toEqual(["done", "done", "done"]);
    expect(w.waits.length).toBeGreaterThanOrEqual(1);
    expect(w.network.posts("/v3/ai/vectorize")).toHaveLength(3);
    expect((await creditsUsed(server, "slowReads")) - before).toBe(6);
    expect(results(figma)).toHaveLength(3);
  });

  it("Cancel sends nothing more: layers not started are not charged and their records go", async () => {
    figma = await bootPlugin();
    await selectPhotos(figma, 4);
    const w = openBatchWindow(figma, server, { concurrency: 1 });
    const before = await creditsUsed(server);
    await w.batch.makePlan(VECTORIZE);
    const running = w.batch.start();
    await until(() => w.batch.run.value?.layers[0]?.status === "working", "the first layer is working");
    w.batch.cancel();
    const run = await running;
    expect(run?.layers.map((l) => l.status)).toEqual(["done", "not-started", "not-started", "not-started"]);
    expect(w.network.posts("/v3/ai/vectorize")).toHaveLength(1);
    expect((await creditsUsed(server)) - before).toBe(2);
    expect(await pendingWork(figma)).toEqual([]);
  });

  it("a layer refused for spent credits is not charged, and is retried alone once credits are back", async () => {
    figma = await bootPlugin();
    await selectPhotos(figma, 3);
    const w = openBatchWindow(figma, server, { client: "lean", concurrency: 1 });
    await w.batch.makePlan(VECTORIZE);
    const run = await w.batch.start();
    expect(run?.layers.map((l) => l.status)).toEqual(["done", "done", "failed"]);
    const failed = run!.layers[2]!;
    expect(failed).toMatchObject({ charged: 0, error: { reason: "quota_exhausted" } });
    expect(await creditsUsed(server, "lean")).toBe(4);
    // The next billing period: the allowance is back.
    server.clock.advance(6 * 24 * 3600_000);
    await w.batch.retry(failed.nodeId);
    expect(w.batch.run.value?.layers.map((l) => l.status)).toEqual(["done", "done", "done"]);
    const posts = w.network.posts("/v3/ai/vectorize");
    expect(posts).toHaveLength(4);
    // Only the failed layer went again, with a key of its own.
    expect(posts[3]?.key).not.toBe(posts[2]?.key);
    expect(await creditsUsed(server, "lean")).toBe(2);
    expect(results(figma)).toHaveLength(3);
  });

  it("reverts one layer, then the whole batch", async () => {
    figma = await bootPlugin();
    const photos = await selectPhotos(figma, 3);
    const w = openBatchWindow(figma, server);
    await w.batch.makePlan(VECTORIZE);
    await w.batch.start();
    await w.batch.revertLayer(photos[1]!.id);
    expect(photos.map((p) => p.visible)).toEqual([false, true, false]);
    await w.batch.revertAll();
    expect(photos.map((p) => p.visible)).toEqual([true, true, true]);
    expect(results(figma)).toEqual([]);
    expect(w.batch.run.value?.layers.map((l) => l.status)).toEqual(Array(3).fill("reverted"));
  });
});

describe("a conversion as a batch", () => {
  it("converts every selected vector to PNG, each placed over its kept original", async () => {
    figma = await bootPlugin();
    const icons = [0, 1, 2].map((i) => {
      const icon = figma!.figma.createNodeFromSvg(ICON_SVG);
      icon.name = `Icon ${i + 1}`;
      icon.x = i * 40;
      return icon;
    });
    figma.page.selection = icons;
    const w = openBatchWindow(figma, server);
    const before = await creditsUsed(server);
    const plan = await w.batch.makePlan({ family: "convert", operation: "svg-to-png" });
    expect(plan?.layers.map((l) => l.name)).toEqual(["Icon 1", "Icon 2", "Icon 3"]);
    const run = await w.batch.start();
    expect(run?.layers.map((l) => l.status)).toEqual(["done", "done", "done"]);
    const placed = results(figma);
    expect(placed.map((n) => [n.name, n.type])).toEqual([
      ["Icon 1", "RECTANGLE"],
      ["Icon 2", "RECTANGLE"],
      ["Icon 3", "RECTANGLE"],
    ]);
    expect(icons.map((i) => i.visible)).toEqual([false, false, false]);
    expect((await creditsUsed(server)) - before).toBe(plan?.total);
  });
});

describe("a batch interrupted by closing the plugin", () => {
  it("resumes where it stopped: every layer placed once, none charged twice, no original lost", async () => {
    figma = await bootPlugin();
    const photos = await selectPhotos(figma, 4);
    const before = await creditsUsed(server);
    const first = openBatchWindow(figma, server, { concurrency: 1 });
    await first.batch.makePlan(VECTORIZE);
    void first.batch.start();
    await until(
      () => first.batch.run.value?.layers.filter((l) => l.status === "done").length === 2,
      "two layers done",
    );
    // The third is on its way: the designer closes the plugin now.
    await until(() => first.batch.run.value?.layers[2]?.status !== "waiting", "the third started");
    first.close();
    expect((await pendingWork(figma)).length).toBe(2);

    const second = openBatchWindow(figma, server, { concurrency: 1 });
    // The window's start resumes single runs and the batch together.
    await Promise.all([second.work.resume(), second.batch.resume()]);
    expect(second.work.runs.value).toEqual([]);
    const run = second.batch.run.value;
    expect(run).toMatchObject({ resumed: true });
    expect(run?.layers.map((l) => [l.name, l.status])).toEqual([
      ["Photo 3", "done"],
      ["Photo 4", "done"],
    ]);
    expect(results(figma)).toHaveLength(4);
    for (const photo of photos) expect([photo.removed, photo.visible]).toEqual([false, false]);
    expect((await creditsUsed(server)) - before).toBe(8);
    expect(await pendingWork(figma)).toEqual([]);
  });
});
