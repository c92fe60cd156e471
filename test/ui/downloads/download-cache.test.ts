import { describe, expect, it } from "vitest";
import { createDownloadCache, keyOf, weightOf } from "../../../src/ui/downloads/download-cache";

const file = (size: number, fill = 1) => ({
  bytes: new Uint8Array(size).fill(fill),
  contentType: "image/svg+xml",
});

describe("download cache", () => {
  it("keys a download by server, asset, format and size", () => {
    const base = {
      server: "http://127.0.0.1:8787",
      account: "",
      uuid: "a",
      format: "png",
      width: 64,
      height: 64,
    };
    const keys = new Set([
      keyOf(base),
      keyOf({ ...base, server: "http://127.0.0.1:9999" }),
      keyOf({ ...base, uuid: "b" }),
      keyOf({ ...base, format: "jpg" }),
      keyOf({ ...base, width: 128, height: 128 }),
    ]);
    expect(keys.size).toBe(5);
    expect(keyOf({ ...base })).toBe(keyOf(base));
  });

  it("stays within its budget, evicting the least recently used first", () => {
    const one = weightOf("a", file(100));
    const cache = createDownloadCache(one * 3);
    cache.put("a", file(100));
    cache.put("b", file(100));
    cache.put("c", file(100));
    // Using "a" makes "b" the oldest.
    expect(cache.get("a")).toBeDefined();
    cache.put("d", file(100));
    expect(cache.has("b")).toBe(false);
    expect(["a", "c", "d"].every((k) => cache.has(k))).toBe(true);
    expect(cache.weight()).toBeLessThanOrEqual(one * 3);
    // A larger file pushes out as many as it needs, never the budget.
    cache.put("e", file(250));
    expect(cache.weight()).toBeLessThanOrEqual(one * 3);
    expect(cache.has("e")).toBe(true);
    expect(cache.entries()[0]?.[0]).toBe("e");
  });

  it("keeps nothing of a file larger than the whole budget, and loses nothing for it", () => {
    const cache = createDownloadCache(1000);
    cache.put("small", file(10));
    expect(cache.put("huge", file(5000))).toBe(false);
    expect(cache.has("huge")).toBe(false);
    expect(cache.has("small")).toBe(true);
  });

  it("replacing an entry counts its weight once", () => {
    const cache = createDownloadCache(1000);
    cache.put("a", file(100));
    cache.put("a", file(100, 2));
    expect(cache.weight()).toBe(weightOf("a", file(100)));
    expect(cache.get("a")?.bytes[0]).toBe(2);
  });
});
