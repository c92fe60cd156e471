// What the catalogue does not store but makes from a file it does: the PNG of a raster picture
// (the 3D set's WebP) at the asked size, a still of a Lottie animation, and a Lottie's dotLottie.
// Every PNG goes through the byte-bounded RasterCache, so a browse asking for the same previews
// again decodes nothing twice and memory stays bounded however many are asked for.

import { readFile } from "node:fs/promises";
import sharp, { type Raw } from "sharp";
import { ApiError } from "../../api/contract/errors";
import type { Format } from "../../api/contract/tables";
import type { CatalogAsset } from "../catalog/types";
import { BUSY_RETRY_AFTER_SECONDS, isEngineError, renderLottieFrame, runConversion } from "../engines";
import { WorkQueue } from "../work/queue";
import type { RasterCache } from "./rasterise";

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
/**
 * Where a still is taken, as shares of the animation: most interface animations rest at their
 * start, but a loader or a drawing-on starts empty, so the next place is tried while one is blank.
 */
const STILL_AT = [0, 0.5, 0.25, 0.75] as const;
/** Below this share of drawn pixels a frame counts as blank. */
const BLANK_SHARE = 0.005;

/** Whether a PNG of `asset` can be drawn without an SVG. */
export function hasStill(asset: CatalogAsset): boolean {
  return asset.source.rasterPath !== undefined || asset.source.files?.json !== undefined;
}

/** The PNG of `asset` fitted inside width x height on a transparent canvas, or undefined. */
export async function stillPng(
  asset: CatalogAsset,
  cache: RasterCache,
  width: number,
  height: number,
): Promise<Uint8Array | undefined> {
  const { rasterPath, files } = asset.source;
  if (rasterPath !== undefined) {
    return cache.remembered(asset.uuid, width, height, () => containedPng(rasterPath, width, height));
  }
  const json = files?.json;
  if (json === undefined) return undefined;
  try {
    return await cache.remembered(asset.uuid, width, height, () =>
      stillLine.run(() => lottieStill(json, width, height), undefined, STILL_LINE_MAX),
    );
  } catch (error) {
    // A full line is worth a retry (429); a file that is not a drawable Lottie has no still (404).
    if (error instanceof ApiError) throw error;
    if (isEngineError(error) && error.reason === "rate_limit_exceeded") throw busy(error.message);
    return undefined;
  }
}

/**
 * Lottie stills wait their turn, one drawing at a time: a browse asks for a page of 60 previews at
 * once, and the render workers' own short line (shared with conversion jobs) would refuse most of
 * them. One at a time also leaves the second render worker to conversions. The line is bounded:
 * past STILL_LINE_MAX waiting, a preview is refused with 429 rather than held without end.
 */
export const STILL_LINE_MAX = 240;

const stillLine = new WorkQueue(1);

async function lottieStill(path: string, width: number, height: number): Promise<Uint8Array> {
  const text = await readFile(path, "utf8");
  const { w, h, ip, op } = JSON.parse(text) as Record<string, unknown>;
  if (![w, h, ip, op].every((n) => typeof n === "number" && Number.isFinite(n) && n >= 0)) {
    throw new Error("Not a Lottie animation with a size and a length.");
  }
  // Drawn at the animation's own proportions inside the asked box, then padded to it.
  const scale = Math.min(width / (w as number), height / (h as number));
  const drawWidth = Math.max(1, Math.round((w as number) * scale));
  const drawHeight = Math.max(1, Math.round((h as number) * scale));
  const length = Math.max(0, (op as number) - (ip as number));
  let pixels: Uint8Array | undefined;
  for (const share of STILL_AT) {
    const frame = Math.floor(length * share);
    const candidate = await renderLottieFrame(text, { width: drawWidth, height: drawHeight, frame });
    pixels ??= candidate;
    if (!isBlank(candidate)) {
      pixels = candidate;
      break;
    }
  }
  return containedPng(pixels as Uint8Array, width, height, {
    width: drawWidth,
    height: drawHeight,
    channels: 4,
  });
}

/** A picture (a file, encoded bytes, or raw RGBA given `raw`) fitted inside width x height, as PNG. */
export async function containedPng(
  input: string | Uint8Array,
  width: number,
  height: number,
  raw?: Raw,
): Promise<Uint8Array> {
  const png = await sharp(input, raw ? { raw } : {})
    .resize(width, height, { fit: "contain", background: TRANSPARENT })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/**
 * A file in `format` made from the asset's stored Lottie JSON: dotLottie, or an animated GIF at
 * the signed size (none: the animation's own, long side at most 512), or undefined.
 */
export async function derivedFile(
  asset: CatalogAsset,
  format: Format,
  size?: { width: number; height: number },
): Promise<Uint8Array | undefined> {
  const json = asset.source.files?.json;
  const operation =
    format === "lottie" ? "lottie-to-dotlottie" : format === "gif" ? "lottie-to-gif" : undefined;
  if (operation === undefined || json === undefined) return undefined;
  try {
    return await runConversion(
      operation,
      await readFile(json),
      operation === "lottie-to-gif" ? (size ?? {}) : {},
    );
  } catch (error) {
    if (isEngineError(error) && error.reason === "rate_limit_exceeded") throw busy(error.message);
    if (isEngineError(error)) return undefined; // not a convertible Lottie: no such file
    throw error;
  }
}

/** 429 in the v3 envelope, with the engines' retry hint. */
function busy(message: string): ApiError {
  return new ApiError(429, "rate_limit_exceeded", message, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });
}

function isBlank(rgba: Uint8Array): boolean {
  let drawn = 0;
  for (let alpha = 3; alpha < rgba.length; alpha += 4) if (rgba[alpha]! > 0) drawn += 1;
  return drawn < (rgba.length / 4) * BLANK_SHARE;
}
