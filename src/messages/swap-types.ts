// Swapping an icon set: the plugin finds the Assetport icons in the selection (or on the page), the
// window matches each to an icon of another set, and the plugin puts every match in place at once.
// Part of the protocol (./types).
import type { AssetRef, InsertContent, InsertOptions } from "./asset-types";

/** `selection`: the selected layers and everything inside them; `page`: the whole current page. */
export type SwapScope = "selection" | "page";

export interface SwapFindRequest {
  scope: SwapScope;
}

/** One Assetport icon found on the canvas, as the review shows it and the matching reads it. */
export interface SwapIcon {
  nodeId: string;
  /** The layer's name in the layers panel. */
  layerName: string;
  asset: AssetRef;
  width: number;
  height: number;
  /** An instance of one of Assetport's main components: its main component is swapped. */
  instance: boolean;
  /** The icon as it looks on the canvas (PNG, long side at most SWAP_PICTURE_SIDE). */
  picture: Uint8Array;
  /** The one colour it is drawn in ("#rrggbb"), absent for a multi-colour icon. */
  colour?: string;
}

/** Why an Assetport layer found cannot take part, each said in a designer's words by the window. */
export type SwapSkipReason = "inside-instance" | "not-an-icon" | "locked";

export interface SwapSkipped {
  nodeId: string;
  layerName: string;
  reason: SwapSkipReason;
  /** A locked icon's picture, as SwapIcon's: it is shown, only not changed. */
  picture?: Uint8Array;
  colour?: string;
}

export interface SwapFound {
  icons: SwapIcon[];
  skipped: SwapSkipped[];
  /** More icons than SWAP_MAX_ICONS were found: the first ones are listed. */
  more: boolean;
}

/** One layer and the icon it becomes. */
export interface SwapPair {
  nodeId: string;
  asset: AssetRef;
  content: InsertContent;
}

export interface SwapApplyRequest {
  pairs: SwapPair[];
  /** Applied to every pair (the colour and size of each replaced icon are kept whatever these say). */
  options?: InsertOptions;
}

/** A page of icons is a few hundred; more in one review helps nobody and costs a download each. */
export const SWAP_MAX_ICONS = 200;
/** The review's thumbnails are 32 px: twice that stays crisp on a high-density screen. */
export const SWAP_PICTURE_SIDE = 64;
