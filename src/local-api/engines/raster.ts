// png-to-jpg and jpg-to-png with sharp. JPEG has no alpha, so transparent pixels land on white.

import sharp from "sharp";
import { asConversionFailure, asInputFailure } from "./errors";
import { requireInput } from "./sniff";

/** Decoding refuses images above this many pixels (a decompression-bomb guard): 50 Mpx. */
export const RASTER_MAX_INPUT_PIXELS = 50_000_000;

/** A failed conversion of a file that does not even decode is a damaged upload (400), not our failure. */
async function failure(bytes: Uint8Array, error: unknown, what: string) {
  try {
    await sharp(bytes, { limitInputPixels: RASTER_MAX_INPUT_PIXELS }).raw().toBuffer();
  } catch (decodeError) {
    return asInputFailure(decodeError, "The image is damaged or cannot be decoded");
  }
  return asConversionFailure(error, what);
}

export async function pngToJpg(bytes: Uint8Array): Promise<Buffer> {
  requireInput(bytes, "png");
  try {
    return await sharp(bytes, { limitInputPixels: RASTER_MAX_INPUT_PIXELS })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw await failure(bytes, error, "Converting PNG to JPG");
  }
}

export async function jpgToPng(bytes: Uint8Array): Promise<Buffer> {
  requireInput(bytes, "jpg");
  try {
    // rotate() applies the EXIF orientation so the PNG looks the way the photo was shot.
    return await sharp(bytes, { limitInputPixels: RASTER_MAX_INPUT_PIXELS })
      .rotate()
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    throw await failure(bytes, error, "Converting JPG to PNG");
  }
}
