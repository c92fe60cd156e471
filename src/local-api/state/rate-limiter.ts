// Fixed one-minute windows (aligned to the clock's minutes) counted per key: a key names the client,
// product family and method class, or for unverified callers the client id and address.

import type { JsonStateFile } from "./json-file";

const WINDOW_MS = 60_000;

export interface RateDecision {
  admitted: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (also the Retry-After of a refusal). */
  resetSeconds: number;
}

interface WindowCount {
  window: number;
  count: number;
}

export type RateDocument = Record<string, WindowCount>;

export class RateLimiter {
  private readonly counts: Map<string, WindowCount>;

  constructor(
    private readonly file: JsonStateFile<RateDocument>,
    private readonly now: () => number,
  ) {
    const loaded = file.load({}, isRateDocument);
    this.counts = new Map(
      Object.entries(loaded).filter(
        ([, entry]) => Number.isInteger(entry?.window) && Number.isInteger(entry?.count),
      ),
    );
  }

  hit(key: string, limit: number): RateDecision {
    const now = this.now();
    const window = Math.floor(now / WINDOW_MS);
    const resetSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
    let entry = this.counts.get(key);
    if (!entry || entry.window !== window) {
      entry = { window, count: 0 };
      this.counts.set(key, entry);
      if (this.counts.size > 10_000) this.forgetOldWindows(window);
    }
    if (entry.count >= limit) return { admitted: false, limit, remaining: 0, resetSeconds };
    entry.count += 1;
    this.file.save(() => Object.fromEntries(this.counts));
    return { admitted: true, limit, remaining: limit - entry.count, resetSeconds };
  }

  flush(): Promise<void> {
    return this.file.flush();
  }

  private forgetOldWindows(current: number): void {
    for (const [key, entry] of this.counts) if (entry.window !== current) this.counts.delete(key);
  }
}

function isRateDocument(value: unknown): value is RateDocument {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
