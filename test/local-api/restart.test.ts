// Idempotency keys, jobs and tasks survive a restart (the work journal in the state folder): a repeat after
// the restart gets the same answer and is never charged again; work a restart cut short is failed
// and uncharged, and its key answers already_failed.

import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { json, startLocalApi } from "./support";
import {
  credits,
  encode,
  fileForm,
  headersOf,
  lottie,
  png,
  pollJob,
  pollTask,
  postForm,
  SVG,
  worker,
} from "./work-support";

const stateDir = mkdtempSync(join(tmpdir(), "local-api-restart-"));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

const accounts = { clients: [worker("conv")] };
const key = (name: string) => ({ ...headersOf("conv"), "Idempotency-Key": `restart-key-${name}-0000` });

describe("after a restart", () => {
  it("keys, jobs and tasks answer as before, and nothing is charged twice", async () => {
    const first = await startLocalApi({ stateDir, accounts });
    expect(
      (await postForm(first, "/v3/convert/svg-to-png", fileForm(encode(SVG), "a.svg"), key("sync"))).status,
    ).toBe(200);
    const job = (
      await json(await postForm(first, "/v3/convert/lottie-to-gif", fileForm(lottie(), "a.json"), key("job")))
    ).response.job;
    await pollJob(first, job.uuid, headersOf("conv"));
    const task = (
      await json(await postForm(first, "/v3/ai/vectorize", fileForm(await png(), "a.png"), key("ai")))
    ).response.tasks[0];
    await pollTask(first, task.task_id, headersOf("conv"));
    const before = await credits(first, "conv");
    await first.close();

    const second = await startLocalApi({ stateDir, accounts });
    try {
      const sync = await postForm(
        second,
        "/v3/convert/svg-to-png",
        fileForm(encode(SVG), "a.svg"),
        key("sync"),
      );
      expect([sync.status, (await json(sync)).data.reason]).toEqual([409, "idempotency_already_completed"]);

      const repeatJob = await postForm(
        second,
        "/v3/convert/lottie-to-gif",
        fileForm(lottie(), "a.json"),
        key("job"),
      );
      expect(repeatJob.status).toBe(202);
      const restored = (await json(repeatJob)).response.job;
      expect(restored).toMatchObject({ uuid: job.uuid, status: "completed" });
      expect((await fetch(restored.result_url)).status).toBe(200);

      const ai = await postForm(second, "/v3/ai/vectorize", fileForm(await png(), "a.png"), key("ai"));
      const aiBody = await json(ai);
      expect([ai.status, aiBody.data.reason, aiBody.data.tasks]).toEqual([
        409,
        "idempotency_already_completed",
        [task.task_id],
      ]);
      const polled = (
        await json(await fetch(`${second.url}/v3/ai/tasks/${task.task_id}`, { headers: headersOf("conv") }))
      ).response.task;
      expect(polled.status).toBe("COMPLETED");
      expect(await (await fetch(polled.result.url)).text()).toMatch(/^<svg/);

      expect((await credits(second, "conv")).used).toBe(before.used);
    } finally {
      await second.close();
    }
  });

  it("work a restart cut short is failed, uncharged, and its key answers already_failed", async () => {
    // What a crash mid-render leaves in the state journal: a job still processing and a key in flight.
    const snapshot = JSON.parse(readFileSync(join(stateDir, "work.snapshot.json"), "utf8"));
    const line = {
      seq: snapshot.seq + 1,
      ops: [
        {
          op: "job",
          job: {
            uuid: "cut-short-job",
            owner: "conv",
            operation: "lottie-to-gif",
            status: "processing",
            finished: false,
          },
        },
        {
          op: "key",
          id: "conv\nrestart-key-cut-0000",
          entry: { at: Date.UTC(2026, 2, 10, 12), run: { family: "conversion", state: "in_flight" } },
        },
      ],
    };
    appendFileSync(join(stateDir, "work.journal"), `${JSON.stringify(line)}\n`);

    const third = await startLocalApi({ stateDir, accounts });
    try {
      const job = (
        await json(await fetch(`${third.url}/v3/convert/jobs/cut-short-job`, { headers: headersOf("conv") }))
      ).response.job;
      expect(job).toMatchObject({ status: "failed", reason: "interrupted" });
      const repeat = await postForm(
        third,
        "/v3/convert/svg-to-png",
        fileForm(encode(SVG), "a.svg"),
        key("cut"),
      );
      expect([repeat.status, (await json(repeat)).data.reason]).toEqual([409, "idempotency_already_failed"]);
    } finally {
      await third.close();
    }
  });
});
