// Where a drag from the grid was released, in the iframe's coordinates. Chromium and Safari report it
// on dragend. Firefox reports dragend (and drag) at clientX/clientY 0,0: then the release point comes
// from dragend's screen position, moved into the iframe's coordinates with the offset between screen
// and client coordinates seen on the last drag or dragover event; with no screen position either, the
// last pointer position seen stands in for it.

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
    /** The release point of a dragend; null when nothing tells where it was. */
    released(event: PointerPosition): DropPoint | null {
      if (!isZero(event.clientX, event.clientY)) return { clientX: event.clientX, clientY: event.clientY };
      if (!last) return null;
      if (isZero(event.screenX, event.screenY) || isZero(last.screenX, last.screenY)) {
        return { clientX: last.clientX, clientY: last.clientY };
      }
      return {
        clientX: event.screenX - (last.screenX - last.clientX),
        clientY: event.screenY - (last.screenY - last.clientY),
      };
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
