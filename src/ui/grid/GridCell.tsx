// One cell of the results grid: its preview, its name for anything but icons, the quiet mark when it
// does not show the chosen variant, the swap mark in Replace mode and the way to its details. It
// names its icon in words (aria-label) and reads what inserting costs after it. The grid places it
// (left, width) and tells it whether it is the one tab stop and the one its tooltip describes.

import { describeAsset, humanName } from "../../api/client/asset-names";
import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import { CellInfo, CellSwap, TIP_ID } from "./CellTip";
import { CELL_SHAPES, tileHeight } from "./cell-shape";
import "./cell-tiles.css";
import { CellMotion, CellMotionMark } from "./CellMotion";
import type { GridProps } from "./grid-props";
import { Preview } from "./Preview";
import { motionOf } from "./preview-source";
import { darkTile } from "./tile-backdrop";
import type { CellDrag } from "./use-cell-drag";

// Preact 11 no longer adds "px" to numeric style values.
const px = (n: number) => `${n}px`;

export interface GridCellProps {
  index: number;
  asset: Asset;
  type: AssetType;
  /** From the grid's layout: the cell's column and box. */
  column: number;
  left: number;
  width: number;
  height: number;
  /** The roving tabindex's one tab stop. */
  tabStop: boolean;
  /** Its tooltip is the one shown. */
  tipShown: boolean;
  /** Hovered, else keyboard-focused, and motion allowed: a Lottie plays (one cell at a time). */
  playing: boolean;
  busy: boolean;
  /** In the frame that paints the grid's first cells: the picture is asked for after it (first-paint.ts). */
  picturesWait: boolean;
  grid: Pick<
    GridProps,
    | "onFocusIndex"
    | "onInsert"
    | "onDetail"
    | "onPreviewFail"
    | "costOf"
    | "lacking"
    | "saidAbove"
    | "replacing"
    | "preview"
  >;
  drag: CellDrag;
  onKeyDown(e: KeyboardEvent): void;
  /** Hover and keyboard focus, for the grid's one tooltip. */
  onHover(on: boolean): void;
  onFocusChange(on: boolean): void;
}

export function GridCell({ index: i, asset, grid, ...cell }: GridCellProps) {
  const cost = grid.costOf?.(asset);
  const label = describeAsset(asset);
  const lacking = grid.lacking?.(asset);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualised grid positions its cells itself; table layout would fight it
    <div
      role="gridcell"
      class={`cell cell--${cell.type}`}
      data-index={i}
      tabIndex={cell.tabStop ? 0 : -1}
      aria-label={label}
      // The service's own name, for whoever matches a cell to a result.
      data-name={asset.name}
      // Read after the name when the cell takes focus; the label stays the asset's name alone.
      aria-description={cost}
      aria-busy={cell.busy}
      aria-colindex={cell.column + 1}
      aria-describedby={cell.tipShown ? TIP_ID : undefined}
      data-lacking={lacking ? "" : undefined}
      data-playing={cell.playing && cell.type === "lottie" ? "" : undefined}
      draggable
      style={{
        left: px(cell.left),
        width: px(cell.width),
        height: px(cell.height),
        // The picture's tile (grid.css): its height follows the column's width (cell-shape.ts).
        ...(cell.type === "icon"
          ? {}
          : {
              "--tile": px(tileHeight(CELL_SHAPES[cell.type], cell.width)),
              // The dark theme's backdrop for the type's art (tile-backdrop.ts; cell-tiles.css uses it).
              "--tile-bg-dark": darkTile(cell.type),
            }),
      }}
      onClick={() => {
        grid.onFocusIndex(i);
        grid.onInsert(asset, "insert");
      }}
      onFocus={() => {
        grid.onFocusIndex(i);
        cell.onFocusChange(true);
      }}
      onBlur={() => cell.onFocusChange(false)}
      onMouseEnter={() => cell.onHover(true)}
      onMouseLeave={() => cell.onHover(false)}
      onKeyDown={cell.onKeyDown}
      onContextMenu={(e) => {
        e.preventDefault();
        grid.onDetail(asset);
      }}
      onDragStart={(e) => cell.drag.start(e, asset)}
      onDragEnd={(e) => cell.drag.end(e, asset)}
    >
      {grid.preview?.(asset, cell.picturesWait) ?? (
        <Preview
          asset={asset}
          type={cell.type}
          onFail={grid.onPreviewFail}
          eager
          waiting={cell.picturesWait}
        />
      )}
      {cell.playing && !cell.picturesWait ? <CellMotion motion={motionOf(asset, cell.type)} /> : null}
      {cell.type === "lottie" ? <CellMotionMark /> : null}
      {cell.type !== "icon" ? <span class="cell__name">{humanName(asset.name)}</span> : null}
      {lacking && !grid.saidAbove?.(asset) ? <span class="cell__lacking" aria-hidden="true" /> : null}
      {grid.replacing ? <CellSwap /> : null}
      <CellInfo
        label={label}
        onOpen={() => {
          grid.onFocusIndex(i);
          grid.onDetail(asset);
        }}
      />
    </div>
  );
}
