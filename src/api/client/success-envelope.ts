// Turning a successful exchange into what the methods return: the `response` object of the envelope
// and the rate-limit figures every result carries.

import { ApiError } from "../contract/errors";
import type { RateLimit } from "../contract/spec-objects";
import { isRecord, type Json } from "./answer-readers";
import { type Exchange, readJson } from "./transport";

export interface Envelope {
  /** The whole parsed body. */
  body: unknown;
  /** Its `response` object. */
  response: Json;
}

export function invalidResponse(status: number, what: string): ApiError {
  return new ApiError(status, "invalid_response", `The service's answer ${what}.`);
}

/** The success envelope's `response`; a body without one is an invalid_response error. */
export async function readEnvelope(exchange: Exchange, signal?: AbortSignal): Promise<Envelope> {
  const body = await readJson(exchange.response, signal);
  if (!isRecord(body) || !isRecord(body.response)) {
    throw invalidResponse(exchange.response.status, "is not the v3 envelope (no `response` object)");
  }
  return { body, response: body.response };
}

/** `{ rateLimit }` when the answer carried X-RateLimit-* figures, `{}` otherwise. */
export function meta(exchange: Exchange): { rateLimit?: RateLimit } {
  return exchange.rateLimit ? { rateLimit: exchange.rateLimit } : {};
}

export function retryAfter(exchange: Exchange): { retryAfterSeconds?: number } {
  return exchange.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: exchange.retryAfterSeconds };
}
