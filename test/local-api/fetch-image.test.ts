// The reverse search's url fetcher on its own, against loopback servers it is told to trust: the
// time limit, a body larger than the cap sent without Content-Length, and endless redirects.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isApiError } from "../../src/api/contract/errors";
import { createImageFetcher } from "../../src/local-api/net/fetch-image";
import { type LoopbackServer, serveOnLoopback } from "../support/loopback";

let server: LoopbackServer;

beforeAll(async () => {
  server = await serveOnLoopback((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/stall") return new Promise<Response>(() => {}); // never answers
    if (path === "/loop") return new Response(null, { status: 302, headers: { location: "/loop" } });
    if (path === "/stream") {
      // 64 KB in chunks, without Content-Length: only counting the bytes can stop it.
      const chunk = new Uint8Array(8 * 1024);
      let sent = 0;
      const body = new ReadableStream({
        pull(controller) {
          if (sent++ >= 8) controller.close();
          else controller.enqueue(chunk);
        },
      });
      return new Response(body, { headers: { "content-type": "image/png" } });
    }
    return new Response("missing", { status: 404 });
  });
});
afterAll(() => server.close());

const fetcher = (limits: Partial<{ maxBytes: number; timeoutMs: number; maxRedirects: number }> = {}) =>
  createImageFetcher(
    { resolve: async () => ["93.184.216.34"], trustedHosts: new Set([new URL(server.url).host]) },
    { maxBytes: 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5, ...limits },
  );

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  expect([error.status, error.reason]).toEqual([400, "invalid_request"]);
  return error.message;
}

describe("createImageFetcher", () => {
  it("gives up past its time limit", async () => {
    expect(await refusal(fetcher({ timeoutMs: 300 })(`${server.url}/stall`))).toMatch(/did not answer/);
  });

  it("stops reading past the size cap even without Content-Length", async () => {
    expect(await refusal(fetcher({ maxBytes: 20 * 1024 })(`${server.url}/stream`))).toMatch(/larger than/);
    expect((await fetcher()(`${server.url}/stream`)).byteLength).toBe(64 * 1024);
  });

  it("refuses endless redirects", async () => {
    expect(await refusal(fetcher()(`${server.url}/loop`))).toMatch(/redirects/);
  });
});
