// Credits and work share one journal: a charge is written in the same line as the job, task or key
// it pays for, so no crash can split them. Result files do not outlive their records: orphans and
// results past RESULT_KEPT_MS are deleted at start (and periodically).

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalApi } from "../../src/local-api/app";
import { RESULT_KEPT_MS } from "../../src/local-api/work/result-sweep";
import { json, type Loose, startLocalApi } from "./support";
import {
  encode,
  fileForm,
  getInProcess,
  headersOf,
  lottie,
  png,
  pollJob,
  pollTask,
  postForm,
  SVG,
  smallCatalogue,
  worker,
} from "./work-support";

const root = mkdtempSync(join(tmpdir(), "work-journal-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const catalogFile = smallCatalogue(4).path;
const accounts = { clients: [worker("conv")] };
const key = (name: string) => ({ ...headersOf("conv"), "Idempotency-Key": `work-journal-key-${name}` });

function journalLines(stateDir: string): Array<{ seq: number; ops: Loose[] }> {
  return readFileSync(join(stateDir, "work.journal"), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

/** The one journal line holding the charge that names `ref`, and that line's other ops. */
function chargeLine(stateDir: string, ref: { job?: string; task?: string }) {
  const lines = journalLines(stateDir).filter((line) =>
    line.ops.some(
      (op) => op.op === "usage" && (ref.job ? op.event.job === ref.job : op.event.task === ref.task),
    ),
  );
  expect(lines).toHaveLength(1);
  return lines[0]!.ops;
}

/** Waits (bounded by attempts) until `done()`; the sweep at start runs in the background. */
async function eventually(done: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200 && !done(); i++) await sleep(10);
  return done();
}

describe("one journal for credits and work", () => {
  it("writes each charge in the same line as the job, task or key it pays for", async () => {
    const stateDir = join(root, "lines");
    const api = await startLocalApi({ stateDir, accounts, catalogFile });
    try {
      const job = (
        await json(
          await postForm(api, "/v3/convert/lottie-to-gif", fileForm(lottie(), "a.json"), key("job1")),
        )
      ).response.job;
      await pollJob(api, job.uuid, headersOf("conv"));
      const jobOps = chargeLine(stateDir, { job: job.uuid });
      expect(jobOps).toContainEqual(
        expect.objectContaining({
          op: "job",
          job: expect.objectContaining({ uuid: job.uuid, status: "completed", creditsCharged: 3 }),
        }),
      );

      const task = (
        await json(await postForm(api, "/v3/ai/vectorize", fileForm(await png(), "a.png"), key("task1")))
      ).response.tasks[0];
      await pollTask(api, task.task_id, headersOf("conv"));
      expect(chargeLine(stateDir, { task: task.task_id })).toContainEqual(
        expect.objectContaining({
          op: "task",
          task: expect.objectContaining({ task_id: task.task_id, status: "COMPLETED" }),
        }),
      );

      const sync = await postForm(
        api,
        "/v3/convert/svg-to-png",
        fileForm(encode(SVG), "a.svg"),
        key("sync1"),
      );
      expect(sync.status).toBe(200);
      const syncLine = journalLines(stateDir).find((line) =>
        line.ops.some((op) => op.op === "usage" && op.event.operation === "svg-to-png"),
      );
      expect(syncLine?.ops).toContainEqual({
        op: "key",
        id: "conv\nwork-journal-key-sync1",
        entry: expect.objectContaining({ run: { family: "conversion", state: "completed_sync" } }),
      });
    } finally {
      await api.close();
    }
  });
});

describe("result files", () => {
  it("orphans and results past their keeping are deleted at start, with their records", async () => {
    const stateDir = join(root, "sweep");
    const first = await startLocalApi({ stateDir, accounts, catalogFile });
    const old = (
      await json(
        await postForm(first, "/v3/convert/lottie-to-gif", fileForm(lottie(), "a.json"), key("old1")),
      )
    ).response.job;
    await pollJob(first, old.uuid, headersOf("conv"));
    // The second render finishes two hours later on the service's clock.
    first.clock.advance(2 * 60 * 60 * 1000);
    const kept = (
      await json(
        await postForm(first, "/v3/convert/lottie-to-gif", fileForm(lottie(), "a.json"), key("new1")),
      )
    ).response.job;
    await pollJob(first, kept.uuid, headersOf("conv"));
    const oldFinished = first.clock.now - 2 * 60 * 60 * 1000;
    await first.close();

    const results = join(stateDir, "results");
    // A file a crash left between writing a result and recording it.
    writeFileSync(join(results, "0b7c41c2-orphan-left-by-a-crash.gif"), "GIF89a");

    // Restarted a minute past the first result's keeping, by the service's clock alone: the files'
    // times (the system clock, which the service's clock need not follow) play no part.
    const later = oldFinished + RESULT_KEPT_MS + 60_000;
    const second = createLocalApi({ stateDir, accounts, catalogFile, now: () => later });
    try {
      expect(await eventually(() => readdirSync(results).length === 1)).toBe(true);
      expect(readdirSync(results)).toEqual([`${kept.uuid}.gif`]);
      // The dropped job is gone for its owner as for anyone; the kept one still answers completed.
      expect((await getInProcess(second, `/v3/convert/jobs/${old.uuid}`, "conv")).status).toBe(404);
      const keptNow = await getInProcess(second, `/v3/convert/jobs/${kept.uuid}`, "conv");
      expect(((await keptNow.json()) as Loose).response.job.status).toBe("completed");
    } finally {
      await second.close();
    }
    // The dropped record stays dropped after another restart (the drop is journaled).
    const third = await startLocalApi({ stateDir, accounts, catalogFile });
    try {
      expect((await third.get(`/v3/convert/jobs/${old.uuid}`, headersOf("conv"))).status).toBe(404);
      expect(existsSync(join(results, `${kept.uuid}.gif`))).toBe(true);
    } finally {
      await third.close();
    }
  });
});
