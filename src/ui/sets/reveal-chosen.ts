// Keeps the chosen chip of a sideways-scrolling row in sight. At 280 px the set chips run under the
// weight menu's side of the row: a set chosen from the home (or kept from the last session) could sit
// scrolled out of view, or under the row's fade, with nothing saying which set the results are from.

import { useLayoutEffect } from "preact/hooks";

/** The row's fade (sets-filter.css): a chip under it reads as cut, so it is kept clear of it too. */
const FADE = 32;

/**
 * The row's scroll that shows `chip` whole and clear of the fades, moving as little as it can; the
 * row's own scroll when it already does. Both in the row's pixels, from its start.
 */
export function scrollToShow(
  row: { scrollLeft: number; clientWidth: number; scrollWidth: number },
  chip: { start: number; end: number },
): number {
  const most = Math.max(0, row.scrollWidth - row.clientWidth);
  if (chip.start - FADE < row.scrollLeft) return Math.max(0, chip.start - FADE);
  if (chip.end + FADE > row.scrollLeft + row.clientWidth)
    return Math.min(most, chip.end + FADE - row.clientWidth);
  return row.scrollLeft;
}

/**
 * Rows scrolled away from their start, kept from each row's own scroll events: a row at its start
 * with its first chip chosen (a first-ever open's "All sets") then needs no measuring at all.
 * Measuring there would read layout in the open's first frames, while other observers have just
 * written to the row (the edge fade), and cost a forced layout each time a set's figure arrives.
 */
const scrolledAway = new WeakMap<HTMLElement, boolean>();

function trackScroll(row: HTMLElement): () => void {
  const onScroll = () => scrolledAway.set(row, row.scrollLeft > 0);
  row.addEventListener("scroll", onScroll, { passive: true });
  return () => row.removeEventListener("scroll", onScroll);
}

function reveal(row: HTMLElement, selector: string) {
  const chip = row.querySelector<HTMLElement>(selector);
  if (!chip) return;
  if (chip.previousElementSibling === null && !scrolledAway.get(row)) return;
  const rowBox = row.getBoundingClientRect();
  const box = chip.getBoundingClientRect();
  const start = box.left - rowBox.left + row.scrollLeft;
  const next = scrollToShow(row, { start, end: start + box.width });
  if (Math.abs(next - row.scrollLeft) >= 1) row.scrollLeft = next;
}

/**
 * Scrolls `row` to its chosen chip (`selector`) once laid out, when the choice changes, when the row
 * changes width and when `content` (what widens the chips) changes; never on the designer's own
 * scrolling. Measured in the ResizeObserver's turn, after the frame's layout, never in a render.
 */
export function useRevealChosen(row: HTMLElement | null, selector: string, content: unknown): void {
  useLayoutEffect(() => {
    if (!row) return;
    const untrack = trackScroll(row);
    if (typeof ResizeObserver === "undefined") {
      reveal(row, selector);
      return untrack;
    }
    // A notification with the width unchanged (the observer asked again) is no reason to move.
    let width = -1;
    const laidOut = new ResizeObserver(() => {
      if (row.clientWidth === width) return;
      width = row.clientWidth;
      reveal(row, selector);
    });
    laidOut.observe(row);
    return () => {
      laidOut.disconnect();
      untrack();
    };
  }, [row, selector, content]);
}
