// The proxy as an operator runs it (UPSTREAM_URL, CLIENT_ID, CLIENT_SECRET, PROXY_TOKENS, the system's
// DNS), checked where test/proxy does not reach: every route refuses every near miss of a token
// before the service hears of it; image_url of AI generation is refused on inside addresses reached
// through a DNS name, as reverse search's url is, and the proxy itself never sends a request to a
// caller's URL (however many a body carries); and the relay follows no redirect inside. The fault
// upstream counts what reached the service.

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTeamScope, scopeSecret } from "../../src/proxy/signing/team-scope";
import { startServedProxy } from "../../src/server/serve-proxy";
import { CLIENT_ID, CLIENT_SECRET, type FaultStack, startFaultStack, TOKEN } from "./fixtures/fault-stack";

let stack: FaultStack;
beforeAll(async () => {
  stack = await startFaultStack();
});
afterAll(() => stack.close());

const ROUTES: [string, string][] = [
  ["GET", "/v3/search?query=star"],
  ["GET", "/v3/items/any"],
  ["POST", "/v3/items/any/api-download"],
  ["POST", "/v3/reverse-image-search"],
  ["POST", "/v3/convert/svg-to-png"],
  ["GET", "/v3/convert/jobs/any"],
  ["GET", "/v3/convert/operations"],
  ["POST", "/v3/ai/text-to-image"],
  ["GET", "/v3/ai/tasks/any"],
  ["GET", "/v3/ai/models"],
  ["GET", "/v3/ai/operations"],
  ["GET", "/v3/credits"],
  ["GET", "/relay?url=http%3A%2F%2F127.0.0.1%2Fx"],
];

/** Authorization values that are not TOKEN, however close. */
const nearMiss = fc.oneof(
  fc.constantFrom(
    "",
    "Bearer",
    "Bearer ",
    TOKEN,
    `Basic ${TOKEN}`,
    `Bearer ${TOKEN.toUpperCase()}`,
    `Bearer ${TOKEN.slice(0, -1)}`,
    `Bearer ${TOKEN}x`,
    `Bearer  ${TOKEN} x`,
    `Bearer ${TOKEN.slice(1)}`,
    "Bearer faults",
    `Bearer faults:${TOKEN}`,
  ),
  fc.string({ maxLength: 40 }).map((s) => `Bearer ${s}`),
  fc
    .tuple(fc.nat({ max: TOKEN.length - 1 }), fc.string({ minLength: 1, maxLength: 1 }))
    .filter(([at, char]) => TOKEN[at] !== char)
    .map(([at, char]) => `Bearer ${TOKEN.slice(0, at)}${char}${TOKEN.slice(at + 1)}`),
);

const validHeader = (value: string) => {
  try {
    new Headers({ authorization: value });
    return true;
  } catch {
    return false;
  }
};

describe("access tokens", () => {
  it("every route refuses every near miss with 401 invalid_credentials, and the service never hears of it", async () => {
    const first = stack.upstream.records.length;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        nearMiss.filter(validHeader),
        async ([method, path], value) => {
          const response = await fetch(`${stack.proxyUrl}${path}`, {
            method,
            headers: value === "" ? {} : { authorization: value },
            ...(method === "POST" ? { body: "{}" } : {}),
          });
          expect(response.status, `${method} ${path} with ${JSON.stringify(value)}`).toBe(401);
          expect(((await response.json()) as { data: { reason: string } }).data.reason).toBe(
            "invalid_credentials",
          );
        },
      ),
      { numRuns: 300 },
    );
    expect(stack.upstream.records.slice(first)).toEqual([]);
    // The token itself is let in.
    expect((await fetch(`${stack.proxyUrl}/v3/credits`, { headers: stack.auth })).status).toBe(200);
  });

  it("a preview link or grant that was not made here is refused without reaching the service", async () => {
    const first = stack.upstream.records.length;
    const url = encodeURIComponent(`${stack.upstream.url}/files/preview.png`);
    const attempts = [
      "/relay/p?",
      `/relay/p?u=${url}`,
      `/relay/p?u=${url}&e=9999999999&l=faults&s=${"0".repeat(64)}`,
      "/relay/g?",
      `/relay/g?u=${url}`,
      `/relay/g?e=9999999999&l=faults&g=${"A".repeat(43)}&u=${url}`,
      `/relay/grant`,
    ];
    for (const attempt of attempts) {
      const response = await fetch(`${stack.proxyUrl}${attempt}`);
      expect(response.status, attempt).toBeGreaterThanOrEqual(400);
      expect(response.status, attempt).toBeLessThan(500);
    }
    expect(stack.upstream.records.slice(first)).toEqual([]);
  });
});

describe("guessing tokens", () => {
  it("runs at the default 30 wrong tokens a minute per address, not thousands a second", async () => {
    const proxy = await startServedProxy(
      {
        PORT: "0",
        UPSTREAM_URL: stack.upstream.url,
        CLIENT_ID,
        CLIENT_SECRET,
        PROXY_TOKENS: `guarded:${TOKEN}`,
      },
      { log: () => undefined },
    );
    const first = stack.upstream.records.length;
    try {
      const wrong: number[] = [];
      const right: number[] = [];
      for (let i = 0; i < 100; i++) {
        const guess = `${TOKEN.slice(0, -2)}${String(i).padStart(2, "0")}`;
        const response = await fetch(`${proxy.url}/v3/credits`, {
          headers: { authorization: `Bearer ${guess}` },
        });
        (guess === TOKEN ? right : wrong).push(response.status);
        await response.arrayBuffer();
      }
      expect(wrong.filter((status) => status === 401)).toHaveLength(30);
      expect(wrong.slice(30).every((status) => status === 429)).toBe(true);
      // The right token is let through wherever it falls: the throttle counts failures only, so a
      // page that drives a browser's wrong tokens cannot lock the plugin out.
      const guessedRight = TOKEN.slice(-2).match(/^\d\d$/) ? 1 : 0;
      expect(right).toEqual(Array(guessedRight).fill(200));
      expect(stack.upstream.records.slice(first)).toHaveLength(guessedRight);
    } finally {
      await proxy.close();
    }
  });
});

const generate = (imageUrl: string) =>
  fetch(`${stack.proxyUrl}/v3/ai/image-to-image`, {
    method: "POST",
    headers: { ...stack.auth, "content-type": "application/json" },
    body: JSON.stringify({ model: "any", prompt: "a star", image_url: imageUrl }),
  });

async function expectRefused(response: Response, what: string) {
  expect(response.status, what).toBe(422);
  const body = (await response.json()) as { data: { reason: string; message: string } };
  expect(body.data.reason, what).toBe("invalid_request");
  expect(body.data.message, what).toMatch(/image_url|url/);
}

describe("inside addresses", () => {
  it("image_url naming an inside address through the system's DNS is refused before the service", async () => {
    const first = stack.upstream.records.length;
    // localhost resolves to loopback through the system resolver (/etc/hosts here).
    for (const url of [
      "http://localhost/a.png",
      "http://localhost:4010/files/x.png",
      "https://LOCALHOST./a.png",
    ]) {
      await expectRefused(await generate(url), url);
    }
    // Only the proxy's own reading of the upload limits; the submission never left.
    expect(stack.upstream.records.slice(first).filter((r) => !r.path.endsWith("/operations"))).toEqual([]);
  });

  it("the proxy sends no request of its own to image_url: redirects are left to the service", async () => {
    const first = stack.upstream.records.length;
    await generate(`${stack.upstream.url}/hop-1`);
    const since = () => stack.upstream.records.slice(first).filter((r) => !r.path.endsWith("/operations"));
    // The submission went to the service; no HEAD (or anything else) went to the URL's host.
    expect(since().map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v3/ai/image-to-image"]);
  });

  it("a hundred URL fields in one body are one 400, and no request leaves for any of them", async () => {
    const first = stack.upstream.records.length;
    const form = new FormData();
    for (let i = 0; i < 100; i++) form.append("url", `${stack.upstream.url}/img-${i}.png`);
    const response = await fetch(`${stack.proxyUrl}/v3/reverse-image-search`, {
      method: "POST",
      headers: stack.auth,
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { data: { message: string } }).data.message).toMatch(/url/);
    expect(stack.upstream.records.slice(first)).toEqual([]);
  });

  it("the relay follows no redirect from the service's host to an inside or unlisted one", async () => {
    for (const target of [
      "http://169.254.169.254/",
      "http://127.0.0.1:1/x",
      "https://files.elsewhere.example/x",
    ]) {
      stack.upstream.inject("GET", /^\/files\/moved$/, {
        kind: "status",
        status: 302,
        body: "",
        headers: { location: target },
      });
      const response = await fetch(
        `${stack.proxyUrl}/relay?url=${encodeURIComponent(`${stack.upstream.url}/files/moved`)}`,
        { headers: stack.auth },
      );
      await expectRefused(response, target);
      expect(stack.upstream.pending()).toBe(0);
    }
  });
});

describe("team scoping", () => {
  // The stack sets no PROXY_SIGNING_KEY: the proxy's keys derive from its Client-Secret.
  const scope = createTeamScope(scopeSecret(undefined, CLIENT_SECRET));
  const SERVICE_ID = "0b9f7c2e-5d1a-4e8b-9c3f-2a6d8e1f4b70";

  /** Ids another team, an offline guess or a near miss of a real one would send. */
  const forgedIds = (kind: "job" | "task") =>
    fc.oneof(
      fc.constant(SERVICE_ID),
      fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,100}$/),
      // The right id under another label, or under another kind of id.
      fc.constantFrom("marketing", "open", "faults ").map((label) => scope.wrap(kind, label, SERVICE_ID)),
      fc.constant(scope.wrap(kind === "job" ? "task" : "job", "faults", SERVICE_ID)),
      // One character of a real tag changed.
      fc.tuple(fc.nat({ max: 21 }), fc.constantFrom(..."AZaz09-_")).map(async ([at, char]) => {
        const real = await scope.wrap(kind, "faults", SERVICE_ID);
        const where = real.length - 22 + at;
        return real[where] === char ? `${real}x` : `${real.slice(0, where)}${char}${real.slice(where + 1)}`;
      }),
    );

  it("a job, task or image_hash not given to the caller's team is unknown, and the service never hears of it", async () => {
    const first = stack.upstream.records.length;
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom("job" as const, "task" as const)
          .chain((kind) => forgedIds(kind).map((forged) => [kind, forged] as const)),
        async ([kind, forged]) => {
          const id = await forged;
          const path = kind === "job" ? `/v3/convert/jobs/${id}` : `/v3/ai/tasks/${id}`;
          const response = await fetch(`${stack.proxyUrl}${path}`, { headers: stack.auth });
          expect(response.status, path).toBe(404);
          const hash = await fetch(`${stack.proxyUrl}/v3/reverse-image-search`, {
            method: "POST",
            headers: { ...stack.auth, "content-type": "application/json" },
            body: JSON.stringify({ image_hash: id }),
          });
          expect(hash.status, id).toBe(400);
        },
      ),
      { numRuns: 200 },
    );
    expect(stack.upstream.records.slice(first).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // The team's own id reaches the service (which has no such job: its own 404).
    const own = await scope.wrap("job", "faults", SERVICE_ID);
    await fetch(`${stack.proxyUrl}/v3/convert/jobs/${own}`, { headers: stack.auth });
    expect(stack.upstream.records.slice(first).map((record) => record.path)).toEqual([
      `/v3/convert/jobs/${SERVICE_ID}`,
    ]);
  });
});
