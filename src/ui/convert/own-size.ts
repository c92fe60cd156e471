// A conversion's source size, so a scale can be said in pixels ("2x · 96 × 96 px") and sent as the
// width and height the service takes: a selected layer's own, an SVG file's width and height (or its
// viewBox), a Lottie file's w and h. Undefined when the file does not say.

import { type SizeBounds, sizeBoundsOf } from "../../api/client/conversion-options";

export interface PixelSize {
  width: number;
  height: number;
}

const positive = (n: number) => Number.isFinite(n) && n > 0;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];
}

/** A length in user units or px; percentages and other units say nothing about pixels. */
function pixels(value: string | undefined): number | undefined {
  const match = value ? /^\s*([\d.]+)\s*(px)?\s*$/i.exec(value) : null;
  const n = match ? Number(match[1]) : NaN;
  return positive(n) ? n : undefined;
}

export function svgOwnSize(text: string): PixelSize | undefined {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return undefined;
  const width = pixels(attribute(tag, "width"));
  const height = pixels(attribute(tag, "height"));
  if (width && height) return { width, height };
  const box = attribute(tag, "viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && positive(box[2]!) && positive(box[3]!)) return { width: box[2]!, height: box[3]! };
  return undefined;
}

export function lottieOwnSize(text: string): PixelSize | undefined {
  try {
    const { w, h } = JSON.parse(text) as { w?: unknown; h?: unknown };
    return typeof w === "number" && typeof h === "number" && positive(w) && positive(h)
      ? { width: w, height: h }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The picked file's own size for an `input` format that takes a size (SVG, Lottie JSON). */
export async function fileOwnSize(file: Blob, input: string): Promise<PixelSize | undefined> {
  if (input !== "svg" && input !== "json") return undefined;
  const text = await file.text();
  return input === "svg" ? svgOwnSize(text) : lottieOwnSize(text);
}

/** Scales offered: Figma Export's 1x..4x for pictures of vectors; smaller ones too for renders. */
export function scalesFor(operation: string): readonly number[] {
  if (!sizeBoundsOf(operation)) return [];
  return operation.startsWith("lottie-") ? [0.25, 0.5, 1, 2] : [1, 2, 3, 4];
}

export function scaled(size: PixelSize, scale: number): PixelSize {
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}

const fits = (size: PixelSize, bounds: SizeBounds) =>
  Math.min(size.width, size.height) >= bounds.min && Math.max(size.width, size.height) <= bounds.max;

/** The scales whose result the service takes; all of them while the source size is not known. */
export function scalesThatFit(operation: string, own: PixelSize | undefined): number[] {
  const bounds = sizeBoundsOf(operation);
  const all = scalesFor(operation);
  if (!bounds || !own) return [...all];
  return all.filter((scale) => fits(scaled(own, scale), bounds));
}
