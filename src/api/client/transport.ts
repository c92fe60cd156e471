// One request to the service, with the retry rules of the contract:
// - rate_limit_exceeded waits Retry-After (bounded in count and length, cancellable);
// - network failures (a body cut off included) and 5xx on reads back off and retry a bounded number
//   of times;
// - quota_exhausted and every other 4xx are final;
// - a POST is sent again only when it carries an Idempotency-Key (the service then answers the original
//   run instead of doing and charging the work twice), and never after 500/504, which the service
//   reports as final, uncharged failures;
// - a keyed POST is sent again after a lost answer (its JSON body cut off included), a 502/503 or a 409
//   idempotency_in_progress without tasks (the original not yet dispatched), waiting Retry-After when
//   given, for as long in all as sameKeyBudgetMs allows. This is the only place that decides it.

import { readErrorData } from "../contract/envelope";
import { ApiError, abortedError, networkError } from "../contract/errors";
import { NULL_BODY_STATUSES } from "../contract/null-body";
import type { RateLimit } from "../contract/spec-objects";
import { reasonWithoutEnvelope } from "./answer-readers";
import { readRateLimit, readRetryAfter } from "./headers";

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryPolicy {
  /** How many times a rate_limit_exceeded answer is waited out before it is surfaced. */
  rateLimitRetries: number;
  /** A Retry-After longer than this is surfaced at once rather than waited. */
  maxRetryAfterSeconds: number;
  /** How many times a read is retried after a network failure or 5xx. */
  failureRetries: number;
  /**
   * How long in all a keyed POST may wait between its sends after lost answers, 502/503 or an original
   * still in progress. About 20 s: long enough for a synchronous conversion still running under the
   * same key to answer, short enough that a designer is told rather than left waiting.
   */
  sameKeyBudgetMs: number;
  /** First back-off; doubled each time, capped at maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  rateLimitRetries: 3,
  maxRetryAfterSeconds: 60,
  failureRetries: 2,
  sameKeyBudgetMs: 20_000,
  backoffMs: 500,
  maxBackoffMs: 8000,
};

export interface TransportOptions {
  /** The service's or the proxy's origin (and optional path prefix), without /v3. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Sent with every request; a function is read per request (tokens that change). */
  headers?: HeadersInit | (() => HeadersInit);
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
}

export interface Call {
  method: "GET" | "POST";
  /** Starts with /v3. */
  path: string;
  query?: URLSearchParams;
  /** Reusable across attempts (string, Blob or FormData). */
  body?: string | Blob | FormData;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  signal?: AbortSignal | undefined;
}

export interface Exchange {
  response: Response;
  rateLimit?: RateLimit;
  retryAfterSeconds?: number;
}

/** Waits `ms`, rejecting with the signal's reason when it aborts first. */
export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

export interface Transport {
  send(call: Call): Promise<Exchange>;
  /** Waits, turning a cancellation into ApiError "aborted". */
  wait(ms: number, signal?: AbortSignal): Promise<void>;
}

export function createTransport(options: TransportOptions): Transport {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? realSleep;
  const base = options.baseUrl.replace(/\/+$/, "");

  async function wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw abortedError(signal);
    try {
      await sleep(ms, signal);
    } catch (cause) {
      throw signal?.aborted ? abortedError(signal) : cause;
    }
    if (signal?.aborted) throw abortedError(signal);
  }

  const backoff = (attempt: number) => Math.min(policy.backoffMs * 2 ** attempt, policy.maxBackoffMs);

  function buildRequest(call: Call): Request {
    const search = call.query?.toString() ?? "";
    const url = `${base}${call.path}${search === "" ? "" : `?${search}`}`;
    const defaults = typeof options.headers === "function" ? options.headers() : options.headers;
    const headers = new Headers(defaults);
    if (!headers.has("accept")) headers.set("accept", "application/json");
    for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
    if (call.idempotencyKey !== undefined) headers.set("idempotency-key", call.idempotencyKey);
    const init: RequestInit = { method: call.method, headers };
    if (call.body !== undefined) init.body = call.body;
    if (call.signal) init.signal = call.signal;
    return new Request(url, init);
  }

  async function send(call: Call): Promise<Exchange> {
    const keyed = call.method !== "GET" && call.idempotencyKey !== undefined;
    const retryable = call.method === "GET" || keyed;
    let rateLimited = 0;
    let failed = 0;
    let waitedForKey = 0;
    /** The wait before sending again after a failure, or undefined when this request's tries are spent. */
    const againAfter = (ms: number): number | undefined => {
      if (keyed) {
        if (waitedForKey + ms > policy.sameKeyBudgetMs) return undefined;
        waitedForKey += ms;
      } else if (failed >= policy.failureRetries) return undefined;
      failed++;
      return ms;
    };
    for (;;) {
      if (call.signal?.aborted) throw abortedError(call.signal);
      let response: Response;
      try {
        response = await fetchImpl(buildRequest(call));
      } catch (cause) {
        if (call.signal?.aborted) throw abortedError(call.signal);
        const delay = retryable ? againAfter(backoff(failed)) : undefined;
        if (delay === undefined) throw networkError(cause);
        await wait(delay, call.signal);
        continue;
      }
      const rateLimit = readRateLimit(response.headers);
      const retryAfterSeconds = readRetryAfter(response.headers);
      const exchange: Exchange = { response };
      if (rateLimit) exchange.rateLimit = rateLimit;
      if (retryAfterSeconds !== undefined) exchange.retryAfterSeconds = retryAfterSeconds;
      if (response.ok) {
        // A read's body, and a keyed POST's JSON answer, are read here, inside the retry loop: one cut
        // off mid-way is a lost answer like any other, sent again (with the same key), instead of
        // failing the page, the poll or the paid work that asked. Other POST answers (a converted
        // image) are the caller's to read and are not sent again when cut: that run was delivered and
        // charged, and a repeated key would only say so.
        if (call.method !== "GET" && !(keyed && isJson(response))) return exchange;
        let bytes: ArrayBuffer;
        try {
          bytes = await response.arrayBuffer();
        } catch (cause) {
          if (call.signal?.aborted) throw abortedError(call.signal);
          const delay = againAfter(backoff(failed));
          if (delay === undefined) throw networkError(cause);
          await wait(delay, call.signal);
          continue;
        }
        const init = { status: response.status, statusText: response.statusText, headers: response.headers };
        exchange.response = new Response(NULL_BODY_STATUSES.has(response.status) ? null : bytes, init);
        return exchange;
      }

      const error = await errorOf(exchange, call.signal);
      if (!retryable) throw error;
      if (error.reason === "rate_limit_exceeded" && error.status === 429) {
        const seconds = retryAfterSeconds ?? backoff(rateLimited) / 1000;
        if (rateLimited >= policy.rateLimitRetries || seconds > policy.maxRetryAfterSeconds) throw error;
        rateLimited++;
        await wait(seconds * 1000, call.signal);
        continue;
      }
      const transient =
        error.status === 0 ||
        (call.method === "GET" ? error.status >= 500 : error.status === 502 || error.status === 503) ||
        (error.reason === "idempotency_in_progress" && !error.tasks?.length);
      if (!transient) throw error;
      const delay = againAfter(
        retryAfterSeconds !== undefined && retryAfterSeconds <= policy.maxRetryAfterSeconds
          ? retryAfterSeconds * 1000
          : backoff(failed),
      );
      if (delay === undefined) throw error;
      await wait(delay, call.signal);
    }
  }

  return { send, wait };
}

const isJson = (response: Response) => /[/+]json\b/i.test(response.headers.get("content-type") ?? "");

/** Reads a body as JSON; undefined when it is not JSON. Cancellation while reading is surfaced. */
export async function readJson(response: Response, signal?: AbortSignal): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    if (signal?.aborted) throw abortedError(signal);
    throw networkError(cause);
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The ApiError an unsuccessful answer stands for: its envelope, Retry-After and rate-limit figures. */
export async function errorOf(exchange: Exchange, signal?: AbortSignal): Promise<ApiError> {
  const { response, rateLimit, retryAfterSeconds } = exchange;
  const details = {
    ...(rateLimit ? { rateLimit } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  };
  const data = readErrorData(await readJson(response, signal));
  if (data) return new ApiError(response.status, data.reason, data.message, { ...details, data });
  const reason = reasonWithoutEnvelope(response.status);
  const message = `The service answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""} without an error envelope.`;
  return new ApiError(response.status, reason, message, details);
}
