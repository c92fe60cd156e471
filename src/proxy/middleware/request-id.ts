// Every answer carries X-Request-Id, the same id the log line has, so a designer's report can be
// matched to a line. A caller's own id is kept when it is short and plain.

import type { MiddlewareHandler } from "hono";
import type { ProxyEnv } from "../context";

const CALLER_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestId(): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const offered = c.req.header("x-request-id");
    const id = offered !== undefined && CALLER_ID.test(offered) ? offered : crypto.randomUUID();
    c.set("requestId", id);
    await next();
    c.res.headers.set("x-request-id", id);
  };
}
