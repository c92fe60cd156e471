// Refuses path tricks before routing: whatever the runtime's URL parser already normalised, a path
// with encoded characters, dot segments or empty segments is a 404, never a call to the service.

import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../../api/contract/envelope";
import type { ProxyEnv } from "../context";
import { isSafePath } from "../path-guard";

export function pathGuard(): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    // c.req.url is the raw URL string; its pathname keeps percent-encoding as sent.
    const raw = c.req.url.replace(/^[a-z]+:\/\/[^/]*/i, "").split("?")[0] ?? "";
    if (!isSafePath(raw)) return errorResponse(404, "not_found", "There is no such route on this proxy.");
    await next();
  };
}
