// A chosen value stays in sight in the filter panel. The panel is capped (filters.css: 128 px in a
// window 420 to 480 px tall) and opens at its top, so a tag chosen sat below "More filters", unseen:
// the panel looked as if nothing were chosen there. And a value chosen can slide away while the
// panel settles (the results reload, and the suggestions above it change). So when the panel opens
// and when a value is chosen, that value is scrolled into sight (the least scroll that shows it) and
// kept there while the content moves, until the designer scrolls the panel themselves.

import { useLayoutEffect } from "preact/hooks";
import { followLayout } from "../sets/edge-fade";
import { VEIL } from "./cut-headings";

/** A chosen value of a filter group (Style, Categories, Tags, Formats): a pressed chip. */
const CHOSEN = '[data-filter] .chip[aria-pressed="true"]';

/** Where the panel shows its groups, in the window's coordinates. */
export interface Sight {
  /** The sticky title's bottom. */
  top: number;
  /** Above the "More filters" mark's row at the bottom edge. */
  bottom: number;
}

/**
 * The panel's scrollTop that brings a chip wholly into `sight`, or undefined when it is in sight
 * already. Its group's top (`from`: the heading) comes to the sight's top when the chip then fits
 * below it, so the group reads whole with no sliver of the one before under the title; else the
 * chip's own top does.
 */
export function scrollToShow(
  chip: { top: number; bottom: number },
  sight: Sight,
  scrollTop: number,
  from = chip.top,
): number | undefined {
  if (chip.top >= sight.top - 0.5 && chip.bottom <= sight.bottom + 0.5) return undefined;
  const start = chip.bottom - from <= sight.bottom - sight.top ? from : chip.top;
  return Math.max(0, Math.round(scrollTop + start - sight.top));
}

function sightOf(panel: HTMLElement): Sight {
  const box = panel.getBoundingClientRect();
  const head = panel.querySelector(".filters__head")?.getBoundingClientRect().bottom ?? box.top;
  return { top: head, bottom: box.top + panel.clientTop + panel.clientHeight - VEIL };
}

/** A chosen chip's name: its group and value ("tags\u0000direction"). */
function keyOf(chip: HTMLElement): string {
  const group = chip.closest<HTMLElement>("[data-filter]")?.dataset.filter ?? "";
  return `${group}\u0000${chip.dataset.value ?? chip.textContent ?? ""}`;
}

/** The designer moving the panel themselves: what they scroll to is theirs to keep. */
const OWN_SCROLL = ["wheel", "touchmove", "pointerdown", "keydown"] as const;

/** Keeps the panel's newly chosen value in sight (see above). `content`: what the panel shows changed. */
export function useChosenInSight(panel: HTMLElement | null, content: unknown): void {
  useLayoutEffect(() => {
    if (!panel) return;
    let known = new Set<string>();
    /** The value kept in sight, until the designer scrolls. */
    let kept: string | undefined;
    const release = () => {
      kept = undefined;
    };
    for (const type of OWN_SCROLL) panel.addEventListener(type, release, { passive: true });
    const look = () => {
      const chips = [...panel.querySelectorAll<HTMLElement>(CHOSEN)];
      const keys = chips.map(keyOf);
      // The last of the values chosen since the last look (all of them when the panel opens).
      const fresh = keys.filter((key) => !known.has(key));
      if (fresh.length) kept = fresh[fresh.length - 1];
      known = new Set(keys);
      const chip = kept === undefined ? undefined : chips[keys.indexOf(kept)];
      if (!chip) return;
      const group = chip.closest("[data-filter]")?.getBoundingClientRect().top;
      const to = scrollToShow(chip.getBoundingClientRect(), sightOf(panel), panel.scrollTop, group);
      if (to !== undefined) panel.scrollTop = to;
    };
    const stop = followLayout(panel, look);
    // A chip chosen changes an attribute only (aria-pressed), which followLayout does not watch.
    const pressed = typeof MutationObserver === "undefined" ? undefined : new MutationObserver(look);
    pressed?.observe(panel, { attributes: true, attributeFilter: ["aria-pressed"], subtree: true });
    return () => {
      stop();
      pressed?.disconnect();
      for (const type of OWN_SCROLL) panel.removeEventListener(type, release);
    };
  }, [panel, content]);
}
