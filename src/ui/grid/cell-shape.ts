// Each asset type's cell: icons small and square (many to a row, a 24 px drawing in each), pictures
// larger and fitted whole in a tile of their kind's proportions with the name under it. A column is
// never narrower than `minWidth`; the columns then share the grid's width, and the cell's height
// follows its width, so every row of one grid has one height (what the virtualised rows need).
//
// At a 360 px window (a 328 px grid between the 16 px gutters) that is 6 icons, 3 3D icons, Lottie
// animations or illustrations, and 2 AI images to a row; at 280 px, 4 icons and 2 of any picture; at
// 600 px, 11 icons and 4 to 5 pictures.

import type { AssetType } from "../../api/contract/tables";

export interface CellShape {
  /** The narrowest a column may be. */
  minWidth: number;
  /** The picture's tile, height over width; null: a fixed square cell of minWidth (icons). */
  tileRatio: number | null;
}

export const CELL_SHAPES: Readonly<Record<AssetType, CellShape>> = {
  icon: { minWidth: 48, tileRatio: null },
  // Objects drawn like icons, only richer: three to a row at 360 px, each in a square tile.
  "3d": { minWidth: 96, tileRatio: 1 },
  // An animation needs room to read its motion: as large as a 3D icon.
  lottie: { minWidth: 96, tileRatio: 1 },
  // The packaged illustrations (OpenMoji and the like) are square drawings: a 4:3 tile left a band
  // of empty backdrop either side, two to a row. Square tiles three to a row at 360 px, like 3D.
  illustration: { minWidth: 96, tileRatio: 1 },
  // Two to a row from 280 px (a 248 px grid): 128 px left one lone image there.
  "ai-image": { minWidth: 120, tileRatio: 1 },
};

/** The cell's padding around its tile, the gap above the name and the name's line (grid.css). */
export const CELL_PADDING = 4;
const NAME_GAP = 2;
const NAME_LINE = 16;

/** The tile's height in a cell `width` wide (the picture fits inside it, never cropped). */
export function tileHeight(shape: CellShape, width: number): number {
  if (shape.tileRatio === null) return shape.minWidth;
  return Math.round((width - 2 * CELL_PADDING) * shape.tileRatio);
}

/** The cell's height in a column `width` wide: its tile and its name, or an icon's fixed square. */
export function cellHeight(shape: CellShape, width: number): number {
  if (shape.tileRatio === null) return shape.minWidth;
  return tileHeight(shape, width) + NAME_GAP + NAME_LINE + 2 * CELL_PADDING;
}
