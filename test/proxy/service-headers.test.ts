// What the proxy sends to the service and how it maps the answers: credentials added, the caller's
// stripped, X-Project-Reference from the token label, Location rewritten, bytes intact, the
// deadline. The local API does not report the headers it received, so a recording service does.

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  auth,
  CLIENT_ID,
  CLIENT_SECRET,
  envelopeOf,
  recordingProxies,
  scopedId,
  scopedIdempotencyKey,
  startProxy,
  startRecordingService,
} from "./support";

const { setUp, closeAfterTest } = recordingProxies();

describe("requests to the service", () => {
  it("carries the proxy's credentials and none of the caller's", async () => {
    const { service, proxy } = await setUp();
    const response = await fetch(`${proxy.url}/v3/search?query=cat`, {
      headers: {
        ...auth(),
        "client-id": "someone-else",
        "client-secret": "stolen",
        cookie: "a=b",
        "x-forwarded-for": "1.2.3.4",
      },
    });
    expect(response.status).toBe(200);
    const call = service.calls[0]!;
    expect(call.headers["client-id"]).toBe(CLIENT_ID);
    expect(call.headers["client-secret"]).toBe(CLIENT_SECRET);
    expect(call.headers.authorization).toBeUndefined();
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers["x-forwarded-for"]).toBeUndefined();
    expect(new URL(call.url).pathname + new URL(call.url).search).toBe("/v3/search?query=cat");
  });

  it("labels AI work with the token's label, a caller's project kept after it", async () => {
    const { service, proxy } = await setUp(() =>
      Response.json({ response: { tasks: [{ task_id: "t1", status: "PENDING" }] } }, { status: 202 }),
    );
    const submit = (headers: Record<string, string>) =>
      fetch(`${proxy.url}/v3/ai/text-to-image`, {
        method: "POST",
        headers: { ...auth(), "content-type": "application/json", ...headers },
        body: JSON.stringify({ model: "m", prompt: "a cat" }),
      });
    expect((await submit({})).status).toBe(202);
    expect((await submit({ "x-project-reference": "Spring campaign" })).status).toBe(202);
    const aiCalls = service.calls.filter((call) => call.method === "POST");
    expect(aiCalls[0]!.headers["x-project-reference"]).toBe("design-team");
    expect(aiCalls[1]!.headers["x-project-reference"]).toBe("design-team/Spring campaign");
  });

  it("streams an upload to the service and the converted bytes back unchanged", async () => {
    const converted = randomBytes(300_000);
    const { service, proxy } = await setUp((request) =>
      new URL(request.url).pathname.endsWith("/operations")
        ? Response.json({ response: { operations: [], max_upload_kb: 4096 } })
        : new Response(converted, { headers: { "content-type": "image/png", "x-credits-consumed": "1" } }),
    );
    const form = new FormData();
    form.set("file", new Blob([randomBytes(200_000)], { type: "image/svg+xml" }), "in.svg");
    const response = await fetch(`${proxy.url}/v3/convert/svg-to-png`, {
      method: "POST",
      headers: { ...auth(), "idempotency-key": "key-0123456789abcdef" },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-credits-consumed")).toBe("1");
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer()).equals(converted)).toBe(true);
    const call = service.calls.find((c) => c.method === "POST")!;
    expect(call.bodyBytes).toBeGreaterThan(200_000);
    expect(call.headers["idempotency-key"]).toBe(await scopedIdempotencyKey("key-0123456789abcdef"));
    expect(call.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("rewrites Location into the proxy's URL space", async () => {
    const { proxy, service } = await setUp((request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith("/operations")) return Response.json({ response: { max_upload_kb: 100 } });
      const location = path.includes("ai")
        ? `${new URL(request.url).origin}/v3/ai/tasks/t-1`
        : "/v3/convert/jobs/j-1";
      return Response.json({ response: {} }, { status: 202, headers: { location, "retry-after": "2" } });
    });
    const convert = await fetch(`${proxy.url}/v3/convert/lottie-to-gif`, {
      method: "POST",
      headers: auth(),
      body: "{}",
    });
    expect(convert.status).toBe(202);
    expect(convert.headers.get("location")).toBe(
      `${proxy.url}/v3/convert/jobs/${await scopedId("job", "j-1")}`,
    );
    expect(convert.headers.get("retry-after")).toBe("2");
    const ai = await fetch(`${proxy.url}/v3/ai/vectorize`, { method: "POST", headers: auth(), body: "x" });
    expect(ai.headers.get("location")).toBe(`${proxy.url}/v3/ai/tasks/${await scopedId("task", "t-1")}`);
    expect(ai.headers.get("location")).not.toContain(service.url);

    const behindTls = await startProxy(service.url, { publicUrl: "https://assets.example.org" });
    closeAfterTest(behindTls.close);
    const again = await fetch(`${behindTls.url}/v3/convert/lottie-to-gif`, {
      method: "POST",
      headers: auth(),
      body: "{}",
    });
    expect(again.headers.get("location")).toBe(
      `https://assets.example.org/v3/convert/jobs/${await scopedId("job", "j-1")}`,
    );
  });

  it("wraps an error that is not the envelope, and keeps one that is", async () => {
    const { proxy } = await setUp((request) =>
      request.url.includes("credits")
        ? new Response("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } })
        : Response.json({ data: { reason: "quota_exhausted", message: "spent" } }, { status: 429 }),
    );
    const credits = await fetch(`${proxy.url}/v3/credits`, { headers: auth() });
    expect(credits.status).toBe(502);
    expect(credits.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await envelopeOf(credits)).reason).toBe("invalid_response");
    const search = await fetch(`${proxy.url}/v3/search`, { headers: auth() });
    expect(search.status).toBe(429);
    expect(await envelopeOf(search)).toEqual({ reason: "quota_exhausted", message: "spent" });
  });

  it("gives up on a silent service with a 504 in the envelope", async () => {
    const { proxy } = await setUp(() => new Promise<Response>(() => undefined), { upstreamTimeoutMs: 300 });
    const response = await fetch(`${proxy.url}/v3/credits`, { headers: auth() });
    expect(response.status).toBe(504);
    expect((await envelopeOf(response)).reason).toBe("upstream_timeout");
    // An upload first asks for the plan's limit: that call is under the deadline too.
    const upload = await fetch(`${proxy.url}/v3/convert/svg-to-png`, {
      method: "POST",
      headers: auth(),
      body: "<svg/>",
    });
    expect(upload.status).toBe(504);
  });

  it("reports an unreachable service as a 502 network_error", async () => {
    const service = await startRecordingService();
    const url = service.url;
    await service.close();
    const proxy = await startProxy(url);
    closeAfterTest(proxy.close);
    const response = await fetch(`${proxy.url}/v3/credits`, { headers: auth() });
    expect(response.status).toBe(502);
    expect((await envelopeOf(response)).reason).toBe("network_error");
  });
});
