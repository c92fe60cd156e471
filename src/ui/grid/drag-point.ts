// Where a drag from the grid was released, in the iframe's coordinates. Chromium and Safari report it
// on dragend. Firefox reports dragend (and drag) at clientX/clientY 0,0 (its bug 505521): then the
// release point comes from dragend's screen position, moved into the iframe's coordinates with the
// offset between screen and client coordinates seen on the last dragover (or, none seen, with
// Firefox's own mozInnerScreenX/Y); with no screen position either, the last pointer position seen
// stands in for it.

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
      const onScreen = !isZero(event.screenX, event.screenY);
      if (onScreen && last && !isZero(last.screenX, last.screenY)) {
        return {
          clientX: event.screenX - (last.screenX - last.clientX),
          clientY: event.screenY - (last.screenY - last.clientY),
        };
      }
      if (onScreen && viewportOnScreen) {
        return { clientX: event.screenX - viewportOnScreen.x, clientY: event.screenY - viewportOnScreen.y };
      }
      return last ? { clientX: last.clientX, clientY: last.clientY } : null;
    },
  };
}

/** A release outside the iframe's box is a drop on the canvas; inside it, no drop at all. */
export function outsideWindow(point: DropPoint | null, width: number, height: number): DropPoint | null {
  if (!point) return null;
  const inside =
    point.clientX >= 0 && point.clientY >= 0 && point.clientX <= width && point.clientY <= height;
  return inside ? null : point;
}

/** Firefox's screen position of this window's viewport; undefined in other browsers. */
export function viewportOnScreen(win: object): { x: number; y: number } | undefined {
  const { mozInnerScreenX: x, mozInnerScreenY: y } = win as {
    mozInnerScreenX?: unknown;
    mozInnerScreenY?: unknown;
  };
  return typeof x === "number" && typeof y === "number" ? { x, y } : undefined;
}
