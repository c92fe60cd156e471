// Which sides of a scrolling row (or, on the "y" axis, panel) have more to show: it fades out on
// those sides (in its CSS), so a chip or line cut at the edge reads as "scroll for more", not as clipped.

import { useLayoutEffect, useState } from "preact/hooks";

export type FadeSides = "" | "start" | "end" | "start end";

/** A pixel of slack: a scroll position rounded by the browser is not more to show. */
const SLACK = 1;

type Scrolled = Pick<HTMLElement, "scrollLeft" | "scrollWidth" | "clientWidth">;
type ScrolledDown = Pick<HTMLElement, "scrollTop" | "scrollHeight" | "clientHeight">;

/** The sides of `el` with content scrolled out of sight: sideways, or with "y" up and down. */
export function fadeSides(el: Scrolled): FadeSides;
export function fadeSides(el: ScrolledDown, axis: "y"): FadeSides;
export function fadeSides(el: Scrolled | ScrolledDown, axis: "x" | "y" = "x"): FadeSides {
  const [at, seen, whole] =
    axis === "y"
      ? [(el as ScrolledDown).scrollTop, (el as ScrolledDown).clientHeight, (el as ScrolledDown).scrollHeight]
      : [(el as Scrolled).scrollLeft, (el as Scrolled).clientWidth, (el as Scrolled).scrollWidth];
  const start = at > SLACK;
  const end = at + seen < whole - SLACK;
  return start && end ? "start end" : start ? "start" : end ? "end" : "";
}

/**
 * Calls `measure` once `el` is laid out, and again whenever it scrolls, changes size or has its
 * content change (a group's chips arriving changes what is out of sight, not its box); the function
 * returned stops. Never in the middle of a render: reading a scroll width there forces the browser to
 * lay the whole window out at once, a second time in the frame (on a quick action's first results,
 * tens of ms before they could paint). The ResizeObserver's notification comes after the frame's
 * own layout and before its paint, and observing afresh asks for one more: so a change of content
 * is measured then too, with nothing left to lay out. Without a ResizeObserver, at once.
 */
export function followLayout(el: HTMLElement, measure: () => void): () => void {
  el.addEventListener("scroll", measure, { passive: true });
  if (typeof ResizeObserver === "undefined") {
    measure();
    return () => el.removeEventListener("scroll", measure);
  }
  const laidOut = new ResizeObserver(measure);
  laidOut.observe(el);
  const again = () => {
    laidOut.unobserve(el);
    laidOut.observe(el);
  };
  const grown = typeof MutationObserver === "undefined" ? undefined : new MutationObserver(again);
  grown?.observe(el, { childList: true, subtree: true });
  return () => {
    el.removeEventListener("scroll", measure);
    laidOut.disconnect();
    grown?.disconnect();
  };
}

/**
 * Follows the row's scroll and size: the sides to fade. `content` changes when what the row holds
 * does (its width may change while the row's own box does not).
 */
export function useEdgeFade(el: HTMLElement | null, content: unknown, axis: "x" | "y" = "x"): FadeSides {
  const [sides, setSides] = useState<FadeSides>("");
  useLayoutEffect(() => {
    if (!el) return;
    return followLayout(el, () => setSides(axis === "y" ? fadeSides(el, "y") : fadeSides(el)));
  }, [el, content, axis]);
  return sides;
}
