// The spec's "Idempotency key runs" table for conversions, row by row, over real HTTP, plus
// concurrent duplicates (never run twice, never charged twice). The AI rows are in ai-provider.test.ts.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localApiParts } from "../../src/local-api/parts";
import { json, type RunningLocalApi, startLocalApi } from "./support";
import {
  credits,
  encode,
  fileForm,
  headersOf,
  lottie,
  pollJob,
  postForm,
  SLOW_SVG,
  SVG,
  worker,
} from "./work-support";

let server: RunningLocalApi;
let keyCount = 0;
const newKey = () => `conversion-key-${String(++keyCount).padStart(4, "0")}-${Date.now()}`;

beforeAll(async () => {
  server = await startLocalApi({ accounts: { clients: [worker("conv"), worker("other")] } });
});
afterAll(() => server.close());

function send(op: string, bytes: Uint8Array, key: string, client = "conv") {
  return postForm(
    server,
    `/v3/convert/${op}`,
    fileForm(bytes, "upload"),
    headersOf(client, { "Idempotency-Key": key }),
  );
}

async function reasonOf(response: Response) {
  return [response.status, (await json(response)).data?.reason];
}

describe("conversion keys", () => {
  it("a malformed key is 400 invalid_idempotency_key, and nothing runs", async () => {
    const before = await credits(server, "conv");
    for (const bad of ["short", "has spaces in it, sixteen+", "x".repeat(129), "ünïcode-key-0000000"]) {
      expect(await reasonOf(await send("svg-to-png", encode(SVG), bad))).toEqual([
        400,
        "invalid_idempotency_key",
      ]);
    }
    expect((await credits(server, "conv")).used).toBe(before.used);
  });

  it("in flight: a repeat while the conversion runs is 409 idempotency_in_progress", async () => {
    const key = newKey();
    const before = await credits(server, "conv");
    const first = send("svg-to-png", encode(SLOW_SVG), key);
    // The reservation shows in the balance as soon as the first request is claimed and running.
    for (let i = 0; i < 400 && (await credits(server, "conv")).remaining === before.remaining; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await reasonOf(await send("svg-to-png", encode(SLOW_SVG), key))).toEqual([
      409,
      "idempotency_in_progress",
    ]);
    expect((await first).status).toBe(200);
    expect((await credits(server, "conv")).used).toBe(before.used + 1);
  });

  it("completed synchronous conversion: 409 idempotency_already_completed, charged once", async () => {
    const key = newKey();
    const before = await credits(server, "conv");
    expect((await send("svg-to-png", encode(SVG), key)).status).toBe(200);
    expect(await reasonOf(await send("svg-to-png", encode(SVG), key))).toEqual([
      409,
      "idempotency_already_completed",
    ]);
    expect((await credits(server, "conv")).used).toBe(before.used + 1);
  });

  it("completed asynchronous render: 202 with the original job, before and after it finishes", async () => {
    const key = newKey();
    const before = await credits(server, "conv");
    const first = await json(await send("lottie-to-gif", lottie(), key));
    const again = await send("lottie-to-gif", lottie(), key);
    expect(again.status).toBe(202);
    expect(again.headers.get("location")).toBe(`/v3/convert/jobs/${first.response.job.uuid}`);
    expect((await json(again)).response.job.uuid).toBe(first.response.job.uuid);
    await pollJob(server, first.response.job.uuid, headersOf("conv"));
    const later = await json(await send("lottie-to-gif", lottie(), key));
    expect(later.response.job).toMatchObject({ uuid: first.response.job.uuid, status: "completed" });
    expect(later.response.job.result_url).toMatch(/\/files\/results\//);
    expect((await credits(server, "conv")).used).toBe(before.used + 3);
  });

  it("failed and refunded: 409 idempotency_already_failed", async () => {
    const key = newKey();
    const before = await credits(server, "conv");
    const zero = encode('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg>');
    expect((await send("svg-to-pdf", zero, key)).status).toBe(500);
    expect(await reasonOf(await send("svg-to-pdf", zero, key))).toEqual([409, "idempotency_already_failed"]);
    expect((await credits(server, "conv")).used).toBe(before.used);
  });

  it("keys are per client: another client's same key is its own run", async () => {
    const key = newKey();
    expect((await send("svg-to-png", encode(SVG), key, "conv")).status).toBe(200);
    expect((await send("svg-to-png", encode(SVG), key, "other")).status).toBe(200);
  });

  it("an invalid request does not use up its key", async () => {
    const key = newKey();
    expect((await send("svg-to-png", encode("not svg"), key)).status).toBe(400);
    expect((await send("svg-to-png", encode(SVG), key)).status).toBe(200);
  });
});

describe("concurrent duplicates", () => {
  it("sync: eight at once run once and charge once; the rest are 409", async () => {
    const key = newKey();
    const before = await credits(server, "conv");
    const answers = await Promise.all(Array.from({ length: 8 }, () => send("svg-to-png", encode(SVG), key)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const response of answers.filter((r) => r.status !== 200)) {
      const [status, reason] = await reasonOf(response);
      expect(status).toBe(409);
      expect(["idempotency_in_progress", "idempotency_already_completed"]).toContain(reason);
    }
    expect((await credits(server, "conv")).used).toBe(before.used + 1);
    expect(
      localApiParts(server.api)
        .ledger.events("conv")
        .filter((e) => e.operation === "svg-to-png").length,
    ).toBeGreaterThan(0);
  });

  it("async: eight at once make one job, and every answer names it", async () => {
    const key = newKey();
    const before = await credits(server, "conv");
    const answers = await Promise.all(Array.from({ length: 8 }, () => send("lottie-to-webp", lottie(), key)));
    const bodies = await Promise.all(answers.map((r) => json(r)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(202));
    const uuids = new Set(bodies.map((b) => b.response.job.uuid));
    expect(uuids.size).toBe(1);
    await pollJob(server, [...uuids][0], headersOf("conv"));
    expect((await credits(server, "conv")).used).toBe(before.used + 3);
  });
});
