// Wrong tokens, counted per caller address: a bucket of `perMinute` failures that refills
// continuously. An address whose bucket is empty is answered 429 for every wrong token until it
// refills, which keeps a scanner's log noise and work small. A right token is never throttled: one
// address may be a whole office behind a load balancer, or a browser a hostile page drives, and
// their mistakes must not lock out the plugin. What makes guessing hopeless is the token itself
// (at least 16 random characters, tokens.ts), not this throttle.
// Bounded: the least recently failing addresses are forgotten past MAX_ADDRESSES.

import type { Context } from "hono";
import { forwardedCaller } from "../api/server/forwarded-for";

const MAX_ADDRESSES = 10_000;

/** Wrong tokens an address may present a minute before it is answered 429. */
export const DEFAULT_TOKEN_FAILURES_PER_MINUTE = 30;

interface Bucket {
  left: number;
  updated: number;
}

/**
 * The caller's address: the socket's on Node, Cloudflare's header on Workers. Behind a load balancer
 * every socket is the balancer's, so with `trustForwardedFor` (PROXY_TRUST_FORWARDED_FOR, set only
 * when such a balancer writes the header) the first X-Forwarded-For entry names the caller instead.
 * Unset, the header is ignored: a caller could write any address there to escape its throttle.
 */
export function callerAddress(c: Context, trustForwardedFor = false): string {
  const forwarded = trustForwardedFor ? forwardedCaller(c.req.header("x-forwarded-for")) : undefined;
  if (forwarded) return forwarded;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? c.req.header("cf-connecting-ip") ?? "unknown";
}

export function tokenFailures(perMinute: number, now: () => number = Date.now) {
  const buckets = new Map<string, Bucket>();
  const refillPerMs = perMinute / 60_000;
  const current = (address: string): Bucket => {
    const at = now();
    const bucket = buckets.get(address);
    if (!bucket) return { left: perMinute, updated: at };
    bucket.left = Math.min(perMinute, bucket.left + (at - bucket.updated) * refillPerMs);
    bucket.updated = at;
    return bucket;
  };
  return {
    /** Seconds to wait when `address` has no failures left, else undefined. */
    blockedFor(address: string): number | undefined {
      if (perMinute <= 0 || !buckets.has(address)) return undefined;
      const bucket = current(address);
      if (bucket.left >= 1) return undefined;
      return Math.max(1, Math.ceil((1 - bucket.left) / refillPerMs / 1000));
    },
    fail(address: string): void {
      if (perMinute <= 0) return;
      const bucket = current(address);
      bucket.left = Math.max(0, bucket.left - 1);
      buckets.delete(address);
      buckets.set(address, bucket);
      if (buckets.size > MAX_ADDRESSES) buckets.delete(buckets.keys().next().value as string);
    },
  };
}

export type TokenFailures = ReturnType<typeof tokenFailures>;
