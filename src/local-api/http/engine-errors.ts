// Engine failures carry v3 reasons already; this turns one into the ApiError a route throws.

import { ApiError } from "../../api/contract/errors";
import { BUSY_RETRY_AFTER_SECONDS, engineErrorStatus, isEngineError } from "../engines";

export function apiErrorOf(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isEngineError(error)) {
    const busy = error.reason === "rate_limit_exceeded";
    return new ApiError(engineErrorStatus(error), error.reason, error.message, {
      ...(busy ? { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS } : {}),
    });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiError(500, "conversion_failed", `The work could not complete: ${detail}`);
}
