// What the ui learns of the canvas through the protocol: the selection, the file's colour variables
// and paint styles, and the options it applies to selected icons. Part of the protocol (./types).
import type { AssetKind, InsertOptions } from "./asset-types";

/** A colour variable of the file, for the ui's picker. */
export interface DocumentColourVariable {
  id: string;
  name: string;
  /** The variable collection's name. */
  collection: string;
  /** "#rrggbb" in the mode the current page shows (aliases followed); null when it cannot be resolved. */
  color: string | null;
}

/** A local paint style; `color` only when its first showing paint is solid. */
export interface DocumentPaintStyle {
  id: string;
  name: string;
  color: string | null;
}

export interface DocumentColours {
  variables: DocumentColourVariable[];
  styles: DocumentPaintStyle[];
}

/**
 * The icon colour picked among the file's own colours. Kept in the file, not per designer: variable
 * and style ids mean nothing in another file. `name` is how the picker showed it, to say which is gone.
 */
export interface FileColourChoice {
  kind: "variable" | "style";
  id: string;
  name: string;
}

/** The file's colour choice; `gone` when its variable or style was deleted since (then not to be sent). */
export interface FileColourState {
  choice: FileColourChoice | null;
  gone: boolean;
}

export interface FileColourSetRequest {
  choice: FileColourChoice | null;
}

/** Size, colour and stroke width for the selected icons Assetport inserted (other layers are left alone). */
export interface ApplyOptionsRequest {
  options: InsertOptions;
}

export interface ApplyOptionsResponse {
  /** The icons changed. */
  nodeIds: string[];
  /** Selected layers that are not Assetport's and were left alone. */
  skipped: number;
}

/** One selected node as the ui needs to know it. */
export interface SelectedNode {
  id: string;
  name: string;
  /** Figma's node type, e.g. "FRAME", "VECTOR", "RECTANGLE". */
  nodeType: string;
  width: number;
  height: number;
  /** Can be exported as PNG/SVG/JPG (a scene node with a size). */
  exportable: boolean;
  /** Carries an image fill (a raster layer: vectorize and remove-background apply). */
  hasImageFill: boolean;
  /** The Assetport asset this node was inserted from, if any. */
  assetUuid?: string;
  assetType?: AssetKind;
  /** The stroke width Assetport gave this icon, kept at any size; absent: the icon's own strokes. */
  strokeWidth?: number;
  /** The one plain colour this icon is painted in ("#E11D48"); absent: several, or a variable or style. */
  colour?: string;
}

export interface SelectionInfo {
  count: number;
  /** At most the first 50 nodes; `count` is the true total. */
  nodes: SelectedNode[];
  /** Distinct node types in the selection. */
  kinds: string[];
  anyExportable: boolean;
  anyImageFill: boolean;
  anyAsset: boolean;
  /**
   * Assetport icons in the selection, frames looked into (up to a bound): the window offers to swap
   * their set. Absent when none.
   */
  swappableIcons?: number;
}
