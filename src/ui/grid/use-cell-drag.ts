// Dragging a cell onto the canvas: one drag at a time for the whole grid. The pointer is followed
// while a drag is over this window (drag fires on the cell, dragover on what it is over), since
// Firefox's dragend needs it (see drag-point), and where the cell was let go is told on dragend.

import { useEffect, useRef } from "preact/hooks";
import type { Asset } from "../../api/contract/spec-objects";
import { DRAG_TYPE } from "../../messages/drag";
import { createDragTracker, type Release, viewportOnScreen, whereReleased } from "./drag-point";

export interface CellDragHandlers {
  /** The drop id the window gives a drag: carried in the drag data, handed back on release. */
  onDragStart(asset: Asset): string;
  onDragEnd(dropId: string, asset: Asset, release: Release): void;
}

export function useCellDrag(handlers: CellDragHandlers) {
  const dragging = useRef("");
  const tracker = useRef(createDragTracker()).current;

  useEffect(() => {
    const see = (e: DragEvent) => tracker.see(e);
    document.addEventListener("drag", see);
    document.addEventListener("dragover", see);
    return () => {
      document.removeEventListener("drag", see);
      document.removeEventListener("dragover", see);
    };
  }, []);

  return {
    start(e: DragEvent, asset: Asset) {
      dragging.current = handlers.onDragStart(asset);
      tracker.start();
      // Only our own type, never text/plain: a precaution against a text layer (see DRAG_TYPE).
      e.dataTransfer?.setData(DRAG_TYPE, dragging.current);
      if (e.dataTransfer) e.dataTransfer.effectAllowed = "copy";
    },
    end(e: DragEvent, asset: Asset) {
      const released = tracker.released(e, viewportOnScreen(window));
      handlers.onDragEnd(
        dragging.current,
        asset,
        whereReleased(released, window.innerWidth, window.innerHeight),
      );
    },
  };
}

export type CellDrag = ReturnType<typeof useCellDrag>;
