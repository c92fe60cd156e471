// Everything the proxy refuses itself, each in the envelope with the right status, and none of it
// reaching the service (the recording service counts what arrived).

import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { auth, envelopeOf, OTHER_TOKEN, recordingProxies } from "./support";

const { setUp: proxyOverService } = recordingProxies();
/** A service whose plan allows uploads of `maxUploadKb`, and answers every other call with success. */
const setUp = (overrides = {}, maxUploadKb = 64) =>
  proxyOverService(
    (request) =>
      new URL(request.url).pathname.endsWith("/operations")
        ? Response.json({ response: { operations: [], max_upload_kb: maxUploadKb } })
        : Response.json({ response: { ok: true } }),
    overrides,
  );

/** Sends raw bytes and returns the status line: fetch would normalise the request target first. */
function rawRequest(url: string, target: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: ${auth().authorization}\r\nConnection: close\r\n\r\n`,
      );
    });
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

describe("caller authentication", () => {
  it("refuses a missing or unknown token with 401 invalid_credentials", async () => {
    const { proxy, workCalls } = await setUp();
    const none = await fetch(`${proxy.url}/v3/search`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await envelopeOf(none)).reason).toBe("invalid_credentials");
    const wrong = await fetch(`${proxy.url}/v3/search`, { headers: auth("team-token-0123456789abcdeX") });
    expect(wrong.status).toBe(401);
    const relay = await fetch(`${proxy.url}/relay?url=x`);
    expect(relay.status).toBe(401);
    expect(workCalls()).toHaveLength(0);
    const right = await fetch(`${proxy.url}/v3/search`, { headers: auth(OTHER_TOKEN) });
    expect(right.status).toBe(200);
  });

  it("lets anonymous callers in only when open access is on, and still refuses a wrong token", async () => {
    const { proxy } = await setUp({ openAccess: true });
    expect((await fetch(`${proxy.url}/v3/search`)).status).toBe(200);
    expect(
      (await fetch(`${proxy.url}/v3/search`, { headers: auth("not-a-token-of-this-proxy") })).status,
    ).toBe(401);
    expect(proxy.logs.some((line) => JSON.parse(line).token === "open")).toBe(true);
  });
});

describe("body limits", () => {
  it("answers 413 from the declared length, before the service is called", async () => {
    const { proxy, workCalls } = await setUp({}, 64);
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(200 * 1024)], { type: "image/png" }), "big.png");
    const convert = await fetch(`${proxy.url}/v3/convert/png-to-jpg`, {
      method: "POST",
      headers: auth(),
      body: form,
    });
    expect(convert.status).toBe(413);
    expect((await envelopeOf(convert)).reason).toBe("invalid_request");
    const ai = await fetch(`${proxy.url}/v3/ai/remove-background`, {
      method: "POST",
      headers: auth(),
      body: form,
    });
    expect(ai.status).toBe(413);
    const download = await fetch(`${proxy.url}/v3/items/abc/api-download`, {
      method: "POST",
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ format: "svg", pad: "x".repeat(100_000) }),
    });
    expect(download.status).toBe(413);
    const reverse = new FormData();
    reverse.set(
      "file",
      new Blob([new Uint8Array(10 * 1024 * 1024 + 100 * 1024)], { type: "image/png" }),
      "a.png",
    );
    const search = await fetch(`${proxy.url}/v3/reverse-image-search`, {
      method: "POST",
      headers: auth(),
      body: reverse,
    });
    expect(search.status).toBe(413);
    expect(workCalls()).toHaveLength(0);

    const small = new FormData();
    small.set("file", new Blob([new Uint8Array(10 * 1024)], { type: "image/png" }), "small.png");
    expect(
      (await fetch(`${proxy.url}/v3/convert/png-to-jpg`, { method: "POST", headers: auth(), body: small }))
        .status,
    ).toBe(200);
  });

  it("counts a body sent without a length and cuts it off at the limit", async () => {
    const { proxy } = await setUp({}, 64);
    const chunk = new Uint8Array(16 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${proxy.url}/v3/convert/png-to-jpg`, {
      method: "POST",
      headers: { ...auth(), "content-type": "application/octet-stream" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await envelopeOf(response)).reason).toBe("invalid_request");
  });
});

describe("key headers", () => {
  it("refuses a malformed Idempotency-Key or X-Project-Reference with 400 before the service", async () => {
    const { proxy, workCalls } = await setUp();
    const post = (headers: Record<string, string>) =>
      fetch(`${proxy.url}/v3/ai/text-to-image`, {
        method: "POST",
        headers: { ...auth(), "content-type": "application/json", ...headers },
        body: JSON.stringify({ model: "m", prompt: "p" }),
      });
    const short = await post({ "idempotency-key": "too-short" });
    expect(short.status).toBe(400);
    expect((await envelopeOf(short)).reason).toBe("invalid_idempotency_key");
    const unsafe = await post({ "idempotency-key": "has spaces in it and more" });
    expect((await envelopeOf(unsafe)).reason).toBe("invalid_idempotency_key");
    const reference = await post({ "x-project-reference": "x".repeat(129) });
    expect(reference.status).toBe(400);
    expect((await envelopeOf(reference)).reason).toBe("invalid_request");
    expect(workCalls()).toHaveLength(0);
    expect(
      (await post({ "idempotency-key": "abcdefghijklmnop", "x-project-reference": "Q4 launch" })).status,
    ).toBe(200);
  });
});

describe("per-token budget", () => {
  it("answers 429 with Retry-After past the budget, per token", async () => {
    const { proxy, workCalls } = await setUp({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${proxy.url}/v3/credits`, { headers: auth() })).status).toBe(200);
    const over = await fetch(`${proxy.url}/v3/credits`, { headers: auth() });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await envelopeOf(over)).reason).toBe("rate_limit_exceeded");
    expect(workCalls()).toHaveLength(3);
    // Another team's budget is its own.
    expect((await fetch(`${proxy.url}/v3/credits`, { headers: auth(OTHER_TOKEN) })).status).toBe(200);
  });
});

describe("path tricks", () => {
  it("never lets an unusual request target reach the service", async () => {
    const { proxy, workCalls } = await setUp();
    for (const target of [
      "/v3/../v3/credits",
      "/v3/items/../credits",
      "/v3/./credits",
      "/v3\\credits",
      "/v3/items/%2e%2e/credits",
      "/v3/items/a%2Fb",
      "/v3/items/a%5Cb",
      "//v3/credits",
      "http://169.254.169.254/v3/credits",
      `${proxy.url}/v3/credits`,
    ]) {
      const answer = await rawRequest(proxy.url, target);
      expect(answer.split("\r\n")[0], target).toMatch(/^HTTP\/1\.1 (404|400)/);
    }
    expect(workCalls()).toHaveLength(0);
    expect((await rawRequest(proxy.url, "/v3/credits")).split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
  });
});

describe("relay budget", () => {
  it("keeps file fetches apart from the API budget", async () => {
    const { proxy } = await setUp({ rateLimitPerMinute: 2 });
    // The relay answers 422 for this host, after the budget has been checked: 2 x 10 pass the budget.
    for (let i = 0; i < 20; i++) {
      expect(
        (await fetch(`${proxy.url}/relay?url=https%3A%2F%2Fnot.listed.example%2F`, { headers: auth() }))
          .status,
      ).toBe(422);
    }
    expect(
      (await fetch(`${proxy.url}/relay?url=https%3A%2F%2Fnot.listed.example%2F`, { headers: auth() })).status,
    ).toBe(429);
    expect((await fetch(`${proxy.url}/v3/credits`, { headers: auth() })).status).toBe(200);
  });
});
