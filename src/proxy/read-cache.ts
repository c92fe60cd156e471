// A small, bounded, short-lived store of identical reads (search, item, catalogues), in memory. Answers do not
// depend on who asked (the proxy calls the service with one identity), so the key is the route and
// the normalised query alone. Only 200s are kept, never anything that costs credits.

export interface CachedRead {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  storedAt: number;
  expiresAt: number;
}

/** Where kept reads live: this process's memory (ReadCache) on Node, the Cache API on Workers. */
export interface ReadStore {
  get(key: string): Promise<CachedRead | undefined>;
  set(key: string, entry: CachedRead): Promise<void>;
}

export interface ReadCacheLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Longest lifetime a service max-age can ask for: this cache saves read budget, it is not a CDN. */
  maxTtlMs: number;
}

export const READ_CACHE_LIMITS: ReadCacheLimits = {
  maxEntries: 500,
  maxEntryBytes: 512 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
  maxTtlMs: 5 * 60_000,
};

/** Path plus the query sorted by name then value, so the same question asked in another order hits. */
export function readCacheKey(path: string, search: URLSearchParams): string {
  const pairs = [...search.entries()].sort(([a, av], [b, bv]) =>
    a === b ? av.localeCompare(bv) : a.localeCompare(b),
  );
  return `${path}?${new URLSearchParams(pairs).toString()}`;
}

/** How long an answer may be kept: 0 when its Cache-Control forbids it, its max-age, else the default. */
export function freshnessMs(cacheControl: string | null, defaultTtlMs: number, maxTtlMs: number): number {
  if (cacheControl === null) return defaultTtlMs;
  const directives = cacheControl.toLowerCase();
  if (/(^|[\s,])(no-store|no-cache|private)([\s,=]|$)/.test(directives)) return 0;
  const age = /(?:^|[\s,])s-maxage=(\d+)/.exec(directives) ?? /(?:^|[\s,])max-age=(\d+)/.exec(directives);
  if (age?.[1] !== undefined) return Math.min(Number(age[1]) * 1000, maxTtlMs);
  return defaultTtlMs;
}

export class ReadCache {
  private readonly entries = new Map<string, CachedRead>();
  private totalBytes = 0;

  constructor(
    private readonly limits: ReadCacheLimits = READ_CACHE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): CachedRead | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Re-insert: Map order is the eviction order, oldest use first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedRead): void {
    if (entry.body.byteLength > this.limits.maxEntryBytes) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.totalBytes += entry.body.byteLength;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.totalBytes <= this.limits.maxTotalBytes) break;
      this.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.body.byteLength;
    this.entries.delete(key);
  }
}

/** A ReadCache as a ReadStore. */
export function memoryReads(cache = new ReadCache()): ReadStore {
  return {
    get: async (key) => cache.get(key),
    set: async (key, entry) => cache.set(key, entry),
  };
}
