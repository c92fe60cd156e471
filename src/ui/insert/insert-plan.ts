// What to download for an insert: vectors as SVG (sized and recoloured by the plugin), rasters as
// PNG or JPG at the chosen size and density (a 512 px box at 2x asks 1024 px), Lottie as an animated
// GIF (or its first frame). Formats Figma cannot place (EPS, 3D models, Lottie JSON, video) are
// saved to disk instead.

import { type AssetType, FORMATS_BY_ASSET, type Format, SIZELESS_FORMATS } from "../../api/contract/tables";
import type { ImageFormat, InsertOptions, Settings } from "../../messages/types";
import { clampStroke } from "../insert-bar/stroke-range";

export interface InsertChoice {
  format?: Format;
  /** Long side in px of a placed raster's box. */
  rasterSize?: number;
  /** Pixels per point of a placed 3D or AI image (2: twice the pixels in the same box). */
  rasterDensity?: 1 | 2;
  /**
   * A line weight the icon's set has no drawing of, placed as its own lines times this
   * (variants/weight-stroke.ts); a stroke width chosen in the insert bar wins over it.
   */
  strokeScale?: number;
}

export interface InsertPlan {
  format: Format;
  width: number;
  height: number;
  /** How the file reaches the canvas: as SVG text, as image bytes, or not at all (saved to disk). */
  as: "svg" | "image" | "file";
  imageFormat?: ImageFormat;
  /** Lottie placed as a still: the GIF's first frame, converted to PNG in the iframe. */
  firstFrame?: boolean;
  /** A 3D or AI image downloaded at 2x: its rectangle is half the downloaded size. */
  density?: 2;
}

/**
 * Figma takes images up to 4096 px a side (figma.createImage): a box at 2x is asked at most that,
 * its rectangle then half of what came.
 */
export const MAX_IMAGE_SIDE = 4096;

/**
 * An illustration's long side on the canvas: the packaged ones are drawn on 32 or 72 px grids, an
 * icon's size; an illustration goes in large enough to read as one (a designer scales it from there).
 */
export const ILLUSTRATION_SIZE = 256;

/** Types placed as pictures at a chosen size and density (Lottie is sized as its GIF). */
const DENSE_TYPES: readonly AssetType[] = ["3d", "ai-image"];

const PLACEABLE_IMAGES: Partial<Record<Format, ImageFormat>> = { png: "png", jpg: "jpg", gif: "gif" };

export function defaultFormat(type: AssetType): Format {
  if (type === "icon" || type === "illustration") return "svg";
  if (type === "lottie") return "gif";
  return "png";
}

/** Formats offered in the detail panel: every format of the type; placeable ones first. */
export function formatChoices(type: AssetType): Format[] {
  const all = [...FORMATS_BY_ASSET[type]];
  const placeable = (f: Format) => f === "svg" || f in PLACEABLE_IMAGES;
  return [...all.filter(placeable), ...all.filter((f) => !placeable(f))];
}

export function canPlace(format: Format): boolean {
  return format === "svg" || format in PLACEABLE_IMAGES;
}

export function insertPlan(
  type: AssetType,
  settings: Pick<Settings, "rasterSize" | "lottieAs"> & Partial<Pick<Settings, "rasterDensity">>,
  choice: InsertChoice = {},
): InsertPlan {
  const format = choice.format ?? defaultFormat(type);
  const box = choice.rasterSize ?? settings.rasterSize;
  const dense =
    DENSE_TYPES.includes(type) && (format === "png" || format === "jpg")
      ? (choice.rasterDensity ?? settings.rasterDensity ?? 1)
      : 1;
  const size = Math.min(MAX_IMAGE_SIDE, box * dense);
  const sizeless = SIZELESS_FORMATS.includes(format);
  // Guess (the spec leaves width/height semantics open): the long side is asked for in both, so the
  // service can fit the asset inside a square of that size.
  const width = sizeless ? 0 : size;
  const height = sizeless ? 0 : size;
  if (format === "svg") return { format, width, height, as: "svg" };
  const imageFormat = PLACEABLE_IMAGES[format];
  if (!imageFormat) return { format, width, height, as: "file" };
  const firstFrame = type === "lottie" && format === "gif" && settings.lottieAs === "first-frame";
  return {
    format,
    width,
    height,
    as: "image",
    imageFormat,
    ...(firstFrame ? { firstFrame } : {}),
    ...(dense === 2 ? { density: 2 as const } : {}),
  };
}

/**
 * Icon size, colour and stroke apply to vector icons only: an illustration keeps its own colours and
 * lines, at ILLUSTRATION_SIZE (a replace fits it to the replaced box instead), and pictures keep their
 * size. Insert as component goes with icons (other types go in as layers).
 */
export function insertOptions(
  type: AssetType,
  plan: InsertPlan,
  settings: Settings,
  choice: InsertChoice = {},
): InsertOptions | undefined {
  if (type === "illustration" && plan.as === "svg") return { size: ILLUSTRATION_SIZE };
  if (type !== "icon" || plan.as !== "svg") return undefined;
  const options = iconOptions(settings);
  const weight = choice.strokeScale && !options.strokeWidth ? { strokeScale: choice.strokeScale } : {};
  return {
    ...options,
    ...weight,
    keepReplacedColor: settings.keepReplacedColor,
    ...(settings.insertAsComponent ? { insertAsComponent: true } : {}),
  };
}

/**
 * Size, one colour (a variable, else a paint style, else a hex: the plugin takes one) and stroke
 * width, as inserted icons get them and as apply-options gives them to the selected ones.
 */
export function iconOptions(settings: Settings): InsertOptions {
  const colour = settings.iconColorVariableId
    ? { colorVariableId: settings.iconColorVariableId }
    : settings.iconColorStyleId
      ? { colorStyleId: settings.iconColorStyleId }
      : settings.iconColor
        ? { color: settings.iconColor }
        : {};
  // Kept in the size's range here too: a width saved before the range existed (or by hand) never
  // reaches the canvas out of it.
  const stroke = settings.iconStrokeWidth
    ? { strokeWidth: clampStroke(settings.iconStrokeWidth, settings.iconSize) }
    : {};
  return { size: settings.iconSize, ...colour, ...stroke };
}
