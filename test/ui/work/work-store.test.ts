// The work core end to end below the views: the real plugin over the emulator, the local API over
// HTTP, the ui's client and stores. What is checked is what Figma and the service hold afterwards:
// nodes on the page, the stored records, and the credits the service counted.

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { lottie, SVG } from "../../local-api/work-support";
import type { Booted } from "../../plugin/harness";
import { bootFigma, imageLayer, openWindow, pendingWork, serviceForFile, usedCredits } from "./work-world";

const service = serviceForFile();

const svgFrame = (booted: Booted, name: string) => {
  const frame = booted.figma.createNodeFromSvg(SVG);
  frame.name = name;
  booted.page.selection = [frame];
  return frame;
};

describe("a synchronous conversion", () => {
  it("stores the key before the request leaves, places the PNG beside the layer, charges once, forgets the record", async () => {
    const figma = await bootFigma();
    const source = svgFrame(figma, "Logo");
    const window = openWindow(figma, service.server);
    const storedWhenSent: unknown[] = [];
    window.network.beforeSend(async (sent) => {
      if (sent.path.startsWith("/v3/convert/")) storedWhenSent.push(...(await pendingWork(figma)));
    });
    const before = await usedCredits(service.server);

    const run = await window.work.convert({
      operation: "svg-to-png",
      input: { kind: "selection", format: "SVG" },
      place: true,
    });

    expect(run.status).toBe("done");
    const [post] = window.network.posts("/v3/convert/svg-to-png");
    expect(storedWhenSent).toEqual([
      expect.objectContaining({
        idempotencyKey: post?.key,
        status: "submitting",
        exportAs: { format: "SVG" },
      }),
    ]);
    expect(run.results).toHaveLength(1);
    const [result] = run.results;
    expect(result?.fileName).toBe("Logo.png");
    expect((await sharp(Buffer.from(result!.bytes!)).metadata()).format).toBe("png");
    const placed = figma.page.children.filter((n) => n.id !== source.id);
    expect(placed.map((n) => n.type)).toEqual(["RECTANGLE"]);
    expect(result?.placedNodeIds).toEqual([placed[0]?.id]);
    expect(run.creditsCharged).toBe(1);
    expect((await usedCredits(service.server)) - before).toBe(1);
    expect(await pendingWork(figma)).toEqual([]);
    await expect.poll(() => window.credits.balance.value?.used).toBe(before + 1);
  });

  it("after a dropped connection sends the same key again and explains that the delivered file is gone", async () => {
    const figma = await bootFigma();
    svgFrame(figma, "Logo");
    const window = openWindow(figma, service.server);
    window.network.fail("POST", "/v3/convert/", "drop-answer");
    const before = await usedCredits(service.server);

    const run = await window.work.convert({
      operation: "svg-to-png",
      input: { kind: "selection", format: "SVG" },
    });

    const posts = window.network.posts("/v3/convert/");
    expect(posts).toHaveLength(2);
    expect(posts[1]?.key).toBe(posts[0]?.key);
    expect(run.status).toBe("failed");
    expect(run.error?.reason).toBe("idempotency_already_completed");
    expect(run.error?.message).toMatch(/already delivered.*charged again/s);
    // The first request did the work and was charged; it is not shown as free, and not charged twice.
    expect(run.notCharged).toBeFalsy();
    expect((await usedCredits(service.server)) - before).toBe(1);
    expect(await pendingWork(figma)).toEqual([]);
  });
});

describe("results kept for later", () => {
  it("a result not placed at once is placed by Place beside its layer, and saved bytes are the converted file", async () => {
    const figma = await bootFigma();
    const source = svgFrame(figma, "Badge");
    const window = openWindow(figma, service.server);
    const run = await window.work.convert({
      operation: "svg-to-jpg",
      input: { kind: "selection", format: "SVG" },
    });
    expect(figma.page.children).toHaveLength(1);
    const [result] = run.results;
    expect(result?.fileName).toBe("Badge.jpg");
    expect((await sharp(Buffer.from(result!.bytes!)).metadata()).format).toBe("jpeg");

    await window.work.place(run, result!);

    const placed = figma.page.children.filter((n) => n.id !== source.id);
    expect(placed.map((n) => n.type)).toEqual(["RECTANGLE"]);
    expect(window.work.runs.value[0]?.results[0]?.placedNodeIds).toEqual([placed[0]?.id]);
  });
});

describe("an asynchronous conversion", () => {
  it("follows the job to its GIF from a picked Lottie file; a lost 202 is answered with the original job", async () => {
    const figma = await bootFigma();
    const window = openWindow(figma, service.server);
    window.network.fail("POST", "/v3/convert/", "drop-answer");
    const before = await usedCredits(service.server);
    const progress: string[] = [];
    const stop = window.work.runs.subscribe((runs) => {
      const shown = runs[0]?.progress;
      if (shown && progress.at(-1) !== shown) progress.push(shown);
    });

    const run = await window.work.convert({
      operation: "lottie-to-gif",
      input: { kind: "file", file: new File([lottie()], "slide.json", { type: "application/json" }) },
      width: 48,
      place: true,
    });
    stop();

    const posts = window.network.posts("/v3/convert/");
    expect(posts.map((p) => p.key)).toEqual([posts[0]?.key, posts[0]?.key]);
    expect(run.status).toBe("done");
    expect(progress.length).toBeGreaterThan(0);
    expect(run.results[0]?.fileName).toBe("slide.gif");
    // What the finished job says it took, as the meter counts it.
    expect(run.creditsCharged).toBe(3);
    expect((await sharp(Buffer.from(run.results[0]!.bytes!)).metadata()).format).toBe("gif");
    expect(figma.page.children.map((n) => n.type)).toEqual(["RECTANGLE"]);
    expect((await usedCredits(service.server)) - before).toBe(3);
    expect(await pendingWork(figma)).toEqual([]);
  });
});

describe("AI work", () => {
  it("a lost answer is sent again with the same key, the original tasks adopted: one charge, one vector over the layer", async () => {
    const figma = await bootFigma();
    const source = await imageLayer(figma, "Photo");
    figma.page.selection = [source];
    const window = openWindow(figma, service.server);
    window.network.fail("POST", "/v3/ai/", "drop-answer");
    const before = await usedCredits(service.server);

    const run = await window.work.ai({
      operation: "vectorize",
      input: { kind: "selection", format: "PNG" },
      target: { mode: "over-source", hideSource: true },
    });

    const posts = window.network.posts("/v3/ai/vectorize");
    expect(posts).toHaveLength(2);
    expect(posts[1]?.key).toBe(posts[0]?.key);
    expect(run.status).toBe("done");
    const others = figma.page.children.filter((n) => n.id !== source.id);
    expect(others).toHaveLength(1);
    expect(others[0]?.name).toBe("Photo");
    expect([others[0]?.x, others[0]?.y]).toEqual([source.x, source.y]);
    expect(source.visible).toBe(false);
    expect((await usedCredits(service.server)) - before).toBe(2);
    expect(await pendingWork(figma)).toEqual([]);
  });

  it("a lost answer while the tasks still run: the resend's 409 idempotency_in_progress lists them, and they are adopted", async () => {
    const figma = await bootFigma();
    const source = await imageLayer(figma, "Sketch");
    figma.page.selection = [source];
    const window = openWindow(figma, service.server);
    window.network.fail("POST", "/v3/ai/", "drop-answer");
    const before = await usedCredits(service.server);
    service.provider.taskGate.close();

    const running = window.work.ai({ operation: "smart-group", input: { kind: "selection", format: "PNG" } });
    await expect.poll(() => window.network.posts("/v3/ai/smart-group").length).toBe(2);
    service.provider.taskGate.open();
    const run = await running;

    const [first, again] = window.network.posts("/v3/ai/smart-group");
    expect(again?.key).toBe(first?.key);
    expect(run.status).toBe("done");
    expect(run.results).toHaveLength(1);
    expect(service.provider.dispatched.filter((w) => w.operation === "smart-group")).toHaveLength(1);
    expect((await usedCredits(service.server)) - before).toBe(1);
  });

  it("follows every task of a generation; a FAILED one says why and is not charged", async () => {
    const figma = await bootFigma();
    const window = openWindow(figma, service.server);
    const before = await usedCredits(service.server);

    const run = await window.work.ai({
      operation: "text-to-image",
      fields: { model: "sketch-1", prompt: "a fox that may fail", n: 2 },
    });

    expect(run.status).toBe("done");
    expect(run.results.map((r) => [r.id, Boolean(r.error)])).toEqual([
      [expect.any(String), false],
      [expect.any(String), true],
    ]);
    expect(run.results[1]?.error?.reason).toBe("provider_failed");
    expect(figma.page.children).toHaveLength(1);
    // Three credits a task, the failed task's share given back.
    expect(run.creditsCharged).toBe(3);
    expect((await usedCredits(service.server)) - before).toBe(3);
  });
});

describe("refused work is not charged", () => {
  it("403 entitlement_required on a plan without conversions", async () => {
    const figma = await bootFigma();
    svgFrame(figma, "Logo");
    const window = openWindow(figma, service.server, "basic");
    const run = await window.work.convert({
      operation: "svg-to-png",
      input: { kind: "selection", format: "SVG" },
    });
    expect(run).toMatchObject({ status: "failed", notCharged: true, creditsCharged: 0 });
    expect(run.error?.reason).toBe("entitlement_required");
    expect(await usedCredits(service.server, "basic")).toBe(0);
    expect(await pendingWork(figma)).toEqual([]);
  });

  it("a prompt the provider refuses", async () => {
    const figma = await bootFigma();
    const window = openWindow(figma, service.server);
    const before = await usedCredits(service.server);
    const run = await window.work.ai({
      operation: "text-to-image",
      fields: { model: "sketch-1", prompt: "something forbidden" },
    });
    expect(run).toMatchObject({ status: "failed", notCharged: true });
    expect(run.error?.reason).toBe("invalid_request");
    expect(await usedCredits(service.server)).toBe(before);
  });

  it("429 quota_exhausted when the period's credits are spent", async () => {
    const figma = await bootFigma();
    svgFrame(figma, "Logo");
    const window = openWindow(figma, service.server, "spent");
    await window.credits.refresh();
    expect(window.credits.wouldExceed(1)).toBe(true);
    const run = await window.work.convert({
      operation: "svg-to-png",
      input: { kind: "selection", format: "SVG" },
    });
    expect(run).toMatchObject({ status: "failed", notCharged: true });
    expect(run.error?.reason).toBe("quota_exhausted");
  });
});
