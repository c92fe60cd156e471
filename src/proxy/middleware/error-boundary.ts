// Every answer the proxy makes up itself is the v3 error envelope; nothing thrown ever reaches the
// caller as a stack trace. ApiErrors (from src/api's validators or the proxy's own refusals) keep
// their status and reason; anything else is an internal_error whose detail goes to the log only.

import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { errorResponse } from "../../api/contract/envelope";
import { isApiError } from "../../api/contract/errors";
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

/** What describes an answer's body; the envelope has its own. */
const BODY_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "content-disposition",
  "content-range",
  "accept-ranges",
  "etag",
  "last-modified",
  "expires",
  "cache-control",
  "location",
  "retry-after",
  "x-credits-consumed",
]);

/**
 * A failure can come after an answer was set (the service's body cut off while the proxy read it),
 * and Hono copies that answer's headers onto the envelope: its Content-Length left the caller
 * waiting for bytes that never came. The answer is let go and only headers not about its body kept
 * (CORS, the service's rate-limit figures).
 */
function dropStaleAnswer(c: Context<ProxyEnv>): void {
  const stale = c.res;
  stale.body?.cancel().catch(() => undefined);
  const kept = new Headers();
  for (const [name, value] of stale.headers) if (!BODY_HEADERS.has(name)) kept.append(name, value);
  c.res = undefined;
  c.res = new Response(null, { headers: kept });
}

export function onProxyError(log: LogSink): ErrorHandler<ProxyEnv> {
  return (error: unknown, c: Context<ProxyEnv>) => {
    dropStaleAnswer(c);
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
