// Decodes an uploaded raster (png, jpg, webp, gif first frame) to straight RGBA, with EXIF orientation
// applied and a pixel ceiling, for the upload engines.

import sharp from "sharp";
import { asInputFailure } from "../errors";
import { requireInput } from "../sniff";

export const RASTER_INPUTS = ["png", "jpg", "webp", "gif"] as const;
/** Inputs above this many pixels are refused before decoding: 40 Mpx. */
export const UPLOAD_MAX_PIXELS = 40_000_000;

export interface Rgba {
  width: number;
  height: number;
  data: Buffer;
}

/** `maxEdge` scales the image down (never up) so its long side fits. */
export async function decodeRaster(bytes: Uint8Array, maxEdge?: number): Promise<Rgba> {
  requireInput(bytes, RASTER_INPUTS);
  try {
    let image = sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS }).rotate();
    if (maxEdge)
      image = image.resize({ width: maxEdge, height: maxEdge, fit: "inside", withoutEnlargement: true });
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  } catch (error) {
    throw asInputFailure(error, "The image is damaged or cannot be decoded");
  }
}
