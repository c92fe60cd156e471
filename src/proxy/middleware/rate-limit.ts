// The operator's own budget per token, on top of the service's limits: a token bucket holding
// `perMinute` requests that refills continuously, so one team cannot spend everyone's minute.
// State is per process (per isolate on Workers): a ceiling against runaway callers, not billing.

import type { MiddlewareHandler } from "hono";
import { ApiError } from "../../api/errors";
import type { ProxyEnv } from "../context";

interface Bucket {
  tokens: number;
  updated: number;
}

export function tokenRateLimit(
  perMinute: number,
  what = "requests",
  now: () => number = Date.now,
): MiddlewareHandler<ProxyEnv> {
  const buckets = new Map<string, Bucket>();
  const refillPerMs = perMinute / 60_000;
  return async (c, next) => {
    if (perMinute <= 0) return next();
    const key = c.get("tokenLabel") ?? "unknown";
    const at = now();
    const bucket = buckets.get(key) ?? { tokens: perMinute, updated: at };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (at - bucket.updated) * refillPerMs);
    bucket.updated = at;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) {
      const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
      throw new ApiError(
        429,
        "rate_limit_exceeded",
        `This token has used its ${perMinute} ${what} a minute on this proxy; retry in ${retryAfterSeconds} s.`,
        { retryAfterSeconds },
      );
    }
    bucket.tokens -= 1;
    await next();
  };
}
