// What a 409 on a repeated Idempotency-Key means for the caller, per the spec's "Idempotency key runs"
// table. AI 409s that list the original tasks are adopted by the AI submit (client-ai.ts); the rest
// are surfaced here with a message that says what happened and what a retry would cost.

import { ApiError } from "../contract/errors";

const CONVERSION_MESSAGES: Record<string, string> = {
  idempotency_in_progress:
    "A conversion with this Idempotency-Key is still running; no new work was started. Try again shortly.",
  idempotency_already_completed:
    "This conversion was already delivered to the first request with this Idempotency-Key, and its output is not kept. Converting again needs a new key and is charged again.",
  idempotency_already_failed:
    "The first conversion with this Idempotency-Key failed and was refunded. Converting again needs a new key.",
};

const AI_MESSAGES: Record<string, string> = {
  idempotency_in_progress:
    "AI work with this Idempotency-Key is still being dispatched and has no tasks yet. Try again shortly.",
  idempotency_already_failed:
    "The first AI request with this Idempotency-Key failed. Submitting again needs a new key.",
};

/** Rewrites an idempotency 409's message for the family; any other error is returned as it is. */
export function explainIdempotencyConflict(error: unknown, family: "conversion" | "ai"): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return error;
  const message = (family === "conversion" ? CONVERSION_MESSAGES : AI_MESSAGES)[error.reason];
  if (message === undefined) return error;
  return new ApiError(error.status, error.reason, message, {
    data: error.data,
    ...(error.rateLimit ? { rateLimit: error.rateLimit } : {}),
    ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    cause: error,
  });
}
