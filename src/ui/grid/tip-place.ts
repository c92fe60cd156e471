// Where a cell's tooltip goes, from the sizes the browser measured: centred under its cell as
// Figma's tooltips are, above it when the rows in view end first, and slid sideways to stay whole
// inside the grid (a cell at the right edge gets a tip that grows leftwards, never one squeezed
// into the few pixels left of the window).

export interface TipPlaceInput {
  /** The cell's box in the grid's content coordinates. */
  cellLeft: number;
  cellTop: number;
  cellWidth: number;
  cellHeight: number;
  /** The tip's own measured size. */
  tipWidth: number;
  tipHeight: number;
  /** The grid's content width: the tip stays within [0, width]. */
  width: number;
  /** The rows in view, in the same coordinates. */
  viewTop: number;
  viewBottom: number;
}

export interface TipPlace {
  left: number;
  top: number;
  above: boolean;
}

/** The gap between a cell and its tip. */
const GAP = 4;

export function placeTip(p: TipPlaceInput): TipPlace {
  const centred = p.cellLeft + p.cellWidth / 2 - p.tipWidth / 2;
  const left = Math.max(0, Math.min(centred, p.width - p.tipWidth));
  const below = p.cellTop + p.cellHeight + GAP;
  const aboveTop = p.cellTop - GAP - p.tipHeight;
  const fitsBelow = below + p.tipHeight <= p.viewBottom;
  const fitsAbove = aboveTop >= p.viewTop;
  // Below unless only above fits; when neither fits, the side with more room.
  const above =
    !fitsBelow && (fitsAbove || p.cellTop - p.viewTop > p.viewBottom - (p.cellTop + p.cellHeight));
  return { left: Math.max(0, left), top: above ? aboveTop : below, above };
}
