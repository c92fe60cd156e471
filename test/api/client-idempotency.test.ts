// Each row of the spec's "Idempotency key runs" table, as the caller experiences it.
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client/api-client";
import { expectApiRejection } from "./expect-api-error";
import { BASE, fail, ok, recordingSleep, scriptedFetch } from "./scripted-fetch";

const KEY = "idem-key-0123456789abcdef";
const svg = new Blob(["<svg/>"], { type: "image/svg+xml" });
const lottie = new Blob(["{}"], { type: "application/json" });

function setup(...answers: Parameters<typeof scriptedFetch>) {
  const script = scriptedFetch(...answers);
  const { sleep, waits } = recordingSleep();
  const client = createClient({ baseUrl: BASE, fetch: script.fetch, sleep });
  return { client, requests: script.requests, waits };
}

describe("conversion", () => {
  it("in flight: 409 idempotency_in_progress is waited out, then the run's outcome is returned", async () => {
    const { client, requests, waits } = setup(
      fail(409, "idempotency_in_progress", { headers: { "Retry-After": "2" } }),
      ok(
        { job: { uuid: "j1", status: "processing" } },
        { status: 202, headers: { Location: "/v3/convert/jobs/j1" } },
      ),
    );
    const answer = await client.convert("lottie-to-gif", lottie, { idempotencyKey: KEY });
    expect(answer).toMatchObject({ kind: "job", job: { uuid: "j1" }, location: "/v3/convert/jobs/j1" });
    expect(waits).toEqual([2000]);
    expect(requests).toHaveLength(2);
  });

  it("in flight for too long: surfaced as idempotency_in_progress, saying no new work started", async () => {
    const busy = () => fail(409, "idempotency_in_progress");
    // Back-offs of 0.5, 1, 2, 4 and 8 s fit the ~20 s same-key budget; the next 8 s would not.
    const { client, requests, waits } = setup(busy(), busy(), busy(), busy(), busy(), busy());
    const error = await expectApiRejection(
      client.convert("svg-to-png", svg, { idempotencyKey: KEY }),
      409,
      "idempotency_in_progress",
      /still running; no new work/,
    );
    expect(error.data.reason).toBe("idempotency_in_progress");
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(requests).toHaveLength(6);
  });

  it("completed asynchronous render: the 202 with the original job, ready to poll", async () => {
    const { client } = setup(
      ok(
        { job: { uuid: "original", status: "completed", result_url: "/files/x.gif" } },
        {
          status: 202,
          headers: { Location: "/v3/convert/jobs/original", "Retry-After": "3" },
        },
      ),
    );
    const answer = await client.convert("lottie-to-gif", lottie, { idempotencyKey: KEY });
    if (answer.kind !== "job") throw new Error("expected a job");
    expect(answer.job.uuid).toBe("original");
    expect(answer.retryAfterSeconds).toBe(3);
    expect(await client.pollConversionJob(answer.job)).toBe(answer.job);
  });

  it("completed synchronous conversion: already delivered, a new key means a new charge", async () => {
    const { client, requests } = setup(fail(409, "idempotency_already_completed"));
    const error = await expectApiRejection(
      client.convert("svg-to-png", svg, { idempotencyKey: KEY }),
      409,
      "idempotency_already_completed",
      /already delivered.*new key.*charged again/,
    );
    expect(error.rateLimit).toBeDefined();
    expect(requests).toHaveLength(1);
  });

  it("failed and refunded: surfaced as idempotency_already_failed", async () => {
    const { client, requests } = setup(fail(409, "idempotency_already_failed"));
    await expectApiRejection(
      client.convert("svg-to-png", svg, { idempotencyKey: KEY }),
      409,
      "idempotency_already_failed",
      /failed and was refunded/,
    );
    expect(requests).toHaveLength(1);
  });

  it("refuses a malformed key before sending", async () => {
    const { client, requests } = setup();
    await expectApiRejection(
      client.convert("svg-to-png", svg, { idempotencyKey: "short" }),
      400,
      "invalid_idempotency_key",
    );
    expect(requests).toHaveLength(0);
  });
});

describe("AI", () => {
  const submit = (client: ReturnType<typeof setup>["client"]) =>
    client.aiSubmit("text-to-image", { model: "m1", prompt: "cat" }, { idempotencyKey: KEY });

  it("in flight with data.tasks: the original tasks become the submission, nothing re-sent", async () => {
    const { client, requests } = setup(
      fail(409, "idempotency_in_progress", {
        extra: { tasks: ["t1", "t2"] },
        headers: { "Retry-After": "4" },
      }),
    );
    const submission = await submit(client);
    expect(submission.taskIds).toEqual(["t1", "t2"]);
    expect(submission.tasks).toEqual([{ task_id: "t1" }, { task_id: "t2" }]);
    expect(submission.adoptedFrom).toBe("idempotency_in_progress");
    expect(submission.retryAfterSeconds).toBe(4);
    expect(submission.creditsCharged).toBeUndefined();
    expect(requests).toHaveLength(1);
  });

  it("in flight before dispatch (no data.tasks): waited out until the tasks appear", async () => {
    const { client, requests } = setup(
      fail(409, "idempotency_in_progress"),
      fail(409, "idempotency_in_progress", { extra: { tasks: [{ task_id: "t7" }] } }),
    );
    const submission = await submit(client);
    expect(submission.taskIds).toEqual(["t7"]);
    expect(requests).toHaveLength(2);
    expect(requests.every((r) => r.headers.get("idempotency-key") === KEY)).toBe(true);
  });

  it("completed: data.tasks adopted, nothing re-dispatched", async () => {
    const { client } = setup(
      fail(409, "idempotency_already_completed", { extra: { tasks: ["a", "b", "c"] } }),
    );
    const submission = await submit(client);
    expect(submission.taskIds).toEqual(["a", "b", "c"]);
    expect(submission.adoptedFrom).toBe("idempotency_already_completed");
  });

  it("failed: surfaced as idempotency_already_failed", async () => {
    const { client } = setup(fail(409, "idempotency_already_failed"));
    await expectApiRejection(submit(client), 409, "idempotency_already_failed", /new key/);
  });

  it("a retried submission after a network failure adopts the original run's tasks", async () => {
    const { client, requests } = setup(
      new TypeError("connection reset"),
      fail(409, "idempotency_already_completed", { extra: { tasks: ["t1"] } }),
    );
    const submission = await submit(client);
    expect(submission.taskIds).toEqual(["t1"]);
    expect(requests).toHaveLength(2);
  });
});
