// The grid's box and scroll position, read once the browser has laid it out. Read in the render's
// layout effect instead, the browser would lay the whole window out there and then again for what
// the grid renders in answer (a forced layout in the first frame of every open).

import { type Dispatch, type StateUpdater, useLayoutEffect, useState } from "preact/hooks";

export interface GridViewport {
  /** The width the cells may use (the scroller's side padding taken off). */
  width: number;
  height: number;
  scrollTop: number;
}

/** The scroller's side padding, both sides (app.css .grid: the window's 16 px --gutter each side):
 * clientWidth includes it, the cells may not use it. */
const SIDE_PADDING = 32;

export function viewportOf(el: HTMLElement): GridViewport {
  return { width: el.clientWidth - SIDE_PADDING, height: el.clientHeight, scrollTop: el.scrollTop };
}

/**
 * Follows the scroller's size: the ResizeObserver tells it after the frame's layout and before its
 * paint (its first notice comes for the box it starts with), so the cells in view are rendered
 * before anything is painted, without a layout of their own. Where there is no ResizeObserver,
 * measured at once.
 */
export function useGridViewport(scroller: {
  current: HTMLElement | null;
}): [GridViewport, Dispatch<StateUpdater<GridViewport>>] {
  const [viewport, setViewport] = useState<GridViewport>({ width: 0, height: 0, scrollTop: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewport(viewportOf(el));
    if (typeof ResizeObserver === "undefined") {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [viewport, setViewport];
}
