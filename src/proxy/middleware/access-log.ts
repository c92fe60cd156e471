// One JSON line per request: id, method, route pattern, status, the service's latency, total time,
// token label, cache outcome. Never a header value, a query, a body or a secret.

import type { MiddlewareHandler } from "hono";
import type { ProxyEnv } from "../context";

export type LogSink = (line: string) => void;

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
        route: c.get("route") ?? "unmatched",
        status: c.res.status,
        upstream_ms: upstreamMs === undefined ? null : Math.round(upstreamMs * 10) / 10,
        total_ms: Math.round((now() - started) * 10) / 10,
        token: c.get("tokenLabel") ?? null,
        cache: c.get("cache") ?? null,
      }),
    );
  };
}
