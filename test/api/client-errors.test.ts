// Every reason in the spec's error table reaches the caller as an ApiError with that reason, status,
// message and rate-limit figures, and none of them is retried unless the rules say so.
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client/api-client";
import { expectApiRejection } from "./expect-api-error";
import { BASE, fail, RATE, recordingSleep, scriptedFetch } from "./scripted-fetch";

type Client = ReturnType<typeof createClient>;
const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
const svg = new Blob(["<svg xmlns='http://www.w3.org/2000/svg'/>"], { type: "image/svg+xml" });

const calls: Record<string, (client: Client) => Promise<unknown>> = {
  search: (c) => c.search({ query: "cat" }),
  item: (c) => c.item("u1"),
  download: (c) => c.download("u1", { format: "svg" }),
  reverse: (c) => c.reverseSearchByHash("h1"),
  convert: (c) => c.convert("svg-to-png", svg),
  ai: (c) => c.aiSubmit("text-to-image", { model: "m1", prompt: "a cat" }),
};

// [status, reason, where]: the rows of the spec's error table (rate_limit_exceeded has its own tests).
const TABLE: [number, string, keyof typeof calls][] = [
  [400, "invalid_request", "search"],
  [400, "invalid_request", "download"],
  [400, "invalid_request", "reverse"],
  [400, "invalid_input_file", "convert"],
  [400, "invalid_idempotency_key", "convert"],
  [400, "async_operation", "convert"],
  [400, "sync_operation", "convert"],
  [400, "asset_not_covered", "download"],
  [401, "invalid_credentials", "search"],
  [401, "invalid_credentials", "ai"],
  [402, "credit_limit_reached", "download"],
  [403, "entitlement_required", "convert"],
  [403, "entitlement_required", "ai"],
  [403, "client_without_owner", "ai"],
  [404, "unknown_operation", "convert"],
  [404, "unknown_operation", "ai"],
  [404, "item_not_found", "item"],
  [404, "item_not_found", "download"],
  [404, "format_not_available", "download"],
  [409, "idempotency_in_progress", "convert"],
  [409, "idempotency_already_completed", "convert"],
  [409, "idempotency_already_failed", "convert"],
  [413, "invalid_request", "convert"],
  [413, "invalid_request", "ai"],
  [422, "subscription_required", "reverse"],
  [422, "subscription_required", "convert"],
  [422, "subscription_required", "ai"],
  [422, "invalid_request", "ai"],
  [429, "quota_exhausted", "convert"],
  [429, "quota_exhausted", "ai"],
  [429, "quota_exhausted", "search"],
  [500, "conversion_failed", "convert"],
];

describe("the spec's error table", () => {
  for (const [status, reason, where] of TABLE) {
    it(`${status} ${reason} on ${where} is an ApiError, sent once`, async () => {
      const script = scriptedFetch(fail(status, reason, { message: `because ${reason}` }));
      const { sleep, waits } = recordingSleep();
      const client = createClient({ baseUrl: BASE, fetch: script.fetch, sleep });
      const error = await expectApiRejection(calls[where]!(client), status, reason);
      expect(error.data.reason).toBe(reason);
      expect(error.rateLimit).toEqual({ limit: 100, remaining: 42, reset: 30 });
      expect(script.requests).toHaveLength(1);
      expect(waits).toEqual([]);
      if (status !== 409) expect(error.message).toBe(`because ${reason}`);
    });
  }

  it("quota_exhausted carries no Retry-After and is never waited out, even on reads", async () => {
    const script = scriptedFetch(fail(429, "quota_exhausted"));
    const { sleep, waits } = recordingSleep();
    const client = createClient({ baseUrl: BASE, fetch: script.fetch, sleep });
    const error = await expectApiRejection(client.credits(), 429, "quota_exhausted");
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(waits).toEqual([]);
    expect(script.requests).toHaveLength(1);
  });

  it("a 504 without an envelope reads as conversion_timeout, not retried on a POST", async () => {
    const script = scriptedFetch(new Response("<html>Gateway Timeout</html>", { status: 504 }));
    const client = createClient({ baseUrl: BASE, fetch: script.fetch, sleep: recordingSleep().sleep });
    const error = await expectApiRejection(
      client.convert("svg-to-png", svg, { idempotencyKey: "k".repeat(16) }),
      504,
      "conversion_timeout",
    );
    expect(error.message).toMatch(/504/);
    expect(script.requests).toHaveLength(1);
  });

  it("keeps unknown error fields and data.tasks", async () => {
    const script = scriptedFetch(
      fail(403, "entitlement_required", { extra: { dashboard: "/apps/1", tasks: ["t9"] } }),
    );
    const client = createClient({ baseUrl: BASE, fetch: script.fetch });
    const error = await expectApiRejection(
      client.aiSubmit("vectorize", { file: png }),
      403,
      "entitlement_required",
    );
    expect(error.data.dashboard).toBe("/apps/1");
    expect(error.tasks).toEqual(["t9"]);
  });

  it("a 401 carries no rate-limit figures; an error that is not the envelope is invalid_response", async () => {
    const script = scriptedFetch(
      fail(401, "invalid_credentials", { headers: {} }),
      new Response("nope", { status: 418 }),
    );
    const client = createClient({ baseUrl: BASE, fetch: script.fetch });
    const error = await expectApiRejection(client.search(), 401, "invalid_credentials");
    expect(error.rateLimit).toBeUndefined();
    await expectApiRejection(client.search(), 418, "invalid_response", /418/);
  });

  it("a success body that is not the envelope is invalid_response", async () => {
    const script = scriptedFetch(
      new Response("{}", { status: 200, headers: RATE }),
      new Response("<html>", { status: 200 }),
    );
    const client = createClient({ baseUrl: BASE, fetch: script.fetch });
    await expectApiRejection(client.search(), 200, "invalid_response", /response/);
    await expectApiRejection(client.item("u1"), 200, "invalid_response");
  });
});
