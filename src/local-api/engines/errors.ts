// The one error type every engine throws. Reasons are v3 reasons from src/api/contract/tables.ts so a
// route can answer `errorResponse(engineErrorStatus(err), err.reason, err.message)` without a
// translation table.

import type { ErrorReason } from "../../api/contract/tables";

export type EngineErrorReason = Extract<
  ErrorReason,
  | "invalid_input_file"
  | "invalid_request"
  | "conversion_failed"
  | "conversion_timeout"
  | "aborted"
  | "rate_limit_exceeded"
>;

const STATUS: Record<EngineErrorReason, number> = {
  invalid_input_file: 400,
  invalid_request: 400,
  conversion_failed: 500,
  conversion_timeout: 504,
  // A cancelled render never reaches a client as such; 499 keeps it distinct from a failure in logs.
  aborted: 499,
  // Every engine slot is taken and the line is full: transient, the caller retries after a moment.
  rate_limit_exceeded: 429,
};

/** Seconds a caller refused for a full engine line should wait (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export class EngineError extends Error {
  override readonly name = "EngineError";
  constructor(
    readonly reason: EngineErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}

/** The HTTP status a route should answer for an engine failure. */
export function engineErrorStatus(error: EngineError): number {
  return STATUS[error.reason];
}

/** Wraps a library failure so it surfaces as conversion_failed without losing its cause. */
export function asConversionFailure(error: unknown, what: string): EngineError {
  if (error instanceof EngineError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new EngineError("conversion_failed", `${what} failed: ${detail}`, { cause: error });
}

/** For a file the sniffer accepted but the decoder refused: the upload is at fault, not the server. */
export function asInputFailure(error: unknown, what: string): EngineError {
  if (error instanceof EngineError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new EngineError("invalid_input_file", `${what}: ${detail}`, { cause: error });
}
