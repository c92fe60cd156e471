// ApiError: the one error type every caller of the service sees, whether the service refused the
// request, the request never left (validation), or it never got an answer (network, cancellation).
// Callers branch on `reason`, never on `status` alone: 400 and 429 each carry several reasons.

import { type ErrorData, type ErrorEnvelope, errorEnvelope, errorResponse } from "./envelope";
import type { RateLimit } from "./spec-objects";
import type { ErrorReason } from "./tables";

export interface ApiErrorDetails {
  /** Seconds to wait before retrying (Retry-After); absent on quota_exhausted. */
  retryAfterSeconds?: number;
  /** X-RateLimit-* figures of the answer, when the limiter admitted it. */
  rateLimit?: RateLimit;
  /** data.tasks: on an AI 409, the task_ids of the original run. */
  tasks?: string[];
  /** The whole `data` object of the envelope (unknown fields kept). */
  data?: ErrorData;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly reason: ErrorReason | (string & {});
  readonly retryAfterSeconds?: number;
  readonly rateLimit?: RateLimit;
  readonly tasks?: string[];
  readonly data: ErrorData;

  constructor(status: number, reason: ApiError["reason"], message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = status;
    this.reason = reason;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
    if (details.rateLimit !== undefined) this.rateLimit = details.rateLimit;
    const tasks = details.tasks ?? details.data?.tasks;
    if (tasks !== undefined) this.tasks = tasks;
    this.data = { ...details.data, reason, message, ...(tasks ? { tasks } : {}) };
  }

  /** The v3 envelope for this error, for servers that answer with it. */
  toEnvelope(): ErrorEnvelope {
    const { reason, message, ...extra } = this.data;
    return errorEnvelope(reason, message, extra);
  }

  /** A v3 error Response (status, envelope, Retry-After when known). */
  toResponse(headers?: HeadersInit): Response {
    const all = new Headers(headers);
    if (this.retryAfterSeconds !== undefined) all.set("retry-after", String(this.retryAfterSeconds));
    const { reason, message, ...extra } = this.data;
    return errorResponse(this.status, reason, message, { headers: all, extra });
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** 400 invalid_request; the message names the offending field. */
export function invalidRequest(message: string): ApiError {
  return new ApiError(400, "invalid_request", message);
}

/** 413 invalid_request: an upload above the plan's max_upload_kb or the reverse search's 10 MB. */
export function uploadTooLarge(message: string): ApiError {
  return new ApiError(413, "invalid_request", message);
}

export function invalidIdempotencyKey(message: string): ApiError {
  return new ApiError(400, "invalid_idempotency_key", message);
}

/** 404 format_not_available; the message names the valid formats, as the service's does. */
export function formatNotAvailable(message: string): ApiError {
  return new ApiError(404, "format_not_available", message);
}

/** A request that got no answer (offline, DNS, reset). Status 0: nothing came back. */
export function networkError(cause: unknown): ApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(0, "network_error", `The service could not be reached: ${detail}`, { cause });
}

/** The caller cancelled (AbortSignal). */
export function abortedError(signal?: AbortSignal): ApiError {
  return new ApiError(0, "aborted", "The request was cancelled.", { cause: signal?.reason });
}
