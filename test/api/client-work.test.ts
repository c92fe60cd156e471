// Conversions and AI submissions: what is sent, what comes back, and the checks made before sending.
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client/api-client";
import { expectApiRejection } from "./expect-api-error";
import { BASE, ok, RATE, scriptedFetch } from "./scripted-fetch";

const svg = new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "logo.svg", { type: "image/svg+xml" });
const lottie = new Blob(['{"v":"5"}'], { type: "application/json" });
const png = new Blob([new Uint8Array(64)], { type: "image/png" });

function setup(...answers: Parameters<typeof scriptedFetch>) {
  const script = scriptedFetch(...answers);
  return { client: createClient({ baseUrl: BASE, fetch: script.fetch }), requests: script.requests };
}

describe("convert", () => {
  it("a synchronous conversion returns the bytes, content type and X-Credits-Consumed", async () => {
    const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    const { client, requests } = setup(
      new Response(bytes, { headers: { "content-type": "image/png", "X-Credits-Consumed": "2", ...RATE } }),
    );
    const answer = await client.convert("svg-to-png", svg);
    expect(answer).toEqual({
      kind: "file",
      bytes,
      contentType: "image/png",
      creditsConsumed: 2,
      rateLimit: { limit: 100, remaining: 42, reset: 30 },
    });
    const sent = requests[0]!;
    expect(new URL(sent.url).pathname).toBe("/base/v3/convert/svg-to-png");
    expect(sent.headers.get("idempotency-key")).toBeNull();
    expect(((await sent.formData()).get("file") as File).name).toBe("logo.svg");
  });

  it("a JSON output of a synchronous conversion is the file, not an envelope", async () => {
    const { client } = setup(
      new Response('{"v":"5","layers":[]}', { headers: { "content-type": "application/json" } }),
    );
    const answer = await client.convert("lottie-optimize", lottie);
    if (answer.kind !== "file") throw new Error("expected a file");
    expect(new TextDecoder().decode(answer.bytes)).toBe('{"v":"5","layers":[]}');
  });

  it("an asynchronous conversion returns the job, Location and Retry-After, sending width, height and key", async () => {
    const { client, requests } = setup(
      ok(
        { job: { uuid: "j1", status: "queued", operation: "lottie-to-gif", eta: 9 } },
        { status: 202, headers: { Location: "/v3/convert/jobs/j1", "Retry-After": "5" } },
      ),
    );
    const key = "abcdefghijklmnop";
    const answer = await client.convert("lottie-to-gif", lottie, {
      width: 320,
      height: 240,
      idempotencyKey: key,
    });
    expect(answer).toMatchObject({
      kind: "job",
      job: { uuid: "j1", status: "queued", eta: 9 },
      location: "/v3/convert/jobs/j1",
      retryAfterSeconds: 5,
      rateLimit: { remaining: 42 },
    });
    const form = await requests[0]!.formData();
    expect([form.get("width"), form.get("height")]).toEqual(["320", "240"]);
    expect(requests[0]!.headers.get("idempotency-key")).toBe(key);
  });

  it("sends preset for svg-to-lottie", async () => {
    const { client, requests } = setup(
      new Response("{}", { headers: { "content-type": "application/json" } }),
    );
    await client.convert("svg-to-lottie", svg, { preset: "bounce" });
    expect((await requests[0]!.formData()).get("preset")).toBe("bounce");
  });

  it("checks operation, upload size and sizes before sending", async () => {
    const { client, requests } = setup();
    await expectApiRejection(
      client.convert("svg-to-gif" as never, svg),
      404,
      "unknown_operation",
      /svg-to-gif/,
    );
    await expectApiRejection(
      client.convert("svg-to-png", png, { maxUploadKb: 0 }),
      413,
      "invalid_request",
      /KB/,
    );
    await expectApiRejection(
      client.convert("lottie-to-gif", lottie, { width: 0 }),
      400,
      "invalid_request",
      /width/,
    );
    await expectApiRejection(client.convert("svg-to-png", new Blob([])), 400, "invalid_request", /empty/);
    expect(requests).toHaveLength(0);
  });

  it("reads a job and the conversion catalogue", async () => {
    const { client, requests } = setup(
      ok(
        { job: { uuid: "j1", status: "completed", result_url: "/files/j1.gif" } },
        { headers: { "Retry-After": "1" } },
      ),
      ok({
        operations: [{ operation: "svg-to-png", input: "svg", credit_cost: 1, available_on_your_plan: true }],
        max_upload_kb: 5120,
      }),
    );
    const job = await client.conversionJob("j1");
    expect(new URL(requests[0]!.url).pathname).toBe("/base/v3/convert/jobs/j1");
    expect(job).toMatchObject({
      job: { status: "completed", result_url: "/files/j1.gif" },
      retryAfterSeconds: 1,
    });
    const catalogue = await client.conversionOperations();
    expect(catalogue.max_upload_kb).toBe(5120);
    expect(catalogue.operations[0]).toMatchObject({ operation: "svg-to-png", creditCost: 1, input: "svg" });
  });
});

describe("AI submit", () => {
  it("posts a generative request as JSON with the project reference and returns every task", async () => {
    const { client, requests } = setup(
      ok(
        {
          tasks: [
            { task_id: "t1", status: "PENDING" },
            { task_id: "t2", status: "PENDING" },
            { task_id: "t3", status: "PENDING" },
          ],
          credits_charged: 12,
          remaining_credits: 88,
        },
        { status: 202, headers: { Location: "/v3/ai/tasks/t1", "Retry-After": "3" } },
      ),
    );
    const submission = await client.aiSubmit(
      "text-to-image",
      { model: "m1", prompt: "a cat", count: 3 },
      { projectReference: "Spring campaign" },
    );
    expect(submission).toMatchObject({
      taskIds: ["t1", "t2", "t3"],
      creditsCharged: 12,
      remainingCredits: 88,
      location: "/v3/ai/tasks/t1",
      retryAfterSeconds: 3,
      rateLimit: { remaining: 42 },
    });
    const sent = requests[0]!;
    expect(new URL(sent.url).pathname).toBe("/base/v3/ai/text-to-image");
    expect(sent.headers.get("x-project-reference")).toBe("Spring campaign");
    expect(await sent.json()).toEqual({ model: "m1", prompt: "a cat", count: 3 });
  });

  it("finds the tasks wherever they sit and reads the remaining balance by other names", async () => {
    const shapes: [unknown, number | undefined][] = [
      [{ tasks: [{ task_id: "a" }, { task_id: "b" }], credits_charged: 4, remaining: 6 }, 6],
      [{ response: { data: { tasks: ["a", "b"] }, balance: 7 } }, 7],
      [
        { response: { result: { tasks: [{ task_id: "a" }, { task_id: "b" }] }, credits: { remaining: 8 } } },
        8,
      ],
    ];
    for (const [body, remaining] of shapes) {
      const { client } = setup(new Response(JSON.stringify(body), { status: 202 }));
      const submission = await client.aiSubmit("remove-background", { file: png });
      expect(submission.taskIds).toEqual(["a", "b"]);
      expect(submission.remainingCredits).toBe(remaining);
    }
  });

  it("falls back to the task Location names when the body lists none", async () => {
    const { client } = setup(
      ok({ credits_charged: 1 }, { status: 202, headers: { Location: "/v3/ai/tasks/t%2042" } }),
    );
    expect((await client.aiSubmit("vectorize", { file: png })).taskIds).toEqual(["t 42"]);
  });

  it("an answer without tasks is invalid_response", async () => {
    const { client } = setup(ok({ credits_charged: 1 }, { status: 202 }));
    await expectApiRejection(client.aiSubmit("vectorize", { file: png }), 202, "invalid_response", /tasks/);
  });

  it("uploads a single file for upload operations", async () => {
    const { client, requests } = setup(ok({ tasks: [{ task_id: "v1" }] }, { status: 202 }));
    await client.aiSubmit("vectorize", { file: png });
    const form = await requests[0]!.formData();
    expect([...form.keys()]).toEqual(["file"]);
  });

  it("checks the input before sending", async () => {
    const { client, requests } = setup();
    await expectApiRejection(
      client.aiSubmit("vectorize", { file: png, prompt: "x" } as never),
      400,
      "invalid_request",
      /prompt/,
    );
    await expectApiRejection(client.aiSubmit("smart-group", {} as never), 400, "invalid_request", /file/);
    await expectApiRejection(
      client.aiSubmit("text-to-image", { model: "" }),
      400,
      "invalid_request",
      /model/,
    );
    await expectApiRejection(
      client.aiSubmit("image-to-image", { model: "m", image_url: "file:///etc/passwd" }),
      400,
      "invalid_request",
      /image_url/,
    );
    await expectApiRejection(
      client.aiSubmit("text-to-image", { model: "m" }, { projectReference: "é" }),
      400,
      "invalid_request",
      /X-Project-Reference/,
    );
    await expectApiRejection(client.aiSubmit("paint" as never, { model: "m" }), 404, "unknown_operation");
    await expectApiRejection(
      client.aiSubmit("vectorize", { file: png }, { maxUploadKb: 0 }),
      413,
      "invalid_request",
    );
    expect(requests).toHaveLength(0);
  });
});

describe("AI task and catalogues", () => {
  it("reads a task, the operations and the models", async () => {
    const { client, requests } = setup(
      ok({
        task: {
          task_id: "t1",
          status: "COMPLETED",
          result: { url: "/files/t1.png", content_type: "image/png" },
        },
      }),
      ok({
        operations: [
          { operation: "text-to-3d", image_input: "none", credit_cost: 20, available_on_your_plan: false },
        ],
        max_upload_kb: 2048,
      }),
      ok({ models: [{ model: "m1", name: "Model one", operations: ["text-to-image"], credit_cost: 4 }] }),
    );
    const task = await client.aiTask("t1");
    expect(new URL(requests[0]!.url).pathname).toBe("/base/v3/ai/tasks/t1");
    expect(task.task).toMatchObject({ task_id: "t1", status: "COMPLETED", result: { url: "/files/t1.png" } });
    const operations = await client.aiOperations();
    expect(operations.operations[0]).toMatchObject({
      operation: "text-to-3d",
      image_input: "none",
      creditCost: 20,
      available_on_your_plan: false,
    });
    expect(operations.max_upload_kb).toBe(2048);
    const models = await client.aiModels();
    expect(models.models).toEqual([
      { model: "m1", name: "Model one", operations: ["text-to-image"], credit_cost: 4, creditCost: 4 },
    ]);
  });
});
