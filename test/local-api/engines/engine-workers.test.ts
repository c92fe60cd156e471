// The engines' isolation: work runs in memory-capped workers (threads, or a child process for resvg)
// whose deadline or cancel signal ends the work itself, not just the wait. The proof is the count of
// live workers and render processes going back down, never a timing.

import type * as childProcess from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { EngineError } from "../../../src/local-api/engines/errors";
import {
  removeBackground,
  runConversion,
  sniffUpload,
  validateConversionInput,
} from "../../../src/local-api/engines/index";
import {
  closeRenderProcesses,
  liveRenderProcesses,
  renderInChildProcess,
} from "../../../src/local-api/engines/workers/resvg-process";
import { closeEngineWorkers, runEngineTask } from "../../../src/local-api/engines/workers/run-engine";
import {
  liveWorkerCount,
  runWorkerJob,
  WorkerPool,
} from "../../../src/local-api/engines/workers/worker-pool";
import { svgBytes } from "./fixtures";
import { deeplyNestedSvg, hugeFilteredElementSvg } from "./hostile-inputs";

// Keeps every render process started, so a test can reach one the pool holds idle.
const spawned: childProcess.ChildProcess[] = [];
vi.mock("node:child_process", async (importOriginal) => {
  const original = await importOriginal<typeof childProcess>();
  return {
    ...original,
    spawn: vi.fn((...args: Parameters<typeof original.spawn>) => {
      const child = original.spawn(...args);
      spawned.push(child);
      return child;
    }),
  };
});

afterAll(async () => {
  closeRenderProcesses();
  await closeEngineWorkers();
});

/** Many shapes under every cost limit: seconds of svg-to-pdfkit work, far past a 20 ms deadline. */
function manyShapes(count: number): string {
  const shapes = Array.from(
    { length: count },
    (_, i) =>
      `<rect x="${i % 100}" y="${i % 97}" width="3" height="3" fill="#${(i % 4096).toString(16).padStart(3, "0")}"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">${shapes.join("")}</svg>`;
}

/** A blurred 4096 px render: allowed, and a few seconds of resvg. */
const HEAVY_RENDER = `<svg xmlns="http://www.w3.org/2000/svg" width="4096" height="4096"><filter id="b"><feGaussianBlur stdDeviation="40"/></filter>${Array.from({ length: 40 }, (_, i) => `<circle cx="${i * 100}" cy="${i * 100}" r="900" fill="#369" filter="url(#b)"/>`).join("")}</svg>`;

describe("engine workers", () => {
  it("a conversion past its deadline answers conversion_timeout and its worker is terminated", async () => {
    const bytes = svgBytes(manyShapes(24_000));
    await closeEngineWorkers();
    // Checked first (its worker then waits, idle, in the pool), so the deadline falls on the drawing.
    await validateConversionInput("svg-to-pdf", bytes);
    expect(liveWorkerCount()).toBe(1);
    const error = await runConversion("svg-to-pdf", bytes, {}, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).reason).toBe("conversion_timeout");
    // A worker left drawing would finish and go back to the idle pool; a terminated one is gone.
    await vi.waitFor(() => expect(liveWorkerCount()).toBe(0), { timeout: 10_000 });
  });

  it("a cancelled conversion rejects as aborted, its worker ends, and the next conversion still works", async () => {
    const controller = new AbortController();
    const running = runConversion(
      "svg-to-pdf",
      svgBytes(manyShapes(24_000)),
      {},
      { signal: controller.signal },
    );
    await vi.waitFor(() => expect(liveWorkerCount()).toBeGreaterThan(0));
    controller.abort();
    await expect(running).rejects.toMatchObject({ reason: "aborted" });
    const pdf = await runConversion("svg-to-pdf", svgBytes(manyShapes(10)));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("a resvg render past its deadline is killed: its process is gone", async () => {
    closeRenderProcesses(); // no idle process left from earlier renders: any process alive below ran this one
    const bytes = svgBytes(HEAVY_RENDER);
    await validateConversionInput("svg-to-png", bytes); // so the deadline falls on the drawing
    const error = await runConversion("svg-to-png", bytes, {}, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect((error as EngineError).reason).toBe("conversion_timeout");
    // A process left drawing would stay alive for seconds and then wait, idle, for the next render.
    await vi.waitFor(() => expect(liveRenderProcesses()).toEqual([]), { timeout: 10_000 });
  });

  it("a render that needs gigabytes fails inside its capped process, as conversion_failed", async () => {
    closeRenderProcesses();
    // Straight to the renderer, past the cost pre-check that would refuse this file.
    const job = { svg: svgBytes(hugeFilteredElementSvg()), edge: undefined, maxEdge: 4096 };
    const error = await renderInChildProcess(job, { timeoutMs: 60_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).reason).toBe("conversion_failed");
    expect((error as EngineError).message).toMatch(/memory/);
    await vi.waitFor(() => expect(liveRenderProcesses()).toEqual([]));
  });

  it("a render process that answered is kept for the next render, which it draws", async () => {
    closeRenderProcesses();
    const small = svgBytes(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
    );
    await runConversion("svg-to-png", small);
    const [kept] = liveRenderProcesses();
    expect(kept).toBeDefined();
    await runConversion("svg-to-png", small);
    expect(liveRenderProcesses()).toEqual([kept]);
  });

  it("a pool whose slots and line are full refuses at once with rate_limit_exceeded", async () => {
    const pool = new WorkerPool(
      new URL("../../../src/local-api/engines/workers/engine-worker.mjs", import.meta.url),
      {
        maxBusy: 1,
        maxWaiting: 0,
        maxIdle: 0,
      },
    );
    const job = (id: number) => ({
      message: { id, task: "inspect", input: { bytes: svgBytes(manyShapes(20_000)), cost: {} } },
      timeoutMs: 30_000,
      what: "The check",
      onMessage: (reply: unknown) => ((reply as { id: number }).id === id ? { result: reply } : undefined),
    });
    const first = runWorkerJob(pool, job(1));
    await expect(runWorkerJob(pool, job(2))).rejects.toMatchObject({ reason: "rate_limit_exceeded" });
    await expect(first).resolves.toMatchObject({ output: "svg" });
  });

  it("a worker that fails after its job replied (idle in the pool) does not bring the server down", async () => {
    // Replies, then throws once its job is over: the pool holds it idle by then.
    const script = join(mkdtempSync(join(tmpdir(), "late-error-")), "late-error.mjs");
    writeFileSync(
      script,
      `import { parentPort } from "node:worker_threads";
parentPort.on("message", (m) => { parentPort.postMessage(m); setTimeout(() => { throw new Error("late"); }, 20); });`,
    );
    const pool = new WorkerPool(pathToFileURL(script), { maxBusy: 1, maxWaiting: 1, maxIdle: 1 });
    await closeEngineWorkers();
    await vi.waitFor(() => expect(liveWorkerCount()).toBe(0), { timeout: 10_000 });
    const answer = await runWorkerJob(pool, {
      message: { id: 1 },
      timeoutMs: 30_000,
      what: "The job",
      onMessage: (reply: unknown) => ({ result: reply }),
    });
    expect(answer).toEqual({ id: 1 });
    // The late error ends the worker; without a listener for it, it is thrown in this process.
    await vi.waitFor(() => expect(liveWorkerCount()).toBe(0), { timeout: 10_000 });
    // The pool gave up the dead worker: the next job gets a fresh one.
    await expect(
      runWorkerJob(pool, {
        message: { id: 2 },
        timeoutMs: 30_000,
        what: "The job",
        onMessage: (reply: unknown) => ({ result: reply }),
      }),
    ).resolves.toEqual({ id: 2 });
    await pool.close();
  });

  it("an error on an idle render process is heard: the server stays up and the process is ended", async () => {
    const small = svgBytes('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    closeRenderProcesses();
    await runConversion("svg-to-png", small);
    const [idlePid] = liveRenderProcesses();
    const child = spawned.find((c) => c.pid === idlePid);
    expect(child).toBeDefined();
    // What Node does when a send or kill on the process fails: an 'error' event after the render ended.
    expect(() => child!.emit("error", new Error("channel closed"))).not.toThrow();
    await vi.waitFor(() => expect(liveRenderProcesses()).not.toContain(idlePid), { timeout: 10_000 });
    expect(await runConversion("svg-to-png", small)).toBeInstanceOf(Buffer);
  });

  it("remove-background runs in a worker that its deadline terminates", async () => {
    // A 6000 x 6000 photo-like noise image: seconds of flood fill, far past a 20 ms deadline.
    const noise = await sharp({
      create: {
        width: 6000,
        height: 6000,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await closeEngineWorkers();
    const error = await removeBackground(noise, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect((error as EngineError).reason).toBe("conversion_timeout");
    await vi.waitFor(() => expect(liveWorkerCount()).toBe(0), { timeout: 20_000 });
  });

  it("an upload that may be SVG is sniffed in a worker, and 1,000 nested <g> is still an SVG", async () => {
    await expect(sniffUpload(svgBytes(deeplyNestedSvg()), ["png", "svg"])).resolves.toBe("svg");
    await expect(sniffUpload(svgBytes("<html></html>"), ["png", "svg"])).resolves.toBeUndefined();
  });

  it("task errors keep their reason across the thread boundary", async () => {
    await expect(
      runEngineTask("inspect", {
        bytes: svgBytes(
          `<svg xmlns="http://www.w3.org/2000/svg">${"<g>".repeat(300)}${"</g>".repeat(300)}</svg>`,
        ),
        cost: {},
      }),
    ).rejects.toMatchObject({ reason: "invalid_input_file", message: expect.stringMatching(/deep/) });
  });
});
