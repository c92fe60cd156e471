// The stroke widths the bar offers for an icon size. Icon sets draw on a grid where lines sit about
// 2 px apart at 24 px (Tabler, Lucide, Phosphor: 1.5 to 2 px strokes): past a sixth of the size the
// strokes swallow the gaps between them and the icon reads as a blot. A floor of 4 px keeps a bold
// look within reach at the small sizes (16 to 24 px), where a sixth would be under 3 px; 0.25 px is
// the thinnest line Figma still draws visibly at 1x.

export const STROKE_MIN = 0.25;
/** The floor of the widest stroke: bold lines stay possible on small icons. */
const STROKE_MAX_FLOOR = 4;

/** The widest stroke for icons `size` px on their long side: a sixth of it, 4 px at least. */
export function strokeMaxFor(size: number): number {
  return Math.max(STROKE_MAX_FLOOR, Math.floor((size / 6) * 4) / 4);
}

/** A width brought into the range for `size`, on the field's 0.01 px precision. */
export function clampStroke(width: number, size: number): number {
  const clamped = Math.min(strokeMaxFor(size), Math.max(STROKE_MIN, width));
  return Math.round(clamped * 100) / 100;
}
