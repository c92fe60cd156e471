// POST /v3/ai/{operation} on the default local plan (no AiProvider): vectorize and remove-background
// run here for real; generation and smart-group are validated, then refused 403. Every error the
// spec lists for AI, the catalogue endpoints and task privacy, over real HTTP.

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_OPERATIONS } from "../../src/api/contract/tables";
import { localApiParts } from "../../src/local-api/parts";
import { json, type RunningLocalApi, startLocalApi } from "./support";
import { credits, encode, fileForm, headersOf, png, pollTask, postForm, SVG, worker } from "./work-support";

let server: RunningLocalApi;
const AI = headersOf("maker");

beforeAll(async () => {
  server = await startLocalApi({
    accounts: {
      clients: [
        worker("maker"),
        worker("other"),
        worker("ownerless", { has_owner: false }),
        worker("planless", { capabilities: { converter: true, ai: false } }),
        worker("switched-off", { app_enabled: { converter: true, ai: false } }),
        worker("unsubscribed", { subscription: false }),
        worker("tiny", { max_upload_kb: 1 }),
        worker("spent", { credits: { allowance: 0, spend_ceiling: false } }),
      ],
    },
  });
});
afterAll(() => server.close());

const upload = (
  op: string,
  bytes: Uint8Array,
  headers: Record<string, string> = AI,
  fields: Record<string, string> = {},
) => postForm(server, `/v3/ai/${op}`, fileForm(bytes, "layer.png", fields), headers);

const generate = (op: string, body: unknown, headers: Record<string, string> = AI) =>
  fetch(`${server.url}/v3/ai/${op}`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function expectError(response: Response, status: number, reason: string) {
  const body = await json(response);
  expect({ status: response.status, reason: body.data?.reason }).toEqual({ status, reason });
  return body;
}

/** A 96x96 PNG: a dark blue disc on a flat light background. */
const disc = () =>
  sharp(
    encode(
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#f4f4f0"/><circle cx="48" cy="48" r="30" fill="#1a3d8f"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

describe("upload operations run here", () => {
  it("vectorize: 202 with one task, then a colour SVG of the upload", async () => {
    const before = await credits(server, "maker");
    const response = await upload("vectorize", await disc(), {
      ...AI,
      "X-Project-Reference": "Brand refresh / Q3",
    });
    expect(response.status).toBe(202);
    const body = (await json(response)).response;
    expect(body.tasks).toHaveLength(1);
    expect(body.tasks[0].status).toMatch(/^(PENDING|IN_PROGRESS)$/);
    expect(body.credits_charged).toBe(2);
    expect(body.remaining_credits).toBe(before.remaining - 2);
    expect(response.headers.get("location")).toBe(`/v3/ai/tasks/${body.tasks[0].task_id}`);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);

    const task = await pollTask(server, body.tasks[0].task_id, AI);
    expect(task).toMatchObject({ status: "COMPLETED", operation: "vectorize" });
    expect(task.result.content_type).toBe("image/svg+xml");
    const svg = await (await fetch(task.result.url)).text();
    expect(svg).toMatch(/^<svg[\s\S]*<path/);
    const drawn = await sharp(encode(svg)).metadata();
    expect([drawn.width, drawn.height]).toEqual([96, 96]);
    expect((await credits(server, "maker")).used).toBe(before.used + 2);
    expect(localApiParts(server.api).ledger.events("maker").at(-1)).toMatchObject({
      kind: "ai",
      operation: "vectorize",
      credits: 2,
      project_reference: "Brand refresh / Q3",
    });
  });

  it("remove-background: a PNG whose flat background is transparent and whose subject is kept", async () => {
    const task = await pollTask(
      server,
      (await json(await upload("remove-background", await disc()))).response.tasks[0].task_id,
      AI,
    );
    expect(task.status).toBe("COMPLETED");
    const { data, info } = await sharp(Buffer.from(await (await fetch(task.result.url)).arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect([info.width, alpha(2, 2), alpha(48, 48)]).toEqual([96, 0, 255]);
  });

  it("takes exactly one multipart file and nothing else (422 invalid_request)", async () => {
    await expectError(await upload("vectorize", await png(), AI, { model: "x" }), 422, "invalid_request");
    await expectError(
      await upload("remove-background", await png(), AI, { prompt: "cut it out" }),
      422,
      "invalid_request",
    );
    const two = fileForm(await png(), "a.png");
    two.append("file", new Blob([new Uint8Array(await png())]), "b.png");
    await expectError(await postForm(server, "/v3/ai/vectorize", two, AI), 422, "invalid_request");
    await expectError(await postForm(server, "/v3/ai/vectorize", new FormData(), AI), 422, "invalid_request");
    await expectError(await generate("vectorize", { file: "x" }), 422, "invalid_request");
    await expectError(await upload("vectorize", encode("not an image at all")), 422, "invalid_request");
    await expectError(await upload("vectorize", encode(SVG)), 422, "invalid_request");
  });

  it("413 above max_upload_kb", async () => {
    // Random pixels do not compress: a 200x200 PNG of noise is far above the 1 KB plan.
    const noise = Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 251));
    const bytes = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    await expectError(await upload("vectorize", bytes, headersOf("tiny")), 413, "invalid_request");
  });
});

describe("checks in order", () => {
  it("404 unknown_operation, 401 without the secret", async () => {
    await expectError(await upload("upscale", await png()), 404, "unknown_operation");
    await expectError(
      await upload("vectorize", await png(), { "Client-ID": "maker" }),
      401,
      "invalid_credentials",
    );
  });

  it("a missing model is 422 before any 403, whatever the plan", async () => {
    for (const client of ["maker", "planless", "ownerless"]) {
      const body = await expectError(
        await generate("text-to-image", { prompt: "a fox" }, headersOf(client)),
        422,
        "invalid_request",
      );
      expect(body.data.message).toMatch(/model/);
    }
  });

  it("image_url on text-to-3d is 422; inside addresses are refused 422", async () => {
    await expectError(
      await generate("text-to-3d", {
        model: "m",
        prompt: "a chair",
        image_url: "https://images.example.com/a.png",
      }),
      422,
      "invalid_request",
    );
    for (const url of [
      "http://127.0.0.1/a.png",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.8/a.png",
      "http://[::1]/a.png",
      "http://localhost:8080/a.png",
      "http://metadata.google.internal/a.png",
      "file:///etc/passwd",
      "https://user:pw@images.example.com/a.png",
    ]) {
      const body = await expectError(
        await generate("image-to-image", { model: "m", image_url: url }),
        422,
        "invalid_request",
      );
      expect(body.data.message).toMatch(/image_url/);
    }
  });

  it("a valid generative request without a provider is 403 entitlement_required, saying why", async () => {
    for (const op of ["text-to-image", "text-to-3d"]) {
      const body = await expectError(
        await generate(op, { model: "any", prompt: "a fox" }),
        403,
        "entitlement_required",
      );
      expect(body.data.message).toMatch(/provider/);
    }
    await expectError(await upload("smart-group", await png()), 403, "entitlement_required");
  });

  it("422 subscription_required, 403 client_without_owner, 403 entitlement_required (plan, app switch)", async () => {
    await expectError(
      await upload("vectorize", await png(), headersOf("unsubscribed")),
      422,
      "subscription_required",
    );
    await expectError(
      await upload("vectorize", await png(), headersOf("ownerless")),
      403,
      "client_without_owner",
    );
    expect(
      (
        await expectError(
          await upload("vectorize", await png(), headersOf("planless")),
          403,
          "entitlement_required",
        )
      ).data.message,
    ).toMatch(/plan/);
    expect(
      (
        await expectError(
          await upload("vectorize", await png(), headersOf("switched-off")),
          403,
          "entitlement_required",
        )
      ).data.message,
    ).toMatch(/switched off/);
  });

  it("a malformed X-Project-Reference or Idempotency-Key is refused before any work", async () => {
    await expectError(
      await upload("vectorize", await png(), { ...AI, "X-Project-Reference": "é".repeat(3) }),
      400,
      "invalid_request",
    );
    await expectError(
      await upload("vectorize", await png(), { ...AI, "Idempotency-Key": "short" }),
      400,
      "invalid_idempotency_key",
    );
  });

  it("429 quota_exhausted without Retry-After", async () => {
    const response = await upload("vectorize", await png(), headersOf("spent"));
    expect(response.headers.get("retry-after")).toBeNull();
    await expectError(response, 429, "quota_exhausted");
  });
});

describe("catalogue and tasks", () => {
  it("GET /v3/ai/operations lists every operation with image_input, cost and availability", async () => {
    const body = (await json(await fetch(`${server.url}/v3/ai/operations`, { headers: AI }))).response;
    expect(body.operations.map((o: { operation: string }) => o.operation)).toEqual(AI_OPERATIONS);
    expect(body.max_upload_kb).toBe(5120);
    const byName = Object.fromEntries(body.operations.map((o: { operation: string }) => [o.operation, o]));
    expect(byName["text-to-3d"].image_input).toBe("none");
    expect(byName["image-to-image"].image_input).toBe("required");
    expect(byName.vectorize).toMatchObject({ available_on_your_plan: true, credit_cost: 2 });
    expect(byName["remove-background"].available_on_your_plan).toBe(true);
    for (const op of ["text-to-image", "image-to-image", "text-to-3d", "image-to-3d", "smart-group"]) {
      expect(byName[op].available_on_your_plan).toBe(false);
    }
    const planless = (
      await json(await fetch(`${server.url}/v3/ai/operations`, { headers: headersOf("planless") }))
    ).response;
    expect(
      planless.operations.every((o: { available_on_your_plan: boolean }) => !o.available_on_your_plan),
    ).toBe(true);
  });

  it("GET /v3/ai/models is empty without a provider", async () => {
    expect((await json(await fetch(`${server.url}/v3/ai/models`, { headers: AI }))).response.models).toEqual(
      [],
    );
  });

  it("a task is visible to its owner only", async () => {
    const id = (await json(await upload("vectorize", await png()))).response.tasks[0].task_id;
    expect((await fetch(`${server.url}/v3/ai/tasks/${id}`, { headers: AI })).status).toBe(200);
    await expectError(
      await fetch(`${server.url}/v3/ai/tasks/${id}`, { headers: headersOf("other") }),
      404,
      "not_found",
    );
    await pollTask(server, id, AI);
  });
});
