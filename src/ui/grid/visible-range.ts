// Which cells of a grid of `count` cells are on screen. Only these (plus a row or two either side,
// so a fast scroll does not show blanks) are rendered: 1500 results cost as much as one screenful.

export interface GridMetrics {
  count: number;
  width: number;
  height: number;
  scrollTop: number;
  /** The narrowest a column may be (an icon's cell is this square). */
  cellSize: number;
  /** A cell's height for its column's width (cell-shape.ts); the cell is square at cellSize without it. */
  heightFor?: ((cellWidth: number) => number) | undefined;
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
  /** Every cell's height: rows of one grid share it, so a row's top is its index times rowHeight. */
  cellHeight: number;
  rows: number;
  rowHeight: number;
  totalHeight: number;
  /** Index of the first rendered cell (inclusive). */
  first: number;
  /** Index after the last rendered cell (exclusive). */
  last: number;
}

export function gridLayout(m: GridMetrics): GridLayout {
  const columns = Math.max(1, Math.floor((m.width + m.gap) / (m.cellSize + m.gap)));
  const cellWidth = Math.max(m.cellSize, (m.width - (columns - 1) * m.gap) / columns);
  const cellHeight = m.heightFor ? m.heightFor(cellWidth) : m.cellSize;
  const rowHeight = cellHeight + m.gap;
  const rows = Math.ceil(m.count / columns);
  const overscan = m.overscanRows ?? 2;
  const firstRow = Math.max(0, Math.floor(m.scrollTop / rowHeight) - overscan);
  const lastRow = Math.min(rows, Math.ceil((m.scrollTop + m.height) / rowHeight) + overscan);
  return {
    columns,
    cellWidth,
    columnStep: cellWidth + m.gap,
    cellHeight,
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
  cellHeight: number,
) {
  const top = row * rowHeight;
  if (top < scrollTop) return top;
  if (top + cellHeight > scrollTop + height) return top + cellHeight - height;
  return undefined;
}

/**
 * Whether the grid asks for the next page: its rendered cells (the view and its overscan) reach
 * within two rows of the last cell loaded.
 */
export function nearEnd(layout: Pick<GridLayout, "last" | "columns">, count: number): boolean {
  return count > 0 && layout.last >= count - layout.columns * 2;
}
