// Which sides of a sideways-scrolling row have more to show: the row fades out on those sides (a
// mask in its CSS), so a chip cut at the window's edge reads as "scroll for more", not as clipped.

import { useLayoutEffect, useState } from "preact/hooks";

export type FadeSides = "" | "start" | "end" | "start end";

/** A pixel of slack: a scroll position rounded by the browser is not more to show. */
const SLACK = 1;

/** The sides of `el` with content scrolled out of sight. */
export function fadeSides(el: Pick<HTMLElement, "scrollLeft" | "scrollWidth" | "clientWidth">): FadeSides {
  const start = el.scrollLeft > SLACK;
  const end = el.scrollLeft + el.clientWidth < el.scrollWidth - SLACK;
  return start && end ? "start end" : start ? "start" : end ? "end" : "";
}

/**
 * Follows the row's scroll and size: the sides to fade. `content` changes when what the row holds
 * does (its width may change while the row's own box does not).
 */
export function useEdgeFade(el: HTMLElement | null, content: unknown): FadeSides {
  const [sides, setSides] = useState<FadeSides>("");
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => setSides(fadeSides(el));
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [el, content]);
  return sides;
}
