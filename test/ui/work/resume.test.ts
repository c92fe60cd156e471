// Reopening the plugin: work a closed window left in flight is found in clientStorage, followed
// again or sent again with its own key, and its results placed once.

import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { newIdempotencyKey } from "../../../src/api/client/api-client";
import { bootFigma, imageLayer, openWindow, pendingWork, serviceForFile, usedCredits } from "./work-world";

const service = serviceForFile();

/** Waits (by count, not by clock) until `read` holds. */
async function until(read: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 400; i++) {
    if (await read()) return;
    await sleep(25);
  }
  throw new Error(`never: ${what}`);
}

describe("work resumed after the window was closed", () => {
  it("tasks still running are followed by the next window and their result placed once", async () => {
    const figma = await bootFigma();
    const source = await imageLayer(figma, "Photo");
    figma.page.selection = [source];
    const before = await usedCredits(service.server);
    service.provider.taskGate.close();
    const first = openWindow(figma, service.server);
    void first.work.ai({
      operation: "smart-group",
      input: { kind: "selection", format: "PNG" },
      target: { mode: "new-node" },
    });
    await until(
      async () => (await pendingWork(figma))[0]?.status === "submitted",
      "the record says submitted",
    );
    first.close();

    const second = openWindow(figma, service.server);
    const resumed = second.work.resume();
    service.provider.taskGate.open();
    await resumed;

    const [run] = second.work.runs.value;
    expect(run).toMatchObject({ status: "done", resumed: true, family: "ai" });
    expect(figma.page.children.filter((n) => n.id !== source.id)).toHaveLength(1);
    expect(await pendingWork(figma)).toEqual([]);
    expect((await usedCredits(service.server)) - before).toBe(1);
    // The first window sent nothing after it closed: the task was polled by the second only.
    expect(first.network.sent.filter((s) => s.path.startsWith("/v3/ai/tasks/"))).toEqual([]);
  });

  it("a submission whose answer never came is sent again with the same key, the layer exported again", async () => {
    const figma = await bootFigma();
    const source = await imageLayer(figma, "Photo");
    figma.page.selection = [source];
    const before = await usedCredits(service.server);
    const first = openWindow(figma, service.server);
    first.network.fail("POST", "/v3/ai/vectorize", "hang");
    void first.work.ai({
      operation: "vectorize",
      input: { kind: "selection", format: "PNG" },
      target: { mode: "over-source", hideSource: false },
    });
    // The service did the work and charged it; the window never heard back.
    await until(
      async () => (await usedCredits(service.server)) - before === 2,
      "the service finished the vectorize",
    );
    expect((await pendingWork(figma))[0]?.status).toBe("submitting");
    first.close();
    figma.page.selection = [];

    const second = openWindow(figma, service.server);
    await second.work.resume();

    const [sentFirst] = first.network.posts("/v3/ai/vectorize");
    const [sentAgain] = second.network.posts("/v3/ai/vectorize");
    expect(sentAgain?.key).toBe(sentFirst?.key);
    expect(second.work.runs.value[0]).toMatchObject({ status: "done", resumed: true });
    const vectors = figma.page.children.filter((n) => n.id !== source.id);
    expect(vectors.map((n) => [n.name, n.x, n.y])).toEqual([["Photo", source.x, source.y]]);
    expect((await usedCredits(service.server)) - before).toBe(2);
    expect(await pendingWork(figma)).toEqual([]);
  });

  it("a picked file cannot be sent again: the run says so and the record goes", async () => {
    const figma = await bootFigma();
    const window = openWindow(figma, service.server);
    const idempotencyKey = newIdempotencyKey();
    await figma.port.request("pending-work-put", {
      work: {
        idempotencyKey,
        family: "convert",
        operation: "lottie-to-gif",
        createdAt: Date.now(),
        status: "submitting",
        params: { sourceName: "slide", place: true },
      },
    });

    await window.work.resume();

    expect(window.work.runs.value[0]).toMatchObject({ status: "failed", resumed: true });
    expect(window.work.runs.value[0]?.error?.reason).toBe("file_not_kept");
    expect(window.network.posts("/v3/")).toEqual([]);
    expect(await pendingWork(figma)).toEqual([]);
  });

  it("never places a task again that a window already placed", async () => {
    const figma = await bootFigma();
    const window = openWindow(figma, service.server);
    const idempotencyKey = newIdempotencyKey();
    const submitted = await window.api.aiSubmit(
      "text-to-image",
      { model: "sketch-1", prompt: "two foxes", n: 2 },
      { idempotencyKey },
    );
    await figma.port.request("pending-work-put", {
      work: {
        idempotencyKey,
        family: "ai",
        operation: "text-to-image",
        createdAt: Date.now(),
        status: "submitted",
        taskIds: submitted.taskIds,
        target: { mode: "new-node" },
        params: { model: "sketch-1", prompt: "two foxes", n: 2 },
        placed: [submitted.taskIds[0]!],
      },
    });

    await window.work.resume();

    expect(figma.page.children).toHaveLength(1);
    const [run] = window.work.runs.value;
    expect(run?.results.map((r) => Boolean(r.placedNodeIds?.length))).toEqual([false, true]);
    expect(await pendingWork(figma)).toEqual([]);
  });

  it("a target layer deleted meanwhile gets its result at the viewport centre, with the plugin's notice", async () => {
    const figma = await bootFigma();
    const source = await imageLayer(figma, "Photo");
    figma.page.selection = [source];
    figma.figma.viewport.center = { x: 500, y: 400 };
    service.provider.taskGate.close();
    const first = openWindow(figma, service.server);
    void first.work.ai({
      operation: "smart-group",
      input: { kind: "selection", format: "PNG" },
      target: { mode: "over-source" },
    });
    await until(
      async () => (await pendingWork(figma))[0]?.status === "submitted",
      "the record says submitted",
    );
    first.close();
    source.remove();

    const second = openWindow(figma, service.server);
    const resumed = second.work.resume();
    service.provider.taskGate.open();
    await resumed;

    const [node] = figma.page.children;
    expect(figma.page.children).toHaveLength(1);
    expect([node!.x + node!.width / 2, node!.y + node!.height / 2]).toEqual([500, 400]);
    expect(figma.emu.notifications.at(-1)?.message).toMatch(/deleted/);
    expect(await pendingWork(figma)).toEqual([]);
  });

  it("a target layer on another page gets its result there; the designer's page is left alone", async () => {
    const figma = await bootFigma();
    const home = figma.page;
    const source = await imageLayer(figma, "Photo");
    home.selection = [source];
    service.provider.taskGate.close();
    const first = openWindow(figma, service.server);
    void first.work.ai({
      operation: "smart-group",
      input: { kind: "selection", format: "PNG" },
      target: { mode: "over-source", hideSource: true },
    });
    await until(
      async () => (await pendingWork(figma))[0]?.status === "submitted",
      "the record says submitted",
    );
    first.close();
    // The designer moves to another page; the file is reopened, so the layer's page is not loaded.
    const elsewhere = figma.figma.createPage();
    await figma.figma.setCurrentPageAsync(elsewhere);
    figma.emu.unloadPage(home);

    const second = openWindow(figma, service.server);
    const resumed = second.work.resume();
    service.provider.taskGate.open();
    await resumed;

    expect(second.work.runs.value[0]).toMatchObject({ status: "done", resumed: true });
    expect(figma.figma.currentPage).toBe(elsewhere);
    expect(elsewhere.children).toEqual([]);
    await home.loadAsync();
    const [, result] = home.children;
    expect(home.children.map((n) => n.id)).toEqual([source.id, result?.id]);
    expect(source.visible).toBe(false);
    const notice = figma.emu.notifications.at(-1)!;
    expect(notice.message).toContain(home.name);
    notice.button!.action();
    await figma.settle();
    expect(figma.figma.currentPage).toBe(home);
    expect(home.selection).toEqual([result]);
    expect(await pendingWork(figma)).toEqual([]);
  });
});
