// The frame that paints a grid's first results (since it was last empty; above all the first of a
// window opened from quick actions) builds only what a designer sees in it: the cells in view and
// the next row, each with its placeholder. What can wait follows once that frame is painted: the
// rows beyond view (two either side, so a fast scroll shows no blanks), and the pictures, whose
// sixty requests, started as the cells are made, held that frame back by tens of ms on two busy
// cores. They leave a frame later, and a picture takes longer than that to come.

import { useLayoutEffect, useState } from "preact/hooks";
import { afterNextPaint } from "../home/after-first-paint";

/** While the first cells paint: the rows in view and the next. */
export const FIRST_PAINT_ROWS = 1;
/** Once painted: enough either side that a fast scroll does not show blanks. */
export const SETTLED_ROWS = 2;

/** Whether the frame that painted the grid's cells, since it last had none, is past. */
export function useFirstPaintDone(hasItems: boolean): boolean {
  const [painted, setPainted] = useState(false);
  // Counted from the commit, by a frame callback and the task after it, not by an effect: Preact
  // runs a component's pending effects as soon as it renders again, and the grid renders again
  // inside that very frame when its box changes (a scrollbar appearing as the rows fill it).
  useLayoutEffect(() => {
    if (!hasItems) {
      if (painted) setPainted(false);
      return;
    }
    if (!painted) return afterNextPaint(() => setPainted(true));
  }, [hasItems, painted]);
  return painted;
}
