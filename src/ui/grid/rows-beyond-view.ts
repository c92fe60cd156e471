// How many rows the grid renders beyond those in view. While it fills from empty (the first results
// of a search, above all the first of a window opened from quick actions) only one: the frame that
// paints the first results builds the cells a designer sees and no more. The rest (two rows either
// side, so a fast scroll shows no blanks) follow once that frame is painted.

import { useEffect, useState } from "preact/hooks";

/** While the first cells paint: the rows in view and the next. */
export const FIRST_PAINT_ROWS = 1;
/** Once painted: enough either side that a fast scroll does not show blanks. */
export const SETTLED_ROWS = 2;

export function useRowsBeyondView(hasItems: boolean): number {
  const [painted, setPainted] = useState(false);
  // An effect runs after the frame that painted the render (Preact waits for the next frame and
  // then a task): the rows beyond view come in the frame after. Emptied (a new search's
  // placeholders), the grid fills the same way again.
  useEffect(() => {
    if (hasItems !== painted) setPainted(hasItems);
  }, [hasItems, painted]);
  return painted ? SETTLED_ROWS : FIRST_PAINT_ROWS;
}
