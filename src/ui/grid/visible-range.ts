// Which cells of a grid of `count` cells are on screen. Only these (plus a row or two either side,
// so a fast scroll does not show blanks) are rendered: 1500 results cost as much as one screenful.

export interface GridMetrics {
  count: number;
  width: number;
  height: number;
  scrollTop: number;
  cellSize: number;
  gap: number;
  overscanRows?: number;
}

export interface GridLayout {
  columns: number;
  /**
   * A cell's width: the columns share the whole width (their gaps aside), so the grid fills the
   * same gutters as the controls above it at every width; the picture sits centred in its cell.
   */
  cellWidth: number;
  /** From one column's left edge to the next's. */
  columnStep: number;
  rows: number;
  rowHeight: number;
  totalHeight: number;
  /** Index of the first rendered cell (inclusive). */
  first: number;
  /** Index after the last rendered cell (exclusive). */
  last: number;
}

export function gridLayout(m: GridMetrics): GridLayout {
  const rowHeight = m.cellSize + m.gap;
  const columns = Math.max(1, Math.floor((m.width + m.gap) / rowHeight));
  const rows = Math.ceil(m.count / columns);
  const overscan = m.overscanRows ?? 2;
  const firstRow = Math.max(0, Math.floor(m.scrollTop / rowHeight) - overscan);
  const lastRow = Math.min(rows, Math.ceil((m.scrollTop + m.height) / rowHeight) + overscan);
  const cellWidth = Math.max(m.cellSize, (m.width - (columns - 1) * m.gap) / columns);
  return {
    columns,
    cellWidth,
    columnStep: cellWidth + m.gap,
    rows,
    rowHeight,
    totalHeight: Math.max(0, rows * rowHeight - m.gap),
    first: Math.min(m.count, firstRow * columns),
    last: Math.min(m.count, lastRow * columns),
  };
}

/** The scrollTop that brings row `row` fully into a viewport of `height`, or undefined if it already is. */
export function scrollToShow(
  row: number,
  rowHeight: number,
  scrollTop: number,
  height: number,
  cellSize: number,
) {
  const top = row * rowHeight;
  if (top < scrollTop) return top;
  if (top + cellSize > scrollTop + height) return top + cellSize - height;
  return undefined;
}

/**
 * Whether the grid asks for the next page: its rendered cells (the view and its overscan) reach
 * within two rows of the last cell loaded.
 */
export function nearEnd(layout: Pick<GridLayout, "last" | "columns">, count: number): boolean {
  return count > 0 && layout.last >= count - layout.columns * 2;
}
