// One JSON line per request: id, method, route pattern, status, the service's latency, total time,
// token label, cache outcome. Never a header value, a query, a body or a secret.

import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { ProxyEnv } from "../context";

export type LogSink = (line: string) => void;

/**
 * The route pattern the request matched, as it was written once in app.ts ("GET /v3/items/:item"),
 * also for a request refused before its handler ran (a wrong token); "unmatched" when none did.
 * Middleware registered with app.use matches too, as method ALL: the route is the last other one.
 */
export function routeName(c: Context): string {
  const route = [...matchedRoutes(c)].reverse().find((r) => r.method !== "ALL");
  return route ? `${route.method} ${route.path}` : "unmatched";
}

export function accessLog(
  log: LogSink,
  now: () => number = () => performance.now(),
): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const started = now();
    await next();
    const upstreamMs = c.get("upstreamMs");
    log(
      JSON.stringify({
        level: "info",
        time: new Date().toISOString(),
        request_id: c.get("requestId"),
        method: c.req.method,
        route: routeName(c),
        status: c.res.status,
        upstream_ms: upstreamMs === undefined ? null : Math.round(upstreamMs * 10) / 10,
        total_ms: Math.round((now() - started) * 10) / 10,
        token: c.get("tokenLabel") ?? null,
        cache: c.get("cache") ?? null,
      }),
    );
  };
}
