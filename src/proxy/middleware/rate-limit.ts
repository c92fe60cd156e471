// The operator's own budgets, on top of the service's limits: token buckets that refill
// continuously. One per token over everything it asks (tokenRateLimit), and one per team for each
// of the service's own limits (teamBudget, spent by the calls that reach the service): the service
// counts per client, per product family and per method class, and every team shares the one client,
// so each team gets a share of each.
// State is per process (per isolate on Workers): a ceiling against runaway callers, not billing.

import type { Context, MiddlewareHandler } from "hono";
import { productFamilyOf } from "../../api/contract";
import { ApiError } from "../../api/errors";
import type { ProxyEnv } from "../context";

interface Bucket {
  tokens: number;
  updated: number;
}

/** Buckets by key; `take` spends one or says how many seconds until one is there. */
function buckets(now: () => number) {
  const held = new Map<string, Bucket>();
  return (key: string, perMinute: number): number | undefined => {
    const refillPerMs = perMinute / 60_000;
    const at = now();
    const bucket = held.get(key) ?? { tokens: perMinute, updated: at };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (at - bucket.updated) * refillPerMs);
    bucket.updated = at;
    held.set(key, bucket);
    if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
    bucket.tokens -= 1;
    return undefined;
  };
}

function tooMany(message: string, retryAfterSeconds: number): ApiError {
  return new ApiError(429, "rate_limit_exceeded", `${message}; retry in ${retryAfterSeconds} s.`, {
    retryAfterSeconds,
  });
}

export function tokenRateLimit(
  perMinute: number,
  what = "requests",
  now: () => number = Date.now,
): MiddlewareHandler<ProxyEnv> {
  const take = buckets(now);
  return async (c, next) => {
    if (perMinute <= 0) return next();
    const wait = take(c.get("tokenLabel") ?? "unknown", perMinute);
    if (wait !== undefined)
      throw tooMany(`This token has used its ${perMinute} ${what} a minute on this proxy`, wait);
    await next();
  };
}

/** The service's method classes: reads and writes are counted apart (spec "Limits" 1). */
function methodClass(c: Context<ProxyEnv>): "reads" | "writes" {
  return c.req.method === "GET" || c.req.method === "HEAD" ? "reads" : "writes";
}

/**
 * Each team's share of the service's per-minute limit, per product family and method class, so no
 * team can spend what the others need. `budgetOf` gives a label's requests a minute (0: no limit).
 * Called just before the service is (forward.ts): a read the proxy answers from its cache costs the
 * service nothing and the team nothing.
 */
export function teamBudget(budgetOf: (label: string) => number, now: () => number = Date.now) {
  const take = buckets(now);
  return (c: Context<ProxyEnv>): void => {
    const label = c.get("tokenLabel") ?? "unknown";
    const perMinute = budgetOf(label);
    if (perMinute <= 0) return;
    const family = productFamilyOf(c.req.path);
    const kind = methodClass(c);
    const wait = take(`${label}\n${family}\n${kind}`, perMinute);
    if (wait !== undefined)
      throw tooMany(
        `Team ${label} has used its share of the service's ${family} ${kind}: ${perMinute} a minute`,
        wait,
      );
  };
}
