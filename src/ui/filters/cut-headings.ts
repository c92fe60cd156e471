// Where the "More filters" veil starts: never under a heading whose control it hides. The panel's
// edge cuts wherever its height and scroll put it; a heading left in sight with its control under
// the veil ("Sort by" over nothing) reads as a filter with no choice. So when a group's heading is
// above the veil but its first row of choices is not wholly, the veil grows up over that heading too:
// a group is seen with at least one row of its choices, or not at all.

import { useLayoutEffect, useState } from "preact/hooks";
import { followLayout } from "../sets/edge-fade";

/** The veil's own height when it covers no heading (filters.css: one 32 px row). */
export const VEIL = 32;
/** Room above a covered heading: the gap between groups, where the veil's fade falls. */
const ABOVE_HEADING = 8;

/** The first thing to choose in a group: its first row ends where this does. */
const FIRST_CHOICE = "button, input, select, textarea, [tabindex]";

/** How tall the veil at the panel's bottom edge must be, in px, so no heading is cut from its choices. */
export function veilHeight(panel: HTMLElement): number {
  const box = panel.getBoundingClientRect();
  const bottom = box.top + panel.clientTop + panel.clientHeight;
  const head = panel.querySelector(".filters__head")?.getBoundingClientRect().bottom ?? box.top;
  const veilTop = bottom - VEIL;
  let top = veilTop;
  for (const group of panel.querySelectorAll<HTMLElement>("[data-filter]")) {
    const heading = group.querySelector(".filter__label")?.getBoundingClientRect();
    const first = group.querySelector(FIRST_CHOICE)?.getBoundingClientRect();
    if (!heading || !first) continue;
    const headingSeen = heading.top < veilTop && heading.bottom > head;
    if (headingSeen && first.bottom > veilTop) top = Math.min(top, heading.top - ABOVE_HEADING);
  }
  // Never above the sticky title: the veil covers the panel's scrolling part only.
  return Math.round(bottom - Math.max(top, head));
}

/** Follows the panel's scroll, size and content while the veil is shown: its height. */
export function useVeilHeight(panel: HTMLElement | null, shown: boolean, content: unknown): number {
  const [height, setHeight] = useState(VEIL);
  useLayoutEffect(() => {
    if (!panel || !shown) return;
    // Chips arriving (suggestions, their counts) move the headings below them.
    return followLayout(panel, () => setHeight(veilHeight(panel)));
  }, [panel, shown, content]);
  return height;
}
