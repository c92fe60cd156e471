// Reads a conversion's form fields (width, height, preset arrive as multipart strings) into typed,
// bounded parameters, so a route can refuse bad values before it checks entitlement or runs anything.

import type { ConversionOperation } from "../../api/contract/tables";
import { EngineError } from "./errors";
import { RENDER_MAX_EDGE, RENDER_MIN_EDGE } from "./lottie/render-params";
import { parsePreset, type SvgLottiePreset } from "./svg-lottie/build";
import { SVG_MAX_EDGE, SVG_MIN_EDGE } from "./svg-render";

export interface ConversionParams {
  /** Output width in pixels: Lottie renders 16..1024, svg-to-png/jpg 1..4096. Ignored elsewhere. */
  width?: number;
  /** Output height in pixels, same bounds as width. */
  height?: number;
  /** svg-to-lottie only: static (default), fade-in or draw. */
  preset?: SvgLottiePreset;
}

export interface ConversionFields {
  width?: string | null;
  height?: string | null;
  preset?: string | null;
}

const SIZED: Partial<Record<ConversionOperation, [number, number]>> = {
  "svg-to-png": [SVG_MIN_EDGE, SVG_MAX_EDGE],
  "svg-to-jpg": [SVG_MIN_EDGE, SVG_MAX_EDGE],
  "lottie-to-gif": [RENDER_MIN_EDGE, RENDER_MAX_EDGE],
  "lottie-to-webp": [RENDER_MIN_EDGE, RENDER_MAX_EDGE],
  "lottie-to-mp4": [RENDER_MIN_EDGE, RENDER_MAX_EDGE],
  "lottie-to-webm": [RENDER_MIN_EDGE, RENDER_MAX_EDGE],
};

function edge(
  name: string,
  raw: string | null | undefined,
  [min, max]: [number, number],
): number | undefined {
  if (raw === undefined || raw === null || raw.trim() === "" || raw.trim() === "0") return undefined; // 0 = "not set"
  const value = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new EngineError(
      "invalid_request",
      `${name} must be a whole number of pixels from ${min} to ${max}.`,
    );
  }
  return value;
}

export function parseConversionParams(
  operation: ConversionOperation,
  fields: ConversionFields = {},
): ConversionParams {
  const params: ConversionParams = {};
  const bounds = SIZED[operation];
  if (bounds) {
    const width = edge("width", fields.width, bounds);
    const height = edge("height", fields.height, bounds);
    if (width !== undefined) params.width = width;
    if (height !== undefined) params.height = height;
  }
  if (operation === "svg-to-lottie") params.preset = parsePreset(fields.preset ?? undefined);
  return params;
}
