// Where a cell's animation starts playing. Its still (the service's PNG) shows a drawn frame, but
// many line animations (useAnimations' drawings-on, loaders) begin blank or as a dot, so playing
// from frame 0 swapped a full drawing for a near-empty tile on hover. The player starts instead at
// the first drawn frame among the places the embedded service takes its still from (the start,
// then the middle, a quarter, three quarters), so hover continues from what the still showed.

/** The places tried, as shares of the animation: the same order as the service's stills. */
export const START_AT = [0, 0.5, 0.25, 0.75] as const;

/**
 * A frame whose visible lines add up to less than this share of the animation's long side (a dot,
 * an empty trim) counts as blank. Length, not a bounding box: an arrow trimmed to nothing still
 * leaves zero-length paths at both its ends, whose box spans the whole animation.
 */
export const BLANK_EXTENT = 0.1;

export interface Box {
  width: number;
  height: number;
}

/** Whether a frame whose visible paths measure `drawnLength` in all is more than a dot. */
export function isDrawn(drawnLength: number, canvas: Box): boolean {
  const side = Math.max(canvas.width, canvas.height);
  if (!(side > 0)) return true;
  return drawnLength >= side * BLANK_EXTENT;
}

/**
 * The total length of the paths a player's SVG shows now, in the animation's own units: lottie-web
 * hides a layer out of its time with display none, and trims a line by shortening its path.
 */
export function visibleLength(svg: SVGSVGElement): number {
  let total = 0;
  for (const path of svg.querySelectorAll("path")) {
    if (!path.getAttribute("d") || path.closest('[style*="display: none"]')) continue;
    total += path.getTotalLength();
  }
  return total;
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
