// The error boundary: every refusal is an ApiError answered in the v3 envelope; anything else is a
// bug, answered 500 internal_error in the envelope (the details go to the log, never the caller).

import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { errorResponse } from "../../api/contract/envelope";
import { ApiError } from "../../api/contract/errors";

export function answerError(error: Error, _c: Context): Response {
  if (error instanceof ApiError) return error.toResponse();
  if (error instanceof HTTPException) {
    const status = error.status;
    // Hono raises these for malformed input (e.g. bodyLimit); they are the caller's, never a 5xx.
    return errorResponse(status >= 500 ? 400 : status, "invalid_request", error.message || "Bad request.");
  }
  console.error("local-api: unexpected error", error);
  return errorResponse(500, "internal_error", "The local API hit an unexpected fault.");
}

export function answerNotFound(c: Context): Response {
  return errorResponse(404, "not_found", `No route for ${c.req.method} ${c.req.path}.`);
}

export function baseUrlOf(c: Context, publicBaseUrl: string | undefined): string {
  return (publicBaseUrl ?? new URL(c.req.url).origin).replace(/\/+$/, "");
}
