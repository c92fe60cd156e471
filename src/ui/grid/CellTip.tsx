// A cell's tooltip in Figma's style (a dark label under the cell, not the browser's title): the
// icon's name in words, its set, its variants and what inserting it costs, plus why it does not show
// the chosen variant. Shown on hover after a short delay (CSS) and at once on keyboard focus; one
// at a time, placed inside the grid so it scrolls with its cell and never leaves the window's sides.
// Beside it, the cell's info button.

import { InfoIcon } from "../icons";

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

export interface CellTipPlace {
  text: string;
  note?: string | undefined;
  index: number;
  columns: number;
  rowHeight: number;
  cellSize: number;
  inset: number;
  /** The cell sits on the last row in view: the tip goes above it. */
  above: boolean;
  byHover: boolean;
}

const px = (n: number) => `${n}px`;

export function cellTip(p: CellTipPlace) {
  const column = p.index % p.columns;
  const row = Math.floor(p.index / p.columns);
  const left = p.inset + column * p.rowHeight;
  // Anchored to the cell's side nearer the window's middle, so a long tip grows inwards.
  const side = p.columns === 1 ? "centre" : column < p.columns / 2 ? "start" : "end";
  const style: Record<string, string> = p.above
    ? { bottom: "auto", top: px(row * p.rowHeight - 4) }
    : { top: px(row * p.rowHeight + p.cellSize + 4) };
  if (side === "start") style.left = px(left);
  else if (side === "end") style.left = px(left + p.cellSize);
  else style.left = px(left + p.cellSize / 2);
  return (
    <div
      id={TIP_ID}
      role="tooltip"
      class={`cell-tip cell-tip--${side}${p.above ? " cell-tip--above" : ""}${p.byHover ? " cell-tip--delayed" : ""}`}
      style={style}
    >
      <span class="cell-tip__text">{p.text}</span>
      {p.note ? <span class="cell-tip__note">{p.note}</span> : null}
    </div>
  );
}
