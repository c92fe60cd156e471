// The dark theme's backdrop behind a picture, by what the type's art is drawn in, decided by contrast
// (WCAG's ratio of relative luminances). Colour art (3D objects, AI images) sits on dark's own
// secondary grey, a quiet step off the window (#2c2c2c), so a grid of them reads as pictures, not grey
// slabs. Art drawn in black lines (useAnimations' animations, OpenMoji's outlined illustrations, and
// most Lottie line icons) would vanish there (black on #383838 is 1.8:1), so those types get a light
// tile, as a sheet of paper on the dark window: black lines keep 14:1 and colour fills their own hue.
// The light theme needs none of this: its secondary grey keeps black and colour alike.

import type { AssetType } from "../../api/contract/tables";

/** Dark's secondary background (app.css), for colour art. */
export const DARK_COLOUR_TILE = "#383838";
/** A light, not white, tile for line art in the dark theme: less glare than white on #2c2c2c. */
export const DARK_LINE_ART_TILE = "#d9d9d9";

/** Types whose art is commonly drawn in black lines. */
const LINE_ART: ReadonlySet<AssetType> = new Set<AssetType>(["lottie", "illustration"]);

/** The tile's colour in the dark theme; null for icons, which have no tile. */
export function darkTile(type: AssetType): string | null {
  if (type === "icon") return null;
  return LINE_ART.has(type) ? DARK_LINE_ART_TILE : DARK_COLOUR_TILE;
}

/** WCAG relative luminance of "#rrggbb". */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio between two "#rrggbb" colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
