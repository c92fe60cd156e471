// The options a conversion takes beyond its file. The spec names width and height only "with Lottie
// renders" and preset only "with svg-to-lottie", and shows no bounds, defaults or preset values: every
// figure below is a guess (the embedded service's own), kept here so the ui holds none of its own.

import type { ConversionOperation } from "../contract/tables";

export interface SizeBounds {
  /** Smallest and largest edge, in pixels. */
  min: number;
  max: number;
}

/**
 * Guess: which conversions take width and height, and within what bounds. Lottie renders take a size
 * (the spec says so) within 16..1024; SVG to PNG or JPG is guessed to take one too, within 1..4096.
 */
export const CONVERSION_SIZE_BOUNDS: Partial<Record<ConversionOperation, SizeBounds>> = {
  "svg-to-png": { min: 1, max: 4096 },
  "svg-to-jpg": { min: 1, max: 4096 },
  "lottie-to-gif": { min: 16, max: 1024 },
  "lottie-to-webp": { min: 16, max: 1024 },
  "lottie-to-mp4": { min: 16, max: 1024 },
  "lottie-to-webm": { min: 16, max: 1024 },
};

/**
 * Guess: svg-to-lottie's preset values, the first being what the service does when none is sent (so
 * it is never sent: a service that names its default otherwise still accepts the request).
 */
export const SVG_LOTTIE_PRESETS = ["static", "fade-in", "draw"] as const;
export type SvgLottiePreset = (typeof SVG_LOTTIE_PRESETS)[number];

/** The size bounds of `operation`, or undefined when it takes no size. */
export function sizeBoundsOf(operation: string): SizeBounds | undefined {
  return (CONVERSION_SIZE_BOUNDS as Record<string, SizeBounds | undefined>)[operation];
}
