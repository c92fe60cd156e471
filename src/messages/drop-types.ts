// Drops from the window onto the canvas, as messages: what the drag carries, the content that follows
// it, and how the plugin answers. Part of the protocol (./types).
import type { AssetRef, InsertContent, InsertOptions } from "./asset-types";
import type { ProtocolError } from "./protocol-error";

/**
 * What the ui attaches as `dropMetadata` to `pluginDrop`, at dragend, before anything is downloaded.
 * Plain data only (Figma documents no more for it): the asset's content follows as `drop-content`.
 */
export interface DropMetadata {
  assetport: 1;
  /** Chosen by the ui; `drop-content`, `drop-cancel` and the `drop-result` event name the drop by it. */
  dropId: string;
  asset: AssetRef;
}

/** The dropped asset, once downloaded: the plugin places it where the drop landed (recorded then). */
export interface DropContentRequest {
  dropId: string;
  asset: AssetRef;
  content: InsertContent;
  options?: InsertOptions;
}

/** The download behind a drop failed: the plugin forgets where it landed and takes its notice down. */
export interface DropCancelRequest {
  dropId: string;
}

/** A drop the plugin refused on arrival (its metadata malformed); a placed drop answers `drop-content`. */
export interface DropResult {
  dropId: string;
  ok: false;
  error: ProtocolError;
}
