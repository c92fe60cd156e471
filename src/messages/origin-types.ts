// Where every Assetport layer came from, as the plugin records it on the layer and the window lists
// it in "Assets in this file". Part of the protocol (./types).
import type { AssetRef } from "./asset-types";

/** The asset a layer shows, with the time (ms since 1970) the plugin placed it; older records have none. */
export interface AssetRecord extends AssetRef {
  at?: number;
}

/** Work done on a layer (vectorize, remove background, a conversion) that made or changed it. */
export interface MadeRecord {
  /** The operation id ("vectorize", "remove-background", "svg-to-png"): the window words it. */
  operation: string;
  at: number;
  /** The name of the layer the work was done on. */
  from?: string;
}

/** One layer that carries a record: an asset, work done on it, or both (a vectorized icon). */
export interface RecordedLayer {
  nodeId: string;
  layerName: string;
  asset?: AssetRecord;
  made?: MadeRecord;
}

export interface PageRecords {
  pageId: string;
  pageName: string;
  current: boolean;
  /**
   * The page's recorded layers; absent when the page was not read. Another page is read only when
   * asked (documentAccess "dynamic-page": it must be loaded first, which costs time on a large file).
   */
  layers?: RecordedLayer[];
}

export interface AssetsInFileRequest {
  /** "current": only the page in view; "all": every page, each loaded first. */
  pages: "current" | "all";
}

export interface AssetsInFile {
  /** Every page of the file, in the layer panel's order. */
  pages: PageRecords[];
}

export interface ShowLayerRequest {
  nodeId: string;
  /** Other layers to select with it (every layer showing one asset); those on other pages stay unselected. */
  withNodeIds?: string[];
}

export interface ShowLayerResponse {
  /** The page the layer is on (switched to when it was not the current one). */
  pageId: string;
  pageName: string;
  switchedPage: boolean;
}
