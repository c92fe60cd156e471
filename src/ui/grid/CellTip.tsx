// A cell's tooltip in Figma's style (a dark label by the cell, not the browser's title), two lines:
// the icon's name in words · its set · its variants, then what inserting it costs (or its status)
// and why it does not show the chosen variant. Each segment keeps its words together (nowrap), so
// a narrow window wraps between segments, never inside a name. Shown on hover after a short delay
// (CSS) and at once on keyboard focus; one at a time, placed inside the grid (tip-place) so it
// scrolls with its cell and never leaves the window. Beside it, the cell's info button.

import { Fragment } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";
import { InfoIcon } from "../icons";
import { placeTip } from "./tip-place";

export const TIP_ID = "cell-tip";

/** The way to a cell's details for the pointer, in its corner on hover or focus (grid.css). */
export function CellInfo({ label, onOpen }: { label: string; onOpen(): void }) {
  return (
    <button
      type="button"
      class="cell__info"
      // The cell's own keys open the details (Space): the button takes no tab stop of its own.
      tabIndex={-1}
      aria-label={`Details of ${label}`}
      draggable={false}
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
    >
      <InfoIcon />
    </button>
  );
}

/**
 * In Replace mode, the mark on the hovered or focused cell (grid.css): a corner tick of the accent
 * ring, so a click reads as "replaces the selection", not "adds to the canvas", without a badge over
 * the picture. The tip says it in words.
 */
export function CellSwap() {
  return <span class="cell__swap" aria-hidden="true" />;
}

export interface CellTipProps {
  /** Name, set, variants: the first line. */
  about: readonly string[];
  /** What a click does, cost or status: the second line, with the note. */
  status: readonly string[];
  /** Why the cell does not show the chosen variant. */
  note?: string | undefined;
  /** The cell's box and the rows in view, in the grid's content coordinates. */
  cell: { left: number; top: number; width: number; height: number };
  width: number;
  viewTop: number;
  viewBottom: number;
  byHover: boolean;
}

const px = (n: number) => `${n}px`;

/** The separator between two parts of a line. */
function Dot() {
  return <span class="cell-tip__segment cell-tip__dot"> ·</span>;
}

/**
 * A separator stands between two parts on the same line: where the window is narrow and the next
 * part wraps to a line of its own, the dot would end its line with nothing after it ("1 credit ·"),
 * so it is hidden. Hiding it only trims the end of a line already broken, so no part moves.
 */
function hideDanglingDots(tip: HTMLElement) {
  for (const dot of tip.querySelectorAll<HTMLElement>(".cell-tip__dot")) {
    dot.hidden = false;
    const next = dot.nextElementSibling as HTMLElement | null;
    if (next && next.offsetTop > dot.offsetTop) dot.hidden = true;
  }
}

function Segments({ parts }: { parts: readonly string[] }) {
  return (
    <>
      {parts.map((part, i) => (
        // The dot kept with the segment before it (nowrap), the space after it a line's only break;
        // a dot left ending a line is hidden once laid out (hideDanglingDots).
        <Fragment key={`${i}:${part}`}>
          {i > 0 ? <Dot /> : null}
          {i > 0 ? " " : null}
          <span class="cell-tip__segment">{part}</span>
        </Fragment>
      ))}
    </>
  );
}

export function CellTip(p: CellTipProps) {
  const tip = useRef<HTMLDivElement>(null);
  // Placed once the browser has laid it out at its own width (max-content, at most 240 px): its
  // size decides which side of the cell it fits and how far it slides in from the window's edge.
  useLayoutEffect(() => {
    const el = tip.current;
    if (!el) return;
    hideDanglingDots(el);
    const place = placeTip({
      cellLeft: p.cell.left,
      cellTop: p.cell.top,
      cellWidth: p.cell.width,
      cellHeight: p.cell.height,
      tipWidth: el.offsetWidth,
      tipHeight: el.offsetHeight,
      width: p.width,
      viewTop: p.viewTop,
      viewBottom: p.viewBottom,
    });
    el.style.left = px(place.left);
    el.style.top = px(place.top);
    el.dataset.side = place.above ? "above" : "below";
  });
  const status = p.status.filter(Boolean);
  return (
    <div
      ref={tip}
      id={TIP_ID}
      role="tooltip"
      class={`cell-tip${p.byHover ? " cell-tip--delayed" : ""}`}
      // Under the cell until measured (the layout effect runs before the first paint).
      style={{ left: px(p.cell.left), top: px(p.cell.top + p.cell.height + 4) }}
    >
      <span class="cell-tip__line cell-tip__text">
        <Segments parts={p.about.filter(Boolean)} />
      </span>
      {status.length > 0 || p.note ? (
        <span class="cell-tip__line">
          <Segments parts={status} />
          {status.length > 0 && p.note ? <Dot /> : null}
          {status.length > 0 && p.note ? " " : null}
          {p.note ? <span class="cell-tip__segment cell-tip__note">{p.note}</span> : null}
        </span>
      ) : null}
    </div>
  );
}
