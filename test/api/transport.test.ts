// The transport's own pieces: the default sleep's cancellation, per-request headers, and the re-send
// policy of paid requests.
import { describe, expect, it } from "vitest";
import { createTransport, readJson, realSleep } from "../../src/api/client/transport";
import { BASE, fail, ok, recordingSleep, scriptedFetch } from "./scripted-fetch";

describe("realSleep", () => {
  it("rejects at once with the reason of an already aborted signal", async () => {
    const reason = new Error("stop");
    await expect(realSleep(60_000, AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it("rejects when aborted while waiting", async () => {
    const controller = new AbortController();
    const waiting = realSleep(60_000, controller.signal);
    controller.abort("cancelled");
    await expect(waiting).rejects.toBe("cancelled");
  });
});

describe("createTransport", () => {
  it("reads a headers function on every request, and lets a call's headers win", async () => {
    const script = scriptedFetch(ok({}), ok({}));
    let token = "one";
    const transport = createTransport({
      baseUrl: BASE,
      fetch: script.fetch,
      headers: () => ({ authorization: `Bearer ${token}`, "x-app": "a" }),
    });
    await transport.send({ method: "GET", path: "/v3/credits" });
    token = "two";
    await transport.send({ method: "GET", path: "/v3/credits", headers: { "x-app": "b" } });
    expect(script.requests.map((r) => r.headers.get("authorization"))).toEqual(["Bearer one", "Bearer two"]);
    expect(script.requests.map((r) => r.headers.get("x-app"))).toEqual(["a", "b"]);
    expect(script.requests[0]!.url).toBe(`${BASE}/v3/credits`);
  });
});

// The one re-send policy for paid requests: what the ui used to wrap around the transport in tries of
// its own now lives here alone.
describe("a POST carrying an Idempotency-Key", () => {
  const KEY = "same-key-0123456789abcdef";
  const keyed = { method: "POST", path: "/v3/ai/vectorize", body: "{}", idempotencyKey: KEY } as const;

  function setup(...answers: Parameters<typeof scriptedFetch>) {
    const script = scriptedFetch(...answers);
    const { sleep, waits } = recordingSleep();
    const transport = createTransport({ baseUrl: BASE, fetch: script.fetch, sleep });
    const keys = () => script.requests.map((r) => r.headers.get("idempotency-key"));
    return { transport, requests: script.requests, waits, keys };
  }

  it("is sent again with the same key after lost answers, for longer than a read's tries", async () => {
    const lost = () => new TypeError("fetch failed: the connection was reset");
    const { transport, waits, keys } = setup(lost(), lost(), lost(), lost(), ok({ tasks: ["t1"] }));
    const { response } = await transport.send(keyed);
    expect(await readJson(response)).toEqual({ response: { tasks: ["t1"] } });
    expect(keys()).toEqual([KEY, KEY, KEY, KEY, KEY]);
    expect(waits).toEqual([500, 1000, 2000, 4000]);
  });

  it("gives up on lost answers once the next wait would pass the ~20 s budget", async () => {
    const lost = () => new TypeError("fetch failed");
    const { transport, waits, requests } = setup(lost(), lost(), lost(), lost(), lost(), lost());
    await expect(transport.send(keyed)).rejects.toMatchObject({ reason: "network_error" });
    // 15.5 s waited; one more 8 s back-off would make 23.5 s.
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(requests).toHaveLength(6);
  });

  it("waits the Retry-After of an original still in progress, within the budget", async () => {
    const busy = () => fail(409, "idempotency_in_progress", { headers: { "Retry-After": "6" } });
    const { transport, waits, requests } = setup(busy(), busy(), busy(), busy());
    await expect(transport.send(keyed)).rejects.toMatchObject({
      status: 409,
      reason: "idempotency_in_progress",
    });
    // 18 s waited; a fourth 6 s wait would pass 20 s, so the fourth answer is surfaced.
    expect(waits).toEqual([6000, 6000, 6000]);
    expect(requests).toHaveLength(4);
  });

  it("surfaces at once a Retry-After longer than the budget", async () => {
    const { transport, waits } = setup(fail(503, "internal_error", { headers: { "Retry-After": "30" } }));
    await expect(transport.send(keyed)).rejects.toMatchObject({ status: 503 });
    expect(waits).toEqual([]);
  });

  it("waits a 429's Retry-After and sends the same key again", async () => {
    const refused = fail(429, "rate_limit_exceeded", { headers: { "Retry-After": "3" } });
    const { transport, waits, keys } = setup(refused, ok({ tasks: ["t1"] }, { status: 202 }));
    expect((await transport.send(keyed)).response.status).toBe(202);
    expect(waits).toEqual([3000]);
    expect(keys()).toEqual([KEY, KEY]);
  });

  it("is sent again when its JSON answer is cut off mid-body", async () => {
    const cutOff = new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"response":{"ta'));
          controller.error(new TypeError("terminated"));
        },
      }),
      { status: 202, headers: { "content-type": "application/json" } },
    );
    const { transport, keys } = setup(cutOff, ok({ tasks: ["t1"] }, { status: 202 }));
    const { response } = await transport.send(keyed);
    expect(await readJson(response)).toEqual({ response: { tasks: ["t1"] } });
    expect(keys()).toEqual([KEY, KEY]);
  });

  it("is never sent again after a 500, and a POST without a key never is", async () => {
    const failed = setup(fail(500, "conversion_failed"));
    await expect(failed.transport.send(keyed)).rejects.toMatchObject({ status: 500 });
    expect(failed.requests).toHaveLength(1);
    const unkeyed = setup(new TypeError("fetch failed"));
    await expect(
      unkeyed.transport.send({ method: "POST", path: "/v3/ai/vectorize", body: "{}" }),
    ).rejects.toMatchObject({ reason: "network_error" });
    expect(unkeyed.requests).toHaveLength(1);
  });
});
