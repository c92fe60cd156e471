// CORS for the plugin's null-origin iframe, and the read cache: identical reads served once, never
// a call that costs credits, never an error, never what the service marks no-store.

import { describe, expect, it } from "vitest";
import { auth, recordingProxies, scopedId } from "./support";

const { setUp } = recordingProxies();

describe("CORS for Origin: null", () => {
  it("answers a preflight with only the methods and headers in use, without a token", async () => {
    const { proxy, service } = await setUp();
    const preflight = await fetch(`${proxy.url}/v3/convert/svg-to-png`, {
      method: "OPTIONS",
      headers: {
        origin: "null",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, idempotency-key, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("null");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET,POST");
    const allowed = preflight.headers.get("access-control-allow-headers")!.toLowerCase().split(",");
    expect(allowed.sort()).toEqual([
      "authorization",
      "content-type",
      "idempotency-key",
      "x-project-reference",
    ]);
    expect(service.calls).toHaveLength(0);
  });

  it("exposes the status headers on an actual answer, and on errors", async () => {
    const { proxy } = await setUp(() =>
      Response.json(
        { response: {} },
        { headers: { "x-ratelimit-remaining": "9", "x-credits-consumed": "2" } },
      ),
    );
    const response = await fetch(`${proxy.url}/v3/credits`, { headers: { ...auth(), origin: "null" } });
    expect(response.headers.get("access-control-allow-origin")).toBe("null");
    const exposed = response.headers.get("access-control-expose-headers")!.toLowerCase();
    for (const name of [
      "x-ratelimit-limit",
      "x-ratelimit-remaining",
      "x-ratelimit-reset",
      "retry-after",
      "x-credits-consumed",
      "location",
      "content-type",
      "x-request-id",
    ]) {
      expect(exposed).toContain(name);
    }
    const refused = await fetch(`${proxy.url}/v3/credits`, { headers: { origin: "null" } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe("null");
  });

  it("grants nothing to any other origin", async () => {
    const { proxy } = await setUp();
    const response = await fetch(`${proxy.url}/v3/credits`, {
      headers: { ...auth(), origin: "https://evil.example" },
    });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("read cache", () => {
  const catalogue = (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === "/v3/items/nostore")
      return Response.json({ response: {} }, { headers: { "cache-control": "no-store" } });
    if (url.pathname === "/v3/items/missing")
      return Response.json({ data: { reason: "item_not_found", message: "no" } }, { status: 404 });
    return Response.json(
      { response: { path: url.pathname, query: url.search } },
      { headers: { "x-ratelimit-remaining": "5" } },
    );
  };

  it("serves an identical read once, whoever asks and in whatever order the query comes", async () => {
    const { proxy, service } = await setUp(catalogue);
    const first = await fetch(`${proxy.url}/v3/search?query=cat&formats[]=svg&formats[]=png`, {
      headers: auth(),
    });
    const firstBody = await first.text();
    const second = await fetch(`${proxy.url}/v3/search?formats[]=png&query=cat&formats[]=svg`, {
      headers: { authorization: "Bearer other-token-fedcba9876543210" },
    });
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get("age")).not.toBeNull();
    // The service's budget figures of a past minute are not replayed.
    expect(second.headers.get("x-ratelimit-remaining")).toBeNull();
    expect(service.calls).toHaveLength(1);
    await fetch(`${proxy.url}/v3/search?query=dog`, { headers: auth() });
    await fetch(`${proxy.url}/v3/ai/models`, { headers: auth() });
    await fetch(`${proxy.url}/v3/ai/models`, { headers: auth() });
    expect(service.calls).toHaveLength(3);
    const lines = proxy.logs.map((line) => JSON.parse(line));
    expect(lines.filter((line) => line.cache === "hit")).toHaveLength(2);
  });

  it("never caches credits, polls, charged calls, errors or no-store answers", async () => {
    const { proxy, service } = await setUp(catalogue);
    const twice = async (path: string, init: RequestInit = {}) => {
      for (let i = 0; i < 2; i++)
        await (await fetch(`${proxy.url}${path}`, { ...init, headers: auth() })).text();
    };
    await twice("/v3/credits");
    await twice(`/v3/convert/jobs/${await scopedId("job", "j1")}`);
    await twice(`/v3/ai/tasks/${await scopedId("task", "t1")}`);
    await twice("/v3/items/missing");
    await twice("/v3/items/nostore");
    await twice("/v3/items/abc/api-download", { method: "POST", body: "{}" });
    expect(service.calls).toHaveLength(12);
  });

  it("never stores a HEAD answer for the GET that follows", async () => {
    const { proxy } = await setUp(catalogue);
    const head = await fetch(`${proxy.url}/v3/items/abc`, { method: "HEAD", headers: auth() });
    expect(head.status).toBe(200);
    const get = await fetch(`${proxy.url}/v3/items/abc`, { headers: auth() });
    expect(((await get.json()) as { response: { path: string } }).response.path).toBe("/v3/items/abc");
  });

  it("can be switched off", async () => {
    const { proxy, service } = await setUp(catalogue, { cacheTtlMs: 0 });
    await fetch(`${proxy.url}/v3/search`, { headers: auth() });
    await fetch(`${proxy.url}/v3/search`, { headers: auth() });
    expect(service.calls).toHaveLength(2);
  });
});
