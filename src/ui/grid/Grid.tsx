// The results grid. Virtualised: only the rows in view (plus a little overscan) exist in the DOM.
// One cell is tabbable at a time (roving tabindex); arrows move, Enter inserts, Shift+Enter
// replaces the selection, Space opens the details. Cells drag onto the canvas (use-cell-drag.ts).
// Each cell (GridCell.tsx) names its icon in words with its set and variant; placeholders stand in
// while the first page loads; one tooltip at a time (CellTip.tsx).

import { useEffect, useRef, useState } from "preact/hooks";
import { nameAsset } from "../../api/client/asset-names";
import type { Asset } from "../../api/contract/spec-objects";
import { gridKey } from "./grid-keys";
import "./grid.css";
import { motionReduced } from "./CellMotion";
import { CellTip } from "./CellTip";
import { CELL_SHAPES, cellHeight } from "./cell-shape";
import { FIRST_PAINT_ROWS, SETTLED_ROWS, useFirstPaintDone } from "./first-paint";
import { GridCell } from "./GridCell";
import { Placeholders } from "./GridPlaceholders";
import type { GridProps } from "./grid-props";
import { useCellDrag } from "./use-cell-drag";
import { useGridViewport, viewportOf } from "./use-grid-viewport";
import { gridLayout, nearEnd, scrollToShow } from "./visible-range";

export type { GridProps };

const GAP = 4;
// Preact 11 no longer adds "px" to numeric style values.
const px = (n: number) => `${n}px`;

export function Grid(props: GridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useGridViewport(scroller);
  /** A cell a key moved to whose focus() waits for its render; keys arriving meanwhile start from it. */
  const wantFocus = useRef<number | null>(null);
  const drag = useCellDrag(props);
  /** The cell whose tooltip shows: the one hovered, else the one with keyboard focus. */
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const shape = CELL_SHAPES[props.type];
  const placeholders = props.loading && props.items.length === 0;
  const painted = useFirstPaintDone(props.items.length > 0);
  const overscanRows = painted ? SETTLED_ROWS : FIRST_PAINT_ROWS;
  const layout = gridLayout({
    count: props.items.length,
    cellSize: shape.minWidth,
    heightFor: (width) => cellHeight(shape, width),
    gap: GAP,
    overscanRows,
    ...viewport,
  });

  // On the items themselves, not their count: a new search's first page often has as many items as
  // the old results it replaces, and a near end asked while it loaded was turned away.
  useEffect(() => {
    props.onShown?.(layout.last);
    if (nearEnd(layout, props.items.length)) props.onNearEnd();
  }, [layout.last, props.items, layout.columns]);

  useEffect(() => {
    wantFocus.current = null;
    const el = scroller.current;
    if (el && el.scrollTop !== 0) {
      el.scrollTop = 0;
      setViewport((v) => ({ ...v, scrollTop: 0 }));
    }
  }, [props.resetKey]);

  useEffect(() => {
    // The wanted index, not props.focusIndex: a render of the grid's own state can come before the
    // one carrying the new focusIndex, and would otherwise spend the request on the old cell.
    const index = wantFocus.current;
    if (index === null) return;
    if (index >= props.items.length) wantFocus.current = null;
    const cell = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!cell) return;
    wantFocus.current = null;
    cell.focus();
  });

  function moveTo(index: number) {
    const el = scroller.current;
    if (el) {
      const row = Math.floor(index / layout.columns);
      const top = scrollToShow(row, layout.rowHeight, el.scrollTop, el.clientHeight, layout.cellHeight);
      if (top !== undefined) {
        el.scrollTop = top;
        setViewport((v) => ({ ...v, scrollTop: top }));
      }
    }
    wantFocus.current = index;
    props.onFocusIndex(index);
  }

  function onKeyDown(e: KeyboardEvent, cellIndex: number, cellAsset: Asset) {
    // Keys pressed faster than a frame reach the old cell: they continue from where the last one led.
    const index = wantFocus.current ?? cellIndex;
    const asset = props.items[index] ?? cellAsset;
    const result = gridKey({
      key: e.key,
      shiftKey: e.shiftKey,
      index,
      count: props.items.length,
      columns: layout.columns,
      pageRows: Math.max(1, Math.floor(viewport.height / layout.rowHeight)),
    });
    if (result.kind === "none") return;
    e.preventDefault();
    if (result.kind === "move") {
      if (e.key === "ArrowUp" && index < layout.columns) props.onExitTop();
      else moveTo(result.index);
    } else if (result.kind === "detail") props.onDetail(asset);
    else props.onInsert(asset, result.kind);
  }

  // Roving tabindex: the focused cell, or the first one rendered when it has scrolled out of the DOM,
  // so Tab always reaches the grid.
  const wanted = Math.min(props.focusIndex, Math.max(0, props.items.length - 1));
  const focus = wanted >= layout.first && wanted < layout.last ? wanted : layout.first;
  const tipIndex = hovered ?? focused;
  // The one cell whose animation plays: the tooltip's, unless the designer asked for less motion.
  const playIndex = props.type === "lottie" && !motionReduced() ? tipIndex : null;
  const renderCell = (i: number, asset: Asset) => (
    <GridCell
      key={asset.uuid || `at-${i}`}
      index={i}
      asset={asset}
      type={props.type}
      column={i % layout.columns}
      left={(i % layout.columns) * layout.columnStep}
      width={layout.cellWidth}
      height={layout.cellHeight}
      tabStop={i === focus}
      tipShown={tipIndex === i}
      playing={playIndex === i}
      busy={props.busyUuid === asset.uuid}
      picturesWait={!painted}
      grid={props}
      drag={drag}
      onKeyDown={(e) => onKeyDown(e, i, asset)}
      onHover={(on) => setHovered((h) => (on ? i : h === i ? null : h))}
      onFocusChange={(on) => setFocused((f) => (on ? i : f === i ? null : f))}
    />
  );

  const tipAsset = tipIndex !== null && tipIndex < layout.last ? props.items[tipIndex] : undefined;
  const tip =
    tipIndex !== null && tipAsset ? (
      <CellTip
        about={[
          nameAsset(tipAsset).name,
          nameAsset(tipAsset).set ?? "",
          props.variantsText?.(tipAsset) ?? "",
        ]}
        status={[props.replacing ? "Replaces the selection" : "", props.costOf?.(tipAsset) ?? ""]}
        note={props.lacking?.(tipAsset)}
        cell={{
          left: (tipIndex % layout.columns) * layout.columnStep,
          top: Math.floor(tipIndex / layout.columns) * layout.rowHeight,
          width: layout.cellWidth,
          height: layout.cellHeight,
        }}
        width={viewport.width}
        viewTop={viewport.scrollTop}
        viewBottom={viewport.scrollTop + viewport.height}
        byHover={hovered !== null}
      />
    ) : null;

  const rows = [];
  for (let start = layout.first; start < layout.last; start += layout.columns) {
    const row = Math.floor(start / layout.columns);
    const cells = [];
    for (let i = start; i < Math.min(layout.last, start + layout.columns); i++) {
      const asset = props.items[i];
      if (asset) cells.push(renderCell(i, asset));
    }
    rows.push(
      // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: an ARIA grid's rows hold the focusable cells and take no focus themselves
      <div
        key={row}
        role="row"
        class="grid__row"
        aria-rowindex={row + 1}
        style={{ top: px(row * layout.rowHeight) }}
      >
        {cells}
      </div>,
    );
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: virtualised, so not a table (see the cells)
    <div
      ref={scroller}
      class={props.replacing ? "grid grid--replacing" : "grid"}
      role="grid"
      aria-label="Results"
      aria-rowcount={layout.rows}
      aria-colcount={layout.columns}
      onScroll={(e) => setViewport(viewportOf(e.currentTarget))}
    >
      {placeholders ? (
        <Placeholders
          columns={layout.columns}
          rowHeight={layout.rowHeight}
          columnStep={layout.columnStep}
          cellWidth={layout.cellWidth}
          cellHeight={layout.cellHeight}
        />
      ) : (
        <div class="grid__sizer" role="presentation" style={{ height: px(layout.totalHeight) }}>
          {rows}
          {tip}
        </div>
      )}
    </div>
  );
}
