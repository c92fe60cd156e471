// Where a cell's animation starts playing. Its still (the service's PNG) shows a drawn frame, but
// many line animations (useAnimations' drawings-on, loaders) begin blank or as a dot, so playing
// from frame 0 swapped a full drawing for a near-empty tile on hover. The player starts instead at
// the first drawn frame among the places the embedded service takes its still from (the start,
// then the middle, a quarter, three quarters), so hover continues from what the still showed.

/** The places tried, as shares of the animation: the same order as the service's stills. */
export const START_AT = [0, 0.5, 0.25, 0.75] as const;

/**
 * A frame whose drawing spans less than this share of the animation's width and height (a dot, an
 * empty trim) counts as blank. Extent, not area: a single straight line has no area yet is drawn.
 */
export const BLANK_EXTENT = 0.1;

export interface Box {
  width: number;
  height: number;
}

/** Whether a frame's drawn box is more than a dot within the animation's own box. */
export function isDrawn(drawn: Box, canvas: Box): boolean {
  if (!(canvas.width > 0 && canvas.height > 0)) return true;
  return Math.max(drawn.width / canvas.width, drawn.height / canvas.height) >= BLANK_EXTENT;
}

/** The first frame among START_AT's places that `drawnAt` finds drawn; frame 0 when none is. */
export function startFrame(totalFrames: number, drawnAt: (frame: number) => boolean): number {
  const length = Math.max(0, Math.floor(totalFrames));
  for (const share of START_AT) {
    const frame = Math.min(Math.floor(length * share), Math.max(0, length - 1));
    if (drawnAt(frame)) return frame;
  }
  return 0;
}
