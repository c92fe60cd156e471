// The proxy in front of a service that fails in every way the network allows: each fault reaches the
// caller as the v3 envelope with a status that says what happened, or, for a body that fails after
// its status line was passed on, as a cut connection; never a hang, and never the secret.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_SECRET, type FaultStack, startFaultStack } from "./fixtures/fault-stack";
import { FAULTS, type Fault } from "./fixtures/fault-upstream";

let stack: FaultStack;
beforeAll(async () => {
  stack = await startFaultStack();
});
afterAll(() => stack.close());

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="15"/></svg>';

/** Three kinds of route: a read the proxy rewrites (search), one it streams (credits), a paid upload. */
const ROUTES = {
  search: { method: "GET", path: /^\/v3\/search$/, send: () => get("/v3/search?query=heart&per_page=5") },
  credits: { method: "GET", path: /^\/v3\/credits$/, send: () => get("/v3/credits") },
  convert: {
    method: "POST",
    path: /^\/v3\/convert\/svg-to-png$/,
    send: () => {
      const form = new FormData();
      form.set("file", new Blob([SVG], { type: "image/svg+xml" }), "dot.svg");
      return fetch(`${stack.proxyUrl}/v3/convert/svg-to-png`, {
        method: "POST",
        headers: stack.auth,
        body: form,
      });
    },
  },
} as const;

function get(path: string): Promise<Response> {
  return fetch(`${stack.proxyUrl}${path}`, { headers: stack.auth });
}

/** The answer as the caller reads it: status, envelope and Retry-After, or "cut" when the body failed. */
async function outcome(response: Response) {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { status: response.status, cut: true as const };
  }
  expect(text).not.toContain(CLIENT_SECRET);
  if (response.status < 400) return { status: response.status, text };
  const body = JSON.parse(text) as { data: { reason: string; message: string } };
  expect(typeof body.data.message).toBe("string");
  return {
    status: response.status,
    reason: body.data.reason,
    retryAfter: response.headers.get("retry-after"),
  };
}

async function withFault(route: keyof typeof ROUTES, fault: Fault) {
  const { method, path, send } = ROUTES[route];
  stack.upstream.inject(method, path, fault);
  const answer = await outcome(await send());
  // The fault was met by this very call, not left for a later one.
  expect(stack.upstream.pending()).toBe(0);
  return answer;
}

describe("each fault of the service, as the caller sees it through the proxy", () => {
  it.each(Object.keys(ROUTES) as (keyof typeof ROUTES)[])(
    "%s: silence, resets and gateway pages become the envelope",
    async (route) => {
      expect(await withFault(route, { kind: "hang" })).toMatchObject({
        status: 504,
        reason: "upstream_timeout",
      });
      expect(await withFault(route, { kind: "hang", after: true })).toMatchObject({
        status: 504,
        reason: "upstream_timeout",
      });
      expect(await withFault(route, { kind: "reset" })).toMatchObject({
        status: 502,
        reason: "network_error",
      });
      expect(await withFault(route, { kind: "reset", after: true })).toMatchObject({
        status: 502,
        reason: "network_error",
      });
      expect(await withFault(route, FAULTS.gatewayTimeout)).toMatchObject({
        status: 504,
        reason: "upstream_timeout",
      });
    },
  );

  it.each(Object.keys(ROUTES) as (keyof typeof ROUTES)[])(
    "%s: the service's own refusals pass unchanged",
    async (route) => {
      expect(await withFault(route, FAULTS.conversionFailed)).toEqual({
        status: 500,
        reason: "conversion_failed",
        retryAfter: null,
      });
      expect(await withFault(route, FAULTS.rateLimited(7))).toEqual({
        status: 429,
        reason: "rate_limit_exceeded",
        retryAfter: "7",
      });
      expect(await withFault(route, FAULTS.quotaExhausted)).toEqual({
        status: 429,
        reason: "quota_exhausted",
        retryAfter: null,
      });
    },
  );

  it.each(Object.keys(ROUTES) as (keyof typeof ROUTES)[])(
    "%s: a slow answer or a slow trickle arrives whole",
    async (route) => {
      const clean = await outcome(await ROUTES[route].send());
      expect(clean.status).toBe(200);
      const delayed = await withFault(route, { kind: "delay", ms: 300 });
      const trickled = await withFault(route, { kind: "trickle", chunk: 512, everyMs: 2 });
      for (const answer of [delayed, trickled]) {
        expect(answer.status).toBe(200);
        // Byte for byte where the answer is stable (a search and a conversion); the credits move.
        if (route !== "credits")
          expect((answer as { text: string }).text.length).toBe((clean as { text: string }).text.length);
      }
    },
  );

  it("a body cut off or stalled mid-way: the caller's connection is cut, never left open", async () => {
    // Every answer here streams through: a search passes untouched since previews are linked from the
    // caller's grant, so its status line is out before the cut, like the others'. The window's
    // transport reads a search whole and asks again on a cut (test/api/transport.test.ts).
    for (const route of ["search", "credits", "convert"] as const) {
      expect(await withFault(route, { kind: "truncate" })).toEqual({ status: 200, cut: true });
      expect(await withFault(route, { kind: "stall", bytes: route === "search" ? 100 : 10 })).toEqual({
        status: 200,
        cut: true,
      });
    }
    // An error answer cut off: its envelope cannot be read, so the proxy writes its own.
    const cutError: Fault = { kind: "status", status: 500, body: '{"data":{"reason":"conv' };
    expect(await withFault("credits", cutError)).toMatchObject({ status: 500, reason: "invalid_response" });
  });

  it("stays in service after every fault", async () => {
    for (const route of Object.values(ROUTES)) expect((await route.send()).status).toBe(200);
  });
});
