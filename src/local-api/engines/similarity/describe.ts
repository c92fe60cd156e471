// describe(): bytes of an icon-like image (png, jpg, webp, gif, or SVG for the catalogue) -> descriptor.

import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { asInputFailure } from "../errors";
import { requireInput } from "../sniff";
import { withSvgNamespace } from "../svg-render";
import { GRID, shapeDescriptor } from "./features";
import { foregroundMask, normaliseMask } from "./mask";

/** Working size: rasters are reduced to this long edge first, SVGs drawn at it. */
export const DESCRIBE_EDGE = 128;

function fromRgba(data: Buffer, width: number, height: number): Float32Array {
  const { grid, aspect } = normaliseMask(foregroundMask(data, width, height), width, height, GRID);
  return shapeDescriptor(grid, aspect);
}

/** Describes SVG text (catalogue icons): drawn on transparent, so the mask is the alpha channel. */
export function describeSvg(svg: string | Uint8Array): Float32Array {
  try {
    const resvg = new Resvg(withSvgNamespace(svg), {
      fitTo: { mode: "width", value: DESCRIBE_EDGE },
      font: { loadSystemFonts: false },
    });
    const image = resvg.render();
    return fromRgba(image.pixels, image.width, image.height);
  } catch (error) {
    throw asInputFailure(error, "The SVG cannot be drawn");
  }
}

export async function describe(bytes: Uint8Array): Promise<Float32Array> {
  const format = requireInput(bytes, ["png", "jpg", "webp", "gif", "svg"]);
  if (format === "svg") return describeSvg(bytes);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({
        width: DESCRIBE_EDGE * 2,
        height: DESCRIBE_EDGE * 2,
        fit: "inside",
        withoutEnlargement: true,
      })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return fromRgba(data, info.width, info.height);
  } catch (error) {
    throw asInputFailure(error, "The image is damaged or cannot be decoded");
  }
}

/** Cosine similarity of two descriptors (both unit length): 1 is identical, around 0 unrelated. */
export function similarity(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}
