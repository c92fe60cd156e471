// A layer with nothing visible (an empty frame or group, a shape without paint) exports a picture of
// one flat colour. The reverse search would answer it with the catalogue in no useful order, so the
// tab says so instead of uploading it.

/** Pixels sampled: the picture drawn down to at most this many on its long side. */
const SAMPLE_SIDE = 64;
/** Channel difference still counted as the same colour (PNG export rounding, anti-aliasing noise). */
const TOLERANCE = 3;

/** True when every pixel is fully transparent or one colour; false when unsure (no decoder here). */
export async function isBlankPicture(bytes: Uint8Array, mimeType = "image/png"): Promise<boolean> {
  if (typeof createImageBitmap !== "function" || typeof document === "undefined") return false;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mimeType }));
  } catch {
    return false; // the service reads it and says what it thinks
  }
  const scale = Math.min(1, SAMPLE_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const context = Object.assign(document.createElement("canvas"), { width, height }).getContext("2d");
  if (!context) return false;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const { data } = context.getImageData(0, 0, width, height);
  const transparent = (i: number) => data[i + 3] === 0;
  for (let i = 4; i < data.length; i += 4) {
    if (transparent(i) && transparent(0)) continue;
    for (let c = 0; c < 4; c++) if (Math.abs((data[i + c] ?? 0) - (data[c] ?? 0)) > TOLERANCE) return false;
  }
  return true;
}
