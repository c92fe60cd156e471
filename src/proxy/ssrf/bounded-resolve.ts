// A name lookup for the URL checks, bounded in time and in how many run at once. Node's lookup
// runs getaddrinfo on libuv's small thread pool (4 threads), which file reads and crypto share:
// a caller whose own DNS server answers slowly could otherwise fill that pool with a handful of
// requests. A lookup past its time is refused; one still running counts against the cap until it
// really ends, since its thread is busy until then.

import { ApiError } from "../../api/errors";
import type { ResolveHost } from "./outbound-url";

export interface ResolveBounds {
  /** Lookups running at once; more are refused with 429 until one ends. */
  maxInFlight: number;
  timeoutMs: number;
}

export const DEFAULT_RESOLVE_BOUNDS: ResolveBounds = { maxInFlight: 2, timeoutMs: 3000 };

export function boundedResolve(
  resolve: ResolveHost,
  bounds: ResolveBounds = DEFAULT_RESOLVE_BOUNDS,
): ResolveHost {
  let inFlight = 0;
  return async (hostname) => {
    if (inFlight >= bounds.maxInFlight) {
      throw new ApiError(
        429,
        "rate_limit_exceeded",
        "The proxy is checking as many URLs as it allows at once; retry in a second.",
        { retryAfterSeconds: 1 },
      );
    }
    inFlight++;
    const lookup = resolve(hostname);
    lookup.then(
      () => inFlight--,
      () => inFlight--,
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
