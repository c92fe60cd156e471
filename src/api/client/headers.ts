// Reading the headers the spec gives meaning to: X-RateLimit-*, Retry-After, Location,
// X-Credits-Consumed.

import type { RateLimit } from "../contract/spec-objects";

function numberHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === "") return undefined;
  const value = Number(raw.trim());
  return Number.isFinite(value) ? value : undefined;
}

/** X-RateLimit-Limit/-Remaining/-Reset; undefined when none is present (e.g. on a 401). */
export function readRateLimit(headers: Headers): RateLimit | undefined {
  const limit = numberHeader(headers, "x-ratelimit-limit");
  const remaining = numberHeader(headers, "x-ratelimit-remaining");
  const reset = numberHeader(headers, "x-ratelimit-reset");
  if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
  const rateLimit: RateLimit = {};
  if (limit !== undefined) rateLimit.limit = limit;
  if (remaining !== undefined) rateLimit.remaining = remaining;
  if (reset !== undefined) rateLimit.reset = reset;
  return rateLimit;
}

/**
 * Retry-After in seconds. The spec speaks of seconds; HTTP also allows a date, read relative to `now`
 * so a proxy that rewrites it does not break the wait.
 */
export function readRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const raw = headers.get("retry-after")?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw);
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export function readCreditsConsumed(headers: Headers): number | undefined {
  return numberHeader(headers, "x-credits-consumed");
}
