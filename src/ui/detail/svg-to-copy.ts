// The SVG code "Copy SVG" puts on the clipboard: the variant whose details are open, as its set draws
// it, with its lines as the details show them (the insert bar's stroke width at the insert size, or
// the scaled lines of a weight its set lacks). Colours stay the file's own (often currentColor, which
// code colours itself): the colour picked in the bar is Figma's fill or variable, not part of the
// drawing. Read the way the previews read it (stroke-rewrite.ts): nothing that could act or load
// (scripts, event attributes, links out) is copied.

import { disarmedSvg, type PreviewLook, prepareSvg, strokeAt } from "../preview/stroke-rewrite";

/** The code to copy, or null for a file this window does not read as SVG (a DTD, too big, malformed). */
export function svgToCopy(svg: string, look: PreviewLook | null): string | null {
  if (!look) return disarmedSvg(svg);
  const prepared = prepareSvg(svg);
  if (prepared.kind === "stroked") return strokeAt(prepared, look);
  return prepared.kind === "unstroked" ? prepared.svg : null;
}
