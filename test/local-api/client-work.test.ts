// The src/api client against this work over real HTTP: the shapes the local API chose for what the
// spec does not show are the ones the client reads (jobs, tasks, catalogues, reverse search, 409s).

import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, isApiError, newIdempotencyKey, resultUrlOf } from "../../src/api/client/api-client";
import { ScriptedProvider } from "./scripted-provider";
import { type RunningLocalApi, startLocalApi } from "./support";
import { encode, headersOf, lottie, png, SVG, smallCatalogue, worker } from "./work-support";

let server: RunningLocalApi;
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startLocalApi({
    accounts: { clients: [worker("app")] },
    aiProvider: new ScriptedProvider(),
    catalogFile: smallCatalogue(130).path,
  });
  // The client honours Retry-After (1 s here); a short real pause keeps the test quick.
  client = createClient({ baseUrl: server.url, headers: headersOf("app"), sleep: () => sleep(20) });
});
afterAll(() => server.close());

describe("the client reads the local API's work", () => {
  it("sync conversion: the file and X-Credits-Consumed", async () => {
    const answer = await client.convert("svg-to-png", new Blob([SVG], { type: "image/svg+xml" }));
    expect(answer.kind).toBe("file");
    if (answer.kind !== "file") return;
    expect(answer.contentType).toBe("image/png");
    expect(answer.creditsConsumed).toBe(1);
    expect((await sharp(Buffer.from(answer.bytes)).metadata()).format).toBe("png");
  });

  it("async conversion: the job, polled to completed, with a result URL that serves the GIF", async () => {
    const answer = await client.convert("lottie-to-gif", new Blob([lottie()]), { width: 48 });
    expect(answer.kind).toBe("job");
    if (answer.kind !== "job") return;
    expect(answer.location).toBe(`/v3/convert/jobs/${answer.job.uuid}`);
    const done = await client.pollConversionJob(answer.job, { retryAfterSeconds: answer.retryAfterSeconds });
    expect(done.status).toBe("completed");
    const file = await fetch(resultUrlOf(done)!);
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe("gif");
  });

  it("a repeated key on a sync conversion surfaces as an ApiError with the spec's reason", async () => {
    const idempotencyKey = newIdempotencyKey();
    await client.convert("svg-to-png", new Blob([SVG]), { idempotencyKey });
    const again = await client.convert("svg-to-png", new Blob([SVG]), { idempotencyKey }).catch((e) => e);
    expect(isApiError(again) && again.reason).toBe("idempotency_already_completed");
  });

  it("AI: every task of a submission, credits, polling to finished, and a repeated key adopting the tasks", async () => {
    const idempotencyKey = newIdempotencyKey();
    const submitted = await client.aiSubmit(
      "text-to-image",
      { model: "sketch-1", prompt: "a fox", n: 2 },
      { idempotencyKey, projectReference: "launch" },
    );
    expect(submitted.taskIds).toHaveLength(2);
    expect(submitted.creditsCharged).toBe(6);
    expect(submitted.remainingCredits).toBeTypeOf("number");
    const tasks = await client.pollAiTasks(submitted.taskIds, {
      retryAfterSeconds: submitted.retryAfterSeconds,
    });
    expect(tasks.map((task) => task.status)).toEqual(["COMPLETED", "COMPLETED"]);
    expect(resultUrlOf(tasks[0]!)).toMatch(/\/files\/results\//);
    const repeat = await client.aiSubmit(
      "text-to-image",
      { model: "sketch-1", prompt: "a fox", n: 2 },
      { idempotencyKey },
    );
    expect(repeat.adoptedFrom).toBe("idempotency_already_completed");
    expect(repeat.taskIds).toEqual(submitted.taskIds);
  });

  it("AI upload: vectorize through the client", async () => {
    const submitted = await client.aiSubmit("vectorize", {
      file: new Blob([new Uint8Array(await png())], { type: "image/png" }),
    });
    const [task] = await client.pollAiTasks(submitted.taskIds);
    expect(task?.status).toBe("COMPLETED");
    expect(await (await fetch(resultUrlOf(task!)!)).text()).toMatch(/^<svg/);
  });

  it("catalogues: conversion and AI operations with costs, and the models", async () => {
    const conversions = await client.conversionOperations();
    expect(conversions.operations).toHaveLength(12);
    expect(conversions.operations.every((entry) => typeof entry.creditCost === "number")).toBe(true);
    expect(conversions.max_upload_kb).toBe(5120);
    const ai = await client.aiOperations();
    expect(ai.operations.find((entry) => entry.operation === "text-to-3d")?.image_input).toBe("none");
    const models = await client.aiModels();
    expect(models.models.map((model) => model.model)).toEqual(["sketch-1", "mesh-1"]);
  });

  it("reverse search by file, then by image_hash", async () => {
    const icon = encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="20" fill="none" stroke="#000" stroke-width="4"/></svg>',
    );
    const query = await sharp(icon).png().toBuffer();
    const first = await client.reverseSearchByFile(new Blob([new Uint8Array(query)], { type: "image/png" }));
    expect(first.image_hash).toBeTypeOf("string");
    expect(first.data.length).toBe(60);
    const second = await client.reverseSearchByHash(first.image_hash!, { page: 2 });
    expect(second.total).toBe(first.total);
    expect(second.data[0]?.uuid).not.toBe(first.data[0]?.uuid);
  });
});
