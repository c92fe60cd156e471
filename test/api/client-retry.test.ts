// The retry rules: which answers are waited out or retried, how long, how often, and cancellation.
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client/api-client";
import { expectApiRejection } from "./expect-api-error";
import { BASE, fail, hangUntilAborted, ok, recordingSleep, scriptedFetch } from "./scripted-fetch";

const KEY = "retry-key-0123456789";
const svg = new Blob(["<svg/>"], { type: "image/svg+xml" });
const page = { items: { total: 1, data: [{ uuid: "u1", name: "cat", urls: {} }] } };
const rateLimited = (seconds?: string) =>
  fail(429, "rate_limit_exceeded", { headers: seconds === undefined ? {} : { "Retry-After": seconds } });

function setup(...answers: Parameters<typeof scriptedFetch>) {
  const script = scriptedFetch(...answers);
  const { sleep, waits } = recordingSleep();
  const client = createClient({ baseUrl: BASE, fetch: script.fetch, sleep, retry: { backoffMs: 100 } });
  return { client, requests: script.requests, waits };
}

describe("rate_limit_exceeded", () => {
  it("waits Retry-After, then retries a read", async () => {
    const { client, requests, waits } = setup(rateLimited("7"), ok(page));
    const result = await client.search({ query: "cat" });
    expect(result.total).toBe(1);
    expect(waits).toEqual([7000]);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.url).toBe(requests[0]!.url);
  });

  it("gives up after the bounded number of waits, surfacing Retry-After", async () => {
    const { client, requests, waits } = setup(
      rateLimited("1"),
      rateLimited("1"),
      rateLimited("1"),
      rateLimited("2"),
    );
    const error = await expectApiRejection(client.search(), 429, "rate_limit_exceeded");
    expect(error.retryAfterSeconds).toBe(2);
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(requests).toHaveLength(4);
  });

  it("does not wait a Retry-After longer than the bound", async () => {
    const { client, waits } = setup(rateLimited("3600"));
    const error = await expectApiRejection(client.search(), 429, "rate_limit_exceeded");
    expect(error.retryAfterSeconds).toBe(3600);
    expect(waits).toEqual([]);
  });

  it("backs off when Retry-After is missing", async () => {
    const { client, waits } = setup(rateLimited(), ok(page));
    await client.search();
    expect(waits).toEqual([100]);
  });

  it("is waited out on a POST only when it carries an Idempotency-Key", async () => {
    const without = setup(rateLimited("1"));
    await expectApiRejection(without.client.convert("svg-to-png", svg), 429, "rate_limit_exceeded");
    expect(without.requests).toHaveLength(1);

    const withKey = setup(
      rateLimited("1"),
      new Response(new Uint8Array([1, 2]), { headers: { "content-type": "image/png" } }),
    );
    const result = await withKey.client.convert("svg-to-png", svg, { idempotencyKey: KEY });
    expect(result.kind).toBe("file");
    expect(withKey.waits).toEqual([1000]);
    expect(withKey.requests.map((r) => r.headers.get("idempotency-key"))).toEqual([KEY, KEY]);
  });
});

describe("network failures and 5xx", () => {
  it("retries reads with doubling back-off, a bounded number of times", async () => {
    const { client, requests, waits } = setup(
      new TypeError("fetch failed"),
      fail(503, "internal_error"),
      ok(page),
    );
    expect((await client.search()).total).toBe(1);
    expect(waits).toEqual([100, 200]);
    expect(requests).toHaveLength(3);

    const exhausted = setup(new TypeError("down"), new TypeError("down"), new TypeError("down"));
    await expectApiRejection(exhausted.client.credits(), 0, "network_error", /down/);
    expect(exhausted.requests).toHaveLength(3);
  });

  it("retries a 5xx read that has no envelope", async () => {
    const { client, requests } = setup(new Response("bad gateway", { status: 502 }), ok(page));
    await client.search();
    expect(requests).toHaveLength(2);
  });

  it("retries a read whose body is cut off, and surfaces a cut conversion without retrying it", async () => {
    /** The status line and half a body, then the connection gone. */
    const cutOff = (contentType: string) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"response":{"ite'));
            controller.error(new TypeError("terminated"));
          },
        }),
        { headers: { "content-type": contentType } },
      );
    const read = setup(cutOff("application/json"), ok(page));
    expect((await read.client.search({ query: "cat" })).total).toBe(1);
    expect([read.requests.length, read.waits]).toEqual([2, [100]]);
    const converted = setup(cutOff("image/png"));
    await expectApiRejection(
      converted.client.convert("svg-to-png", svg, { idempotencyKey: KEY }),
      0,
      "network_error",
    );
    expect(converted.requests).toHaveLength(1);
  });

  it("never retries a POST without an Idempotency-Key", async () => {
    const down = setup(new TypeError("fetch failed"));
    await expectApiRejection(down.client.download("u1", { format: "svg" }), 0, "network_error");
    expect(down.requests).toHaveLength(1);
    const busy = setup(fail(503, "internal_error"));
    await expectApiRejection(busy.client.reverseSearchByHash("h"), 503, "internal_error");
    expect(busy.requests).toHaveLength(1);
  });

  it("retries a keyed POST after a network failure or 503, but not after 500 conversion_failed", async () => {
    const job = { job: { uuid: "j1", status: "queued" } };
    const flaky = setup(new TypeError("reset"), fail(503, "internal_error"), ok(job, { status: 202 }));
    const answer = await flaky.client.convert("lottie-to-gif", new Blob(["{}"]), { idempotencyKey: KEY });
    expect(answer.kind).toBe("job");
    expect(flaky.requests).toHaveLength(3);
    const failed = setup(fail(500, "conversion_failed"));
    await expectApiRejection(
      failed.client.convert("svg-to-png", svg, { idempotencyKey: KEY }),
      500,
      "conversion_failed",
    );
    expect(failed.requests).toHaveLength(1);
  });

  it("never retries other 4xx", async () => {
    for (const [status, reason] of [
      [400, "invalid_request"],
      [401, "invalid_credentials"],
      [404, "item_not_found"],
    ] as const) {
      const { client, requests, waits } = setup(fail(status, reason));
      await expectApiRejection(client.item("u1"), status, reason);
      expect(requests).toHaveLength(1);
      expect(waits).toEqual([]);
    }
  });
});

describe("cancellation", () => {
  it("an aborted signal sends nothing", async () => {
    const { client, requests } = setup(ok(page));
    await expectApiRejection(client.search({}, { signal: AbortSignal.abort() }), 0, "aborted");
    expect(requests).toHaveLength(0);
  });

  it("aborting during the request rejects with aborted", async () => {
    const controller = new AbortController();
    const { client } = setup(hangUntilAborted);
    const pending = client.search({}, { signal: controller.signal });
    controller.abort();
    await expectApiRejection(pending, 0, "aborted");
  });

  it("aborting during a Retry-After wait stops the retries", async () => {
    const controller = new AbortController();
    const script = scriptedFetch(rateLimited("30"), ok(page));
    const sleep = (_ms: number, signal?: AbortSignal) =>
      new Promise<void>((_, reject) => {
        signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
        controller.abort();
      });
    const client = createClient({ baseUrl: BASE, fetch: script.fetch, sleep });
    await expectApiRejection(client.search({}, { signal: controller.signal }), 0, "aborted");
    expect(script.requests).toHaveLength(1);
    expect(script.unanswered()).toBe(1);
  });
});
