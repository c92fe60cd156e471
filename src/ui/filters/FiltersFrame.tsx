// A filter panel's frame, shared by Search and Find similar: capped and scrolling on its own
// (filters.css) so the results below stay in sight while filters change; while more is below its
// edge, a "More filters" mark sits there (a fade alone is not seen over empty space), and a click on
// it shows the rest. The mark's veil grows over a heading whose choices it hides (cut-headings.ts);
// a chosen value is scrolled into sight (chosen-in-sight.ts).

import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { ChevronDownIcon } from "../icons";
import { useEdgeFade } from "../sets/edge-fade";
import { useChosenInSight } from "./chosen-in-sight";
import { useVeilHeight, VEIL } from "./cut-headings";

export function FiltersFrame({
  id,
  content,
  children,
}: {
  id: string;
  /** Changes when the groups shown do (another asset type): what is below the edge is measured again. */
  content: unknown;
  children: ComponentChildren;
}) {
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  // More groups below the panel's edge: its bottom fades, so a line cut there reads as "scroll on".
  const more = useEdgeFade(panel, content, "y").includes("end");
  // Taller than its row when a heading above it would be left without its choices (cut-headings).
  const veil = useVeilHeight(panel, more, content);
  // A chosen value is never left below the edge, unseen (chosen-in-sight.ts).
  useChosenInSight(panel, content);
  return (
    <section id={id} class="filters" aria-label="Filters" data-more={more || undefined} ref={setPanel}>
      {children}
      {more ? (
        // Seen over empty space too (a veil alone is not), and a click shows the rest.
        <button
          type="button"
          class="filters__more"
          tabIndex={-1}
          aria-hidden="true"
          style={
            veil > VEIL ? { height: `${veil}px`, marginTop: `${-veil}px`, "--veil-fade": "8px" } : undefined
          }
          onClick={() => panel?.scrollBy({ top: Math.max(32, panel.clientHeight - 64), behavior: "smooth" })}
        >
          <span class="filters__more-label">
            <ChevronDownIcon />
            More filters
          </span>
        </button>
      ) : null}
    </section>
  );
}
