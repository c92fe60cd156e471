// Whether the insert options belong on the screen: only where there is something to insert. The
// empty state ("No icons for …") and a failed search (here or in Find similar) have none, and a bar
// there reads as one more thing to do when the only ways out are other words, fewer filters or
// Try again.
import type { SearchStatus } from "../search/search-store";

export function insertBarShown(screen: {
  /** The home is showing (its featured and recent icons insert on a click). */
  home: boolean;
  status: SearchStatus;
  /** Results the grid holds. */
  count: number;
}): boolean {
  if (screen.home || screen.count > 0) return true;
  // Still loading: placeholders stand where the results will be, and the bar stays put under the
  // search rather than leaving and coming back with them.
  return screen.status !== "ready" && screen.status !== "error";
}
