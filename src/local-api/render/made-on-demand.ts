// Files the catalogue makes when asked (a Lottie's animated GIF or dotLottie) are made before the
// download is charged: a render that fails costs nothing, and the signed link then serves the file
// already made instead of drawing it a second time.

import { ApiError } from "../../api/contract/errors";
import type { Format } from "../../api/contract/tables";
import type { CatalogAsset } from "../catalog/types";
import { derivedFile } from "./asset-stills";
import type { RasterCache } from "./rasterise";

/** Whether `format` of `asset` is made from its Lottie JSON rather than read from a stored file. */
export function madeOnDemand(asset: CatalogAsset, format: Format): boolean {
  const files = asset.source.files;
  return (
    (format === "gif" || format === "lottie") && files?.[format] === undefined && files?.json !== undefined
  );
}

/**
 * The made file, from the byte-bounded cache when it was made already (the download route makes it,
 * the signed link serves it). A file that cannot be made is a failed conversion: 500
 * conversion_failed, as the spec answers a conversion that could not complete, with no charge.
 */
export async function madeFile(
  cache: RasterCache,
  asset: CatalogAsset,
  format: Format,
  size?: { width: number; height: number },
): Promise<Uint8Array> {
  return cache.remembered(`${asset.uuid}.${format}`, size?.width ?? 0, size?.height ?? 0, async () => {
    const made = await derivedFile(asset, format, size);
    if (made) return made;
    throw new ApiError(
      500,
      "conversion_failed",
      `This animation could not be made into a ${format.toUpperCase()} file; nothing was charged.`,
    );
  });
}
