// svg-to-png and svg-to-jpg: resvg draws the SVG (no fonts from the system, no network), sharp writes JPG.

import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { asConversionFailure, EngineError } from "./errors";
import { requireInput } from "./sniff";

export const SVG_MIN_EDGE = 1;
export const SVG_MAX_EDGE = 4096;

export interface SvgRasterOptions {
  /** Output width in pixels (1..4096); the height follows the aspect ratio. Default: the SVG's own size. */
  width?: number;
  /** Output height in pixels (1..4096); used when width is absent. */
  height?: number;
  /** Fill behind the drawing; default transparent for PNG. */
  background?: string;
}

function checkEdge(name: string, value: number | undefined) {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < SVG_MIN_EDGE || value > SVG_MAX_EDGE) {
    throw new EngineError(
      "invalid_request",
      `${name} must be an integer from ${SVG_MIN_EDGE} to ${SVG_MAX_EDGE}.`,
    );
  }
}

/** Rasterises SVG text to PNG bytes. Shared by the conversions, vectorize checks and similarity. */
export function rasteriseSvg(svg: string | Uint8Array, options: SvgRasterOptions = {}): Buffer {
  checkEdge("width", options.width);
  checkEdge("height", options.height);
  const fitTo =
    options.width !== undefined
      ? ({ mode: "width", value: options.width } as const)
      : options.height !== undefined
        ? ({ mode: "height", value: options.height } as const)
        : ({ mode: "original" } as const);
  try {
    const resvg = new Resvg(typeof svg === "string" ? svg : Buffer.from(svg), {
      fitTo,
      background: options.background,
      font: { loadSystemFonts: false },
    });
    const longEdge = Math.max(resvg.width, resvg.height);
    if (fitTo.mode === "original" && longEdge > SVG_MAX_EDGE) {
      return rasteriseSvg(svg, {
        ...options,
        [resvg.width >= resvg.height ? "width" : "height"]: SVG_MAX_EDGE,
      });
    }
    return resvg.render().asPng();
  } catch (error) {
    throw asConversionFailure(error, "Rendering the SVG");
  }
}

export async function svgToPng(bytes: Uint8Array, options: SvgRasterOptions = {}): Promise<Buffer> {
  requireInput(bytes, "svg");
  return rasteriseSvg(bytes, options);
}

export async function svgToJpg(bytes: Uint8Array, options: SvgRasterOptions = {}): Promise<Buffer> {
  requireInput(bytes, "svg");
  const png = rasteriseSvg(bytes, { ...options, background: options.background ?? "#ffffff" });
  try {
    return await sharp(png)
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw asConversionFailure(error, "Encoding JPG");
  }
}
