// The preview cache is bounded in bytes: past its bound the least recently used PNGs are drawn again,
// so a long browse of every type keeps the server within its memory budget.

import { describe, expect, it } from "vitest";
import { RasterCache } from "../../src/local-api/render/rasterise";

const MB = 1024 * 1024;

describe("RasterCache", () => {
  it("keeps at most 32 MB of PNGs by default, dropping the least recently used", async () => {
    const cache = new RasterCache();
    let made = 0;
    const make = async () => {
      made += 1;
      return new Uint8Array(MB);
    };
    for (let i = 0; i < 40; i++) await cache.remembered(`asset-${i}`, 256, 256, make);
    expect(made).toBe(40);
    // The latest 32 are still kept; the first 8 went, and are drawn again when asked.
    await cache.remembered("asset-39", 256, 256, make);
    await cache.remembered("asset-8", 256, 256, make);
    expect(made).toBe(40);
    await cache.remembered("asset-0", 256, 256, make);
    expect(made).toBe(41);
  });
});
