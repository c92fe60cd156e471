// A scripted stand-in for the proxy in ui tests: a catalogue of generated assets answered by route,
// every request recorded, a pending answer rejected on abort as real fetch does. End-to-end runs use
// the real proxy and local API instead.

import { assetMethods } from "../../../src/api/client/client-assets";
import { createTransport } from "../../../src/api/client/transport";
import { errorResponse } from "../../../src/api/contract/envelope";

export const PROXY = "http://127.0.0.1:8787";

export function makeAssets(count: number, prefix = "asset") {
  return Array.from({ length: count }, (_, i) => ({
    uuid: `${prefix}-${i}`,
    name: `${prefix} ${i}`,
    urls: { svg: `${PROXY}/previews/${prefix}-${i}.svg`, png: `https://cdn.example.test/${prefix}-${i}.png` },
  }));
}

/** A preview link in the form the proxy signs (the signature is not checked here). */
export function signedLink(source: string, expiresAtSeconds = 4_102_444_800): string {
  const query = new URLSearchParams({
    u: source,
    e: String(expiresAtSeconds),
    l: "design-team",
    s: "x".repeat(43),
  });
  return `${PROXY}/relay/p?${query}`;
}

export type Route = (url: URL, request: Request) => Response | Promise<Response> | undefined;

export function json(response: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ response }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

export function failure(status: number, reason: string, headers: Record<string, string> = {}) {
  return errorResponse(status, reason, `service says ${reason}`, { headers });
}

/** Search answered from a catalogue of `total` assets (named after the query), paged as asked. */
export function searchRoute(total: number): Route {
  return (url) => {
    if (url.pathname !== "/v3/search") return undefined;
    const page = Number(url.searchParams.get("page") ?? 1);
    const perPage = Number(url.searchParams.get("per_page") ?? 60);
    const prefix = url.searchParams.get("query") || url.searchParams.get("asset") || "asset";
    const start = (page - 1) * perPage;
    const data = makeAssets(Math.max(0, Math.min(perPage, total - start)), prefix).map((a, i) => ({
      ...a,
      uuid: `${prefix}-${start + i}`,
      name: `${prefix} ${start + i}`,
    }));
    return json({ items: { total, data } });
  };
}

export function fakeService(...routes: Route[]) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    requests.push(request);
    const url = new URL(request.url);
    for (const route of routes) {
      const answer = route(url, request);
      if (answer === undefined) continue;
      return await new Promise<Response>((resolve, reject) => {
        if (request.signal.aborted) return reject(new DOMException("aborted", "AbortError"));
        request.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")), {
          once: true,
        });
        Promise.resolve(answer).then(resolve, reject);
      });
    }
    return errorResponse(404, "not_found", `no route for ${url.pathname}`);
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    searches: () =>
      requests.filter((r) => new URL(r.url).pathname === "/v3/search").map((r) => new URL(r.url)),
  };
}

/** The asset methods the stores call, over a scripted service's fetch, with no retries. */
export function storeApi(fetch: typeof globalThis.fetch) {
  return assetMethods(
    createTransport({ baseUrl: PROXY, fetch, retry: { rateLimitRetries: 0, failureRetries: 0 } }),
  );
}

/** An answer held back until `release()` (to keep a request in flight). */
export function heldAnswer() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release: (response: Response) => release(response) };
}
