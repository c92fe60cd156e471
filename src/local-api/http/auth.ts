// Authentication and rate limits as the spec states them: Client-ID alone is enough for search and
// item detail (then the unverified limit of 60 reads a minute per client id and address applies);
// everything else needs both headers. A 401 is answered before the limiter, so it carries no
// X-RateLimit-* headers; every admitted answer carries them, errors included.

import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../../api/contract/errors";
import { productFamilyOf } from "../../api/contract/tables";
import { forwardedCaller } from "../../api/server/forwarded-for";
import type { LocalApiDeps, LocalApiEnv } from "./context";

export const UNVERIFIED_READS_PER_MINUTE = 60;

/** What authenticate reads: the accounts and their secrets. */
export type AuthenticateDeps = Pick<LocalApiDeps, "accounts">;
/** What rateLimit reads: the limiter, and whether X-Forwarded-For names the caller. */
export type RateLimitDeps = Pick<LocalApiDeps, "limiter" | "trustForwardedFor">;
/** The guard in front of every /v3 route: authenticate, then rateLimit. */
export type GuardDeps = AuthenticateDeps & RateLimitDeps;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function invalidCredentials(message: string): ApiError {
  return new ApiError(401, "invalid_credentials", message);
}

/** `secret: "optional"` for search and items; "required" everywhere else. */
export function authenticate(
  deps: AuthenticateDeps,
  secret: "optional" | "required",
): MiddlewareHandler<LocalApiEnv> {
  return async (c, next) => {
    const clientId = c.req.header("client-id");
    const clientSecret = c.req.header("client-secret");
    if (!clientId) throw invalidCredentials("The Client-ID header is missing.");
    const account = deps.accounts.get(clientId);
    if (!account) throw invalidCredentials("The Client-ID is not known.");
    if (clientSecret === undefined && secret === "required") {
      throw invalidCredentials("This endpoint needs both Client-ID and Client-Secret.");
    }
    if (clientSecret !== undefined && !sameSecret(clientSecret, account.client_secret)) {
      throw invalidCredentials("The Client-Secret does not match the Client-ID.");
    }
    c.set("account", account);
    c.set("verified", clientSecret !== undefined);
    await next();
  };
}

function callerAddress(c: Context<LocalApiEnv>, deps: Pick<RateLimitDeps, "trustForwardedFor">): string {
  const forwarded = deps.trustForwardedFor ? forwardedCaller(c.req.header("x-forwarded-for")) : undefined;
  return forwarded ?? c.env?.incoming?.socket?.remoteAddress ?? "in-process";
}

/** Runs after authenticate: per client, product family and method class. */
export function rateLimit(deps: RateLimitDeps): MiddlewareHandler<LocalApiEnv> {
  return async (c, next) => {
    const account = c.get("account");
    const reads = c.req.method === "GET" || c.req.method === "HEAD";
    const decision = c.get("verified")
      ? deps.limiter.hit(
          `${account.client_id}|${productFamilyOf(c.req.path)}|${reads ? "reads" : "writes"}`,
          reads ? account.rate_limits.reads_per_minute : account.rate_limits.writes_per_minute,
        )
      : deps.limiter.hit(
          `unverified|${account.client_id}|${callerAddress(c, deps)}`,
          UNVERIFIED_READS_PER_MINUTE,
        );
    const headers = {
      "X-RateLimit-Limit": String(decision.limit),
      "X-RateLimit-Remaining": String(decision.remaining),
      "X-RateLimit-Reset": String(decision.resetSeconds),
    };
    if (!decision.admitted) {
      const refusal = new ApiError(
        429,
        "rate_limit_exceeded",
        "Too many requests this minute; retry after the wait.",
        {
          retryAfterSeconds: decision.resetSeconds,
        },
      );
      return refusal.toResponse(headers);
    }
    await next();
    try {
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    } catch {
      // A response with immutable headers (e.g. passed through from fetch) is copied first.
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    }
  };
}
