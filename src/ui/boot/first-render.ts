// When the window's first render runs, opening on a search whose answer may already be in: the
// page's first script sent it (first-search.ts), and on a nearby service it answers while the main
// script is still being parsed. Rendered at once, the window would paint its placeholders first,
// then take the answer in the tasks after that frame (its style, layout and paint: tens of ms), and
// only then paint the results, or on a first-ever home send the set searches it needs. Waiting a
// moment for the answer puts the results (or the cards being counted) in the first frame and lets
// the set searches leave before it. A service slower than the wait gets its placeholders painted
// as before, only that much later.

import { effect, type ReadonlySignal } from "@preact/signals";
import type { SearchStatus } from "../search/search-store";

/** The longest the first render waits for the first search's answer. */
export const FIRST_ANSWER_WAIT_MS = 60;

/**
 * Calls `render` once, when the first search has answered (its results or its failure are in the
 * store) or after `waitMs`, whichever comes first.
 */
export function renderWhenAnswered(
  status: ReadonlySignal<SearchStatus>,
  render: () => void,
  waitMs: number = FIRST_ANSWER_WAIT_MS,
): void {
  let done = false;
  let stop: (() => void) | undefined;
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    stop?.();
    render();
  };
  const timer = setTimeout(go, waitMs);
  stop = effect(() => {
    const now = status.value;
    // Out of the effect: the render must not run inside the store's update.
    if (now !== "idle" && now !== "loading") queueMicrotask(go);
  });
}
