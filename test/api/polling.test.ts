// Following jobs and tasks: Retry-After pacing, every task id, finishing statuses, updates, cancellation.
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client/api-client";
import type { AiTask, ConversionJob } from "../../src/api/contract/spec-objects";
import { expectApiRejection } from "./expect-api-error";
import { BASE, ok, recordingSleep, scriptedFetch } from "./scripted-fetch";

const job = (status: string, retryAfter?: string) =>
  ok({ job: { uuid: "j1", status } }, { headers: retryAfter ? { "Retry-After": retryAfter } : {} });

/** Answers GET /v3/ai/tasks/{id} from per-task status queues, with a per-task Retry-After. */
function taskAnswers(statuses: Record<string, string[]>, retryAfter: Record<string, string> = {}) {
  const queues = new Map(Object.entries(statuses));
  return (request: Request) => {
    const id = decodeURIComponent(new URL(request.url).pathname.split("/").pop()!);
    const status = queues.get(id)!.shift()!;
    const seconds = retryAfter[id];
    return ok({ task: { task_id: id, status } }, { headers: seconds ? { "Retry-After": seconds } : {} });
  };
}

function setup(...answers: Parameters<typeof scriptedFetch>) {
  const script = scriptedFetch(...answers);
  const { sleep, waits } = recordingSleep();
  return {
    client: createClient({ baseUrl: BASE, fetch: script.fetch, sleep }),
    requests: script.requests,
    waits,
  };
}

describe("pollConversionJob", () => {
  it("waits the submission's Retry-After, then each answer's, until a finished status", async () => {
    const { client, requests, waits } = setup(job("queued", "4"), job("PROCESSING"), job("Completed"));
    const updates: ConversionJob[] = [];
    const done = await client.pollConversionJob("j1", {
      retryAfterSeconds: 3,
      onUpdate: (j) => updates.push(j),
    });
    expect(done.status).toBe("Completed");
    expect(waits).toEqual([3000, 4000, 2000]);
    expect(updates.map((j) => j.status)).toEqual(["queued", "PROCESSING", "Completed"]);
    expect(requests.every((r) => new URL(r.url).pathname === "/base/v3/convert/jobs/j1")).toBe(true);
  });

  it("stops on failed, succeeded and error alike", async () => {
    for (const status of ["failed", "succeeded", "ERROR"]) {
      const { client, requests } = setup(job(status));
      expect((await client.pollConversionJob({ uuid: "j1", status: "queued" })).status).toBe(status);
      expect(requests).toHaveLength(1);
    }
  });

  it("gives up after maxChecks and can be cancelled", async () => {
    const { client } = setup(job("queued"), job("queued"));
    await expectApiRejection(client.pollConversionJob("j1", { maxChecks: 2 }), 0, "poll_timeout");
    const controller = new AbortController();
    const cancelled = setup(job("queued"), job("queued"));
    const pending = cancelled.client.pollConversionJob("j1", {
      signal: controller.signal,
      onUpdate: () => controller.abort(),
    });
    await expectApiRejection(pending, 0, "aborted");
    expect(cancelled.requests).toHaveLength(1);
  });
});

describe("pollAiTasks", () => {
  it("follows every task until each is COMPLETED or FAILED, paced by the slowest Retry-After", async () => {
    const answer = taskAnswers(
      { t1: ["IN_PROGRESS", "COMPLETED"], t2: ["FAILED"], t3: ["PENDING", "IN_PROGRESS", "COMPLETED"] },
      { t1: "7", t2: "1", t3: "5" },
    );
    const { client, requests, waits } = setup(...Array.from({ length: 6 }, () => answer));
    const updates: string[][] = [];
    const tasks = await client.pollAiTasks(["t1", "t2", "t3"], {
      retryAfterSeconds: 2,
      onUpdate: (snapshot: AiTask[]) => updates.push(snapshot.map((t) => `${t.task_id}:${t.status}`)),
    });
    expect(tasks.map((t) => [t.task_id, t.status])).toEqual([
      ["t1", "COMPLETED"],
      ["t2", "FAILED"],
      ["t3", "COMPLETED"],
    ]);
    expect(requests).toHaveLength(6);
    expect(waits).toEqual([2000, 7000, 7000]);
    expect(updates[0]).toEqual(["t1:IN_PROGRESS", "t2:FAILED", "t3:PENDING"]);
    expect(updates).toHaveLength(3);
  });

  it("returns at once when every task is already finished", async () => {
    const { client, requests } = setup();
    const tasks = [
      { task_id: "a", status: "COMPLETED" },
      { task_id: "b", status: "FAILED" },
    ];
    expect(await client.pollAiTasks(tasks)).toEqual(tasks);
    expect(requests).toHaveLength(0);
  });

  it("follows the tasks a submission lists, not only the Location one", async () => {
    const answer = taskAnswers({ t1: ["COMPLETED"], t2: ["COMPLETED"] });
    const { client, requests } = setup(
      ok(
        { tasks: [{ task_id: "t1" }, { task_id: "t2" }] },
        { status: 202, headers: { Location: "/v3/ai/tasks/t1" } },
      ),
      answer,
      answer,
    );
    const submission = await client.aiSubmit("text-to-image", { model: "m" });
    const done = await client.pollAiTasks(submission.tasks, {
      retryAfterSeconds: submission.retryAfterSeconds,
    });
    expect(done.map((t) => t.task_id)).toEqual(["t1", "t2"]);
    expect(
      requests
        .slice(1)
        .map((r) => new URL(r.url).pathname)
        .sort(),
    ).toEqual(["/base/v3/ai/tasks/t1", "/base/v3/ai/tasks/t2"]);
  });

  it("can be cancelled between checks", async () => {
    const controller = new AbortController();
    const answer = taskAnswers({ t1: ["PENDING", "PENDING"] });
    const { client, requests } = setup(answer, answer);
    const pending = client.pollAiTasks(["t1"], {
      signal: controller.signal,
      onUpdate: () => controller.abort(),
    });
    await expectApiRejection(pending, 0, "aborted");
    expect(requests).toHaveLength(1);
  });
});
