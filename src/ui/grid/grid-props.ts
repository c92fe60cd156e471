// What the results grid is given: its items, the focus, and what it tells the window (insert, details,
// drag, the end near, a preview failed) or asks of it (cost, variants, notes, a drawn preview).

import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import type { Release } from "./drag-point";

export interface GridProps {
  items: Asset[];
  type: AssetType;
  focusIndex: number;
  busyUuid: string | null;
  onFocusIndex(index: number): void;
  onInsert(asset: Asset, mode: "insert" | "replace"): void;
  onDetail(asset: Asset): void;
  onDragStart(asset: Asset): string;
  onDragEnd(dropId: string, asset: Asset, release: Release): void;
  /** The last rows are in view: time to fetch the next page. */
  onNearEnd(): void;
  /** The cells rendered (in view and the rows kept either side) reach up to `last`, exclusive. */
  onShown?: ((last: number) => void) | undefined;
  /** ArrowUp on the first row: back to the search field. */
  onExitTop(): void;
  /** A preview did not load (its link may have expired). */
  onPreviewFail?: ((url: string) => void) | undefined;
  /** What inserting the asset costs ("1 credit", "Already downloaded: free"), when the service meters it. */
  costOf?: ((asset: Asset) => string | undefined) | undefined;
  /** Changes with each new search: the grid goes back to its top. */
  resetKey?: string | undefined;
  /** The first page is on its way: placeholder cells stand in for the results. */
  loading?: boolean | undefined;
  /** The cell's icon's variants in words ("6 weights"), for its tooltip; empty for one drawing. */
  variantsText?: ((asset: Asset) => string) | undefined;
  /** Why the cell does not show the chosen variant ("No Bold in Tabler"); undefined when it does. */
  lacking?: ((asset: Asset) => string | undefined) | undefined;
  /**
   * A lacking cell whose note is said once above the grid (a weight drawn at a nearer stroke): its
   * tooltip keeps the note, the cell carries no mark. Every lacking cell is marked when absent.
   */
  saidAbove?: ((asset: Asset) => boolean) | undefined;
  /** A click replaces the selected layers: the hovered or focused cell says so (accent, swap mark). */
  replacing?: boolean | undefined;
  /**
   * Draws a preview (the grid's own <Preview> when absent): the window tints icons with it. While
   * `waiting`, the picture is not asked for yet (the frame that paints the first cells).
   */
  preview?: ((asset: Asset, waiting: boolean) => preact.ComponentChild) | undefined;
}
