// A scripted stand-in for the service in unit tests: answers queued in order, every request recorded.
// Integration tests use the local API over real HTTP instead.

import { errorResponse } from "../../src/api/contract/envelope";

export type Answer = Response | Error | ((request: Request) => Response | Promise<Response>);

export function scriptedFetch(...answers: Answer[]) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    requests.push(request);
    const next = answers.shift();
    if (next === undefined) throw new Error(`unscripted request: ${request.method} ${request.url}`);
    if (next instanceof Error) throw next;
    return typeof next === "function" ? next(request) : next;
  };
  return { fetch: fetch as typeof globalThis.fetch, requests, unanswered: () => answers.length };
}

/** A sleep that records what it was asked to wait and returns at once (rejecting when aborted). */
export function recordingSleep() {
  const waits: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    waits.push(ms);
    if (signal?.aborted) throw signal.reason;
  };
  return { sleep, waits };
}

export const RATE = { "X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "42", "X-RateLimit-Reset": "30" };

export function ok(response: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return new Response(JSON.stringify({ response }), {
    status: init.status ?? 200,
    headers: { "content-type": "application/json", ...RATE, ...init.headers },
  });
}

export function fail(
  status: number,
  reason: string,
  init: { headers?: Record<string, string>; extra?: Record<string, unknown>; message?: string } = {},
) {
  return errorResponse(status, reason, init.message ?? `service says ${reason}`, {
    headers: init.headers ?? RATE,
    ...(init.extra ? { extra: init.extra } : {}),
  });
}

/** An answer that never comes until the request is aborted (then fetch rejects, as real fetch does). */
export function hangUntilAborted(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
  });
}

export const BASE = "http://127.0.0.1:9/base";
