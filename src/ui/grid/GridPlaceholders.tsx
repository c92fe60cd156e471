// Grey cells in the results grid's own layout while the first page loads (its styles: grid.css).

// Preact 11 no longer adds "px" to numeric style values.
const px = (n: number) => `${n}px`;

export /** Grey cells in the grid's own layout while the first page loads (three rows), hidden from readers. */
function Placeholders(p: {
  columns: number;
  rowHeight: number;
  columnStep: number;
  cellWidth: number;
  cellHeight: number;
}) {
  const cells = [];
  for (let i = 0; i < p.columns * 3; i++) {
    cells.push(
      <span
        key={i}
        class="cell cell--placeholder"
        style={{
          left: px((i % p.columns) * p.columnStep),
          top: px(Math.floor(i / p.columns) * p.rowHeight),
          width: px(p.cellWidth),
          height: px(p.cellHeight),
        }}
      />,
    );
  }
  return (
    <div
      class="grid__sizer"
      aria-hidden="true"
      data-testid="grid-placeholders"
      style={{ height: px(3 * p.rowHeight) }}
    >
      {cells}
    </div>
  );
}
