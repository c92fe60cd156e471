// SVG to PNG with resvg, off the event loop (renderAsync runs on the thread pool), with the
// rendered files kept in a byte-bounded cache: previews are asked for again and again.

import { renderAsync } from "@resvg/resvg-js";
import sharp from "sharp";

/** Our own bounds on a raster download's side (the spec shows none); documented in the README. */
export const RASTER_MIN_SIDE = 16;
export const RASTER_MAX_SIDE = 4096;
export const PREVIEW_SIZES = [64, 128, 256, 512] as const;

export const RASTER_CACHE_BYTES = 32 * 1024 * 1024;

export class RasterCache {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;

  /**
   * 32 MB: about 400 3D pictures or 1,500 icons at grid size. The window's browser keeps previews
   * for a day as well. A long browse of every type (12 pages each, 2,800 previews) peaked at
   * 412-475 MB with 64 MB here and 375-440 MB with 32, three runs each on a busy machine: the
   * cache is one of the costs that take the server past its 400 MB budget (docs/local-api.md).
   */
  constructor(private readonly maxBytes = RASTER_CACHE_BYTES) {}

  /** The PNG of `svg` fitted inside width x height, centred on a transparent canvas of that size. */
  async png(cacheKey: string, svg: string, width: number, height: number): Promise<Uint8Array> {
    return this.remembered(cacheKey, width, height, () => rasterise(svg, width, height));
  }

  /** The PNG `make` draws at width x height, kept under the same byte bound as the SVG renders. */
  async remembered(
    cacheKey: string,
    width: number,
    height: number,
    make: () => Promise<Uint8Array>,
  ): Promise<Uint8Array> {
    const key = `${cacheKey}@${width}x${height}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Map order is insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const png = await make();
    this.remember(key, png);
    return png;
  }

  private remember(key: string, png: Uint8Array): void {
    if (png.byteLength > this.maxBytes / 4) return;
    this.entries.set(key, png);
    this.bytes += png.byteLength;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.byteLength;
    }
  }
}

async function rasterise(svg: string, width: number, height: number): Promise<Uint8Array> {
  const square = width === height;
  const image = await renderAsync(svg, {
    fitTo: square ? { mode: "width", value: width } : { mode: "height", value: height },
    font: { loadSystemFonts: false },
  });
  if (image.width === width && image.height === height) return image.asPng();
  // Not the asset's own proportions: fit inside and pad, as an image placed "contain" would be.
  return sharp(image.asPng())
    .resize(width, height, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}
