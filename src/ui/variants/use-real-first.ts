// The grid's order under a chosen weight (real-first.ts), kept per question and weight: the cells
// the grid has rendered stay where they were, everything loaded below them is ordered again with
// each page. When nothing loaded below what is shown draws the weight itself ("arrow" under
// Duotone: a first page of Tabler stand-ins, Phosphor's duotones pages later), the next page is
// asked once, ahead of the grid's own paging, so that the designer scrolling on meets the real
// drawings straight after the first screen. Once per question and weight: a weight few results
// draw never pages through the whole window on its own.

import { useMemo, useRef } from "preact/hooks";
import type { VariantGroup } from "./group-variants";
import { drawsChoice, realFirst } from "./real-first";

export function useRealFirst(
  groups: readonly VariantGroup[],
  chosen: string | null,
  /** A new question or another weight: ordered afresh. */
  scope: string,
  /** Asks the next page (the grid's own near-end; turned away while one is on its way or none is left). */
  askNext: () => void,
) {
  const placed = useRef<{ scope: string; keys: string[] }>({ scope: "", keys: [] });
  const rendered = useRef<{ scope: string; reach: number; askedAhead: boolean }>({
    scope: "",
    reach: 0,
    askedAhead: false,
  });
  const ownScope = () =>
    rendered.current.scope === scope ? rendered.current : { scope, reach: 0, askedAhead: false };
  // Decided when the groups (a page came), the weight or the question change; between those the
  // same array, so the cells' props keep their identity from render to render.
  const ordered = useMemo(() => {
    const seen = ownScope().reach;
    const before = placed.current.scope === scope ? placed.current.keys.slice(0, seen) : [];
    const next = realFirst(groups, chosen, before);
    placed.current = { scope, keys: next.map((group) => group.key) };
    return next;
  }, [groups, chosen, scope]);

  return {
    ordered,
    /** The grid has rendered up to `last` (inclusive), a group of `ordered`. */
    shownUpTo(last: VariantGroup | undefined) {
      const mine = ownScope();
      const reach = Math.max(mine.reach, last ? ordered.indexOf(last) + 1 : 0);
      const below = ordered.slice(reach);
      const ahead = !!chosen && reach > 0 && !mine.askedAhead && !below.some((g) => drawsChoice(g, chosen));
      rendered.current = { scope, reach, askedAhead: mine.askedAhead || ahead };
      if (ahead) askNext();
    },
  };
}
