// Where a drag from the grid was released, in the iframe's coordinates. Chromium and Safari report it
// on dragend. Firefox reports dragend (and drag) at clientX/clientY 0,0 (its bug 505521): then the
// release point comes from dragend's screen position, moved into the iframe's coordinates with the
// offset between screen and client coordinates seen on the last dragover (or, none seen, with
// Firefox's own mozInnerScreenX/Y). With no screen position either, the release point is unknown:
// the last position seen cannot stand in, as Firefox's drag events are all 0,0 and dragover fires only
// over the window, so that position is always inside it. The designer is told instead.

export interface PointerPosition {
  clientX: number;
  clientY: number;
  screenX: number;
  screenY: number;
}

export interface DropPoint {
  clientX: number;
  clientY: number;
}

const isZero = (x: number, y: number) => x === 0 && y === 0;

export function createDragTracker() {
  let last: PointerPosition | null = null;
  return {
    /** A new drag: forget the last one's positions. */
    start(): void {
      last = null;
    },
    /** A drag or dragover event: remembered unless it carries no position (Firefox's 0,0). */
    see(event: PointerPosition): void {
      if (isZero(event.clientX, event.clientY)) return;
      last = {
        clientX: event.clientX,
        clientY: event.clientY,
        screenX: event.screenX,
        screenY: event.screenY,
      };
    },
    /**
     * The release point of a dragend; null when nothing tells where it was. `viewportOnScreen`: where
     * the iframe's viewport sits on screen, when the browser says (Firefox's mozInnerScreenX/Y).
     */
    released(event: PointerPosition, viewportOnScreen?: { x: number; y: number }): DropPoint | null {
      if (!isZero(event.clientX, event.clientY)) return { clientX: event.clientX, clientY: event.clientY };
      if (isZero(event.screenX, event.screenY)) return null;
      if (last && !isZero(last.screenX, last.screenY)) {
        return {
          clientX: event.screenX - (last.screenX - last.clientX),
          clientY: event.screenY - (last.screenY - last.clientY),
        };
      }
      if (viewportOnScreen) {
        return { clientX: event.screenX - viewportOnScreen.x, clientY: event.screenY - viewportOnScreen.y };
      }
      return null;
    },
  };
}

/** Where a drag ended: on the canvas at a point, back inside the window (no drop), or nobody knows. */
export type Release = { kind: "canvas"; point: DropPoint } | { kind: "window" } | { kind: "unknown" };

/** A release outside the iframe's box is a drop on the canvas; inside it, no drop at all. */
export function whereReleased(point: DropPoint | null, width: number, height: number): Release {
  if (!point) return { kind: "unknown" };
  const inside =
    point.clientX >= 0 && point.clientY >= 0 && point.clientX <= width && point.clientY <= height;
  return inside ? { kind: "window" } : { kind: "canvas", point };
}

/** Firefox's screen position of this window's viewport; undefined in other browsers. */
export function viewportOnScreen(win: object): { x: number; y: number } | undefined {
  const { mozInnerScreenX: x, mozInnerScreenY: y } = win as {
    mozInnerScreenX?: unknown;
    mozInnerScreenY?: unknown;
  };
  return typeof x === "number" && typeof y === "number" ? { x, y } : undefined;
}
