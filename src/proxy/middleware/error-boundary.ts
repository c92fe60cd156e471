// Every answer the proxy makes up itself is the v3 error envelope; nothing thrown ever reaches the
// caller as a stack trace. ApiErrors (from src/api's validators or the proxy's own refusals) keep
// their status and reason; anything else is an internal_error whose detail goes to the log only.

import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { errorResponse } from "../../api/envelope";
import { isApiError } from "../../api/errors";
import type { ProxyEnv } from "../context";
import type { LogSink } from "./access-log";

export function envelopeFor(error: unknown): Response {
  if (isApiError(error) && error.status >= 400) {
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds !== undefined) headers["retry-after"] = String(error.retryAfterSeconds);
    if (error.status === 401) headers["www-authenticate"] = 'Bearer realm="assetport"';
    return errorResponse(error.status, error.reason, error.message, { headers });
  }
  return errorResponse(500, "internal_error", "The proxy failed to handle this request.");
}

export function onProxyError(log: LogSink): ErrorHandler<ProxyEnv> {
  return (error: unknown, c: Context<ProxyEnv>) => {
    if (!isApiError(error)) {
      // Name and message only: a stack or a request body could carry what must not be logged.
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      log(JSON.stringify({ level: "error", request_id: c.get("requestId"), error: detail.slice(0, 300) }));
    }
    return envelopeFor(error);
  };
}

export const onNotFound: NotFoundHandler<ProxyEnv> = () =>
  errorResponse(404, "not_found", "There is no such route on this proxy.");
