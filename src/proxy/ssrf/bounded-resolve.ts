// A name lookup for the URL checks, bounded in time, in how many run at once, and in how many one
// caller (token label) may hold. Node's lookup runs getaddrinfo on libuv's small thread pool (4
// threads), which file reads and crypto share: a caller whose own DNS server answers slowly could
// otherwise fill that pool with a handful of requests. getaddrinfo cannot be cancelled, so a
// lookup past its time is refused but counts against both caps until it really ends: its thread is
// busy until then. Per label, so a caller naming black-holed hosts waits out only its own stalls
// and cannot take every slot from the other teams.

import { ApiError } from "../../api/contract/errors";
import type { ResolveHost } from "./outbound-url";

export interface ResolveBounds {
  /** Lookups running at once in all; more are refused with 429 until one ends. */
  maxInFlight: number;
  /** Lookups one label may have running at once (its own stalled ones included). */
  maxPerLabel: number;
  timeoutMs: number;
}

export const DEFAULT_RESOLVE_BOUNDS: ResolveBounds = { maxInFlight: 2, maxPerLabel: 1, timeoutMs: 3000 };

const busy = (message: string) => new ApiError(429, "rate_limit_exceeded", message, { retryAfterSeconds: 1 });

/** A resolver per caller label, sharing one global cap. */
export function boundedResolver(
  resolve: ResolveHost,
  bounds: ResolveBounds = DEFAULT_RESOLVE_BOUNDS,
): (label: string) => ResolveHost {
  let inFlight = 0;
  // Only labels with a lookup running are held, so the map is bounded by maxInFlight.
  const perLabel = new Map<string, number>();
  const release = (label: string) => {
    inFlight--;
    const left = (perLabel.get(label) ?? 1) - 1;
    if (left <= 0) perLabel.delete(label);
    else perLabel.set(label, left);
  };
  return (label) => async (hostname) => {
    if ((perLabel.get(label) ?? 0) >= bounds.maxPerLabel)
      throw busy("Your earlier URLs are still being checked; retry in a second.");
    if (inFlight >= bounds.maxInFlight)
      throw busy("The proxy is checking as many URLs as it allows at once; retry in a second.");
    inFlight++;
    perLabel.set(label, (perLabel.get(label) ?? 0) + 1);
    const lookup = resolve(hostname);
    lookup.then(
      () => release(label),
      () => release(label),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("lookup timed out")), bounds.timeoutMs);
    });
    try {
      return await Promise.race([lookup, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
