// The Node proxy's edge as `npm run proxy` serves it: it answers only to its own host names, reads
// no byte of a body before the token is checked, and throttles wrong tokens per address.

import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFailures } from "../../src/proxy/token-failures";
import { startServedProxy } from "../../src/server/serve-proxy";
import { rawRequest, readRawAnswer } from "../support/raw-http";
import { auth, CLIENT_ID, CLIENT_SECRET, type LocalApiServer, startLocalApi, TEAM_TOKEN } from "./support";

let api: LocalApiServer;
let proxy: Awaited<ReturnType<typeof startServedProxy>>;
beforeAll(async () => {
  api = await startLocalApi();
  proxy = await startServedProxy(
    {
      PORT: "0",
      UPSTREAM_URL: api.url,
      CLIENT_ID,
      CLIENT_SECRET,
      PROXY_TOKENS: `design-team:${TEAM_TOKEN}`,
      PROXY_ALLOWED_HOSTS: "proxy.studio.lan",
      PROXY_PUBLIC_URL: "https://assets.example.org",
      PROXY_TOKEN_FAILURES_PER_MINUTE: "5",
    },
    { log: () => undefined },
  );
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

const port = () => new URL(proxy.url).port;
const get = (host: string, headers = "") =>
  rawRequest(
    proxy.url,
    `GET /v3/credits HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${TEAM_TOKEN}\r\n${headers}Connection: close\r\n\r\n`,
  );

describe("host names", () => {
  it("answers to loopback names and the configured ones, with or without a port", async () => {
    for (const host of [
      `127.0.0.1:${port()}`,
      `localhost:${port()}`,
      `LOCALHOST:${port()}`,
      `[::1]:${port()}`,
      "proxy.studio.lan",
      `proxy.studio.lan:${port()}`,
      "assets.example.org",
    ]) {
      expect(readRawAnswer(await get(host)).status, host).toBe(200);
    }
  });

  it("refuses any other name in the envelope, before the token or the service", async () => {
    for (const host of [
      `rebind.attacker.example:${port()}`,
      "localhost.attacker.example",
      "127.0.0.1.nip.io",
    ]) {
      const answer = await get(host);
      const { status, enveloped } = readRawAnswer(answer);
      expect(status, host).toBe(400);
      expect(enveloped, host).toBe(true);
      expect(answer).toMatch(/does not answer to that host name/);
    }
    expect(
      readRawAnswer(
        await rawRequest(
          proxy.url,
          "GET /healthz HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
        ),
      ).status,
    ).toBe(400);
  });
});

/** Opens a socket, writes `head` and part of a body, and resolves with the first answer bytes. */
function partialUpload(head: string, bodyPart: string): Promise<{ answer: string; closed: Promise<void> }> {
  const { hostname, port: p } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(p), hostname, () => socket.write(head + bodyPart));
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.once("data", (chunk) => resolve({ answer: chunk.toString("latin1"), closed }));
    socket.once("error", reject);
  });
}

describe("the token comes before the body", () => {
  it.each([
    ["a small declared body", 2000],
    ["a large declared body", 5_000_000],
  ])("answers 401 to %s that never finishes, and closes the connection", async (_, length) => {
    const head = `POST /v3/convert/svg-to-png HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n\r\n`;
    const { answer, closed } = await partialUpload(head, "--x\r\n");
    expect(readRawAnswer(answer).status).toBe(401);
    await closed;
  });
});

describe("wrong tokens", () => {
  it("are answered 429 with Retry-After past the allowance, until it refills; a right token still passes", async () => {
    const wrong = { authorization: "Bearer wrong-token-000000000000" };
    for (let i = 0; i < 5; i++)
      expect((await fetch(`${proxy.url}/v3/credits`, { headers: wrong })).status).toBe(401);
    const throttled = await fetch(`${proxy.url}/v3/credits`, { headers: wrong });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await throttled.json()) as { data: { reason: string } }).data.reason).toBe(
      "rate_limit_exceeded",
    );
    // The plugin on the same address is not locked out by someone else's wrong tokens...
    expect((await fetch(`${proxy.url}/v3/credits`, { headers: auth() })).status).toBe(200);
    // ...and its success does not reopen the door to wrong ones.
    expect((await fetch(`${proxy.url}/v3/credits`, { headers: wrong })).status).toBe(429);
  });

  it("refill over time, per address, and forget old addresses past a bound", () => {
    let now = 0;
    const failures = tokenFailures(6, () => now);
    for (let i = 0; i < 6; i++) failures.fail("a");
    expect(failures.blockedFor("a")).toBe(10);
    expect(failures.blockedFor("b")).toBeUndefined();
    now += 10_000;
    expect(failures.blockedFor("a")).toBeUndefined();
    // Memory stays bounded: the address that failed longest ago is forgotten first.
    for (let i = 0; i < 6; i++) failures.fail("c");
    for (let i = 0; i < 10_000; i++) failures.fail(`x${i}`);
    expect(failures.blockedFor("c")).toBeUndefined();
    expect(tokenFailures(0).blockedFor("a")).toBeUndefined();
  });
});
