// The read cache's bounds and freshness rules, on their own.

import { describe, expect, it } from "vitest";
import { freshnessMs, ReadCache, readCacheKey } from "../../src/proxy/read-cache";

const entry = (bytes: number, now: number, ttl = 1000) => ({
  status: 200,
  headers: [] as [string, string][],
  body: new Uint8Array(bytes),
  storedAt: now,
  expiresAt: now + ttl,
});

describe("ReadCache", () => {
  it("evicts the least recently used past its entry and byte bounds", () => {
    let now = 0;
    const cache = new ReadCache(
      { maxEntries: 2, maxEntryBytes: 100, maxTotalBytes: 150, maxTtlMs: 1000 },
      () => now,
    );
    cache.set("a", entry(50, now));
    cache.set("b", entry(50, now));
    expect(cache.get("a")).toBeDefined(); // a is now the most recent
    cache.set("c", entry(50, now));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.set("d", entry(100, now)); // a + c + d = 200 bytes > 150: the older of a and c goes
    expect(cache.size).toBe(2);
    expect(cache.get("c")).toBeDefined();
    cache.set("e", entry(100, now)); // d + c + e = 250 bytes: d was used least recently and goes
    expect(cache.get("d")).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.set("huge", entry(101, now));
    expect(cache.get("huge")).toBeUndefined();
    now = 2000;
    expect(cache.get("e")).toBeUndefined();
  });

  it("keys on the sorted query", () => {
    expect(readCacheKey("/v3/search", new URLSearchParams("b=2&a=1&a=0"))).toBe(
      readCacheKey("/v3/search", new URLSearchParams("a=0&b=2&a=1")),
    );
    expect(readCacheKey("/v3/search", new URLSearchParams("a=1"))).not.toBe(
      readCacheKey("/v3/search", new URLSearchParams("a=2")),
    );
  });

  it("follows Cache-Control", () => {
    expect(freshnessMs(null, 30_000, 300_000)).toBe(30_000);
    expect(freshnessMs("no-store", 30_000, 300_000)).toBe(0);
    expect(freshnessMs("private, max-age=60", 30_000, 300_000)).toBe(0);
    expect(freshnessMs("public, max-age=0", 30_000, 300_000)).toBe(0);
    expect(freshnessMs("max-age=10", 30_000, 300_000)).toBe(10_000);
    expect(freshnessMs("max-age=86400", 30_000, 300_000)).toBe(300_000);
    expect(freshnessMs("max-age=10, s-maxage=20", 30_000, 300_000)).toBe(20_000);
  });
});
