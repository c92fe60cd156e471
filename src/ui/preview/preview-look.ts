// The lines an icon's preview is drawn with, decided in one place for the cells, the details'
// picture and what "Copy SVG" copies, so the three never disagree: the insert bar's width (as it is
// being typed) at the insert size when one is chosen, else the scale of a weight the icon's set
// lacks (Tabler's outline drawn for Bold), else the lines its set drew (null).

import type { PreviewLook, StrokeLook } from "./stroke-rewrite";

/** The bar's width at the insert size, or null while icons keep their own lines. */
export function chosenStroke(width: number | null | undefined, size: number): StrokeLook | null {
  return width && width > 0 && size > 0 ? { width, size } : null;
}

/** How the preview's lines are drawn: the chosen width wins over a weight's scale. */
export function previewLook(
  chosen: StrokeLook | null,
  weightScale: number | null | undefined,
): PreviewLook | null {
  if (chosen) return chosen;
  return weightScale === null || weightScale === undefined ? null : { scale: weightScale };
}
