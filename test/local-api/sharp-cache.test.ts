// The local API keeps finished previews in its own bounded raster cache, so libvips' operation cache
// (decoded pixels of recent pipelines, up to 50 MB) is turned off wherever the local API runs.

import sharp from "sharp";
import { expect, it } from "vitest";
import { startLocalApi } from "./support";

it("turns libvips' operation cache off once the local API is created", async () => {
  sharp.cache(true);
  expect(sharp.cache().memory.max).toBeGreaterThan(0);
  const local = await startLocalApi();
  try {
    const cache = sharp.cache();
    expect([cache.memory.max, cache.files.max, cache.items.max]).toEqual([0, 0, 0]);
    // Previews are still drawn, and the second one comes from the raster cache.
    const search = await (await local.get("/v3/search?asset=3d&query=cat&per_page=1")).json();
    const url = search.response.items.data[0].urls.png_128;
    for (let i = 0; i < 2; i++) expect((await fetch(url)).status).toBe(200);
  } finally {
    await local.close();
  }
});
