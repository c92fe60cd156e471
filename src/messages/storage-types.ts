// What the plugin keeps in Figma's clientStorage for the ui: settings, recent assets and searches,
// work in flight, kept downloads, the home. Part of the protocol (./types): the ui reads and writes
// them only through storage requests.

import type { AssetKind, AssetRef } from "./asset-types";
import type { KeptDownload } from "./kept-downloads";
import type { ExportFormat, PlaceMode } from "./work-types";

export interface Settings {
  iconSize: number;
  /** "#rrggbb", or null to keep the asset's own colours. */
  iconColor: string | null;
  keepReplacedColor: boolean;
  /** A colour variable of the file for icons (wins over `iconColor`), or null. */
  iconColorVariableId: string | null;
  /** A paint style of the file for icons (wins over `iconColor`), or null. */
  iconColorStyleId: string | null;
  /** Stroke width in px for line icons, kept at any size; null lets it scale with the icon. */
  iconStrokeWidth: number | null;
  /** Inserts land as instances of a component made once per asset variant (see InsertOptions). */
  insertAsComponent: boolean;
  /** The icon variant every result cell shows ("bold", "fill"), or null for each icon's first. */
  iconVariant: string | null;
  /** Long side in px of a placed 3D or AI image: the size its rectangle gets on the canvas. */
  rasterSize: number;
  /** Pixels per point of those images: 2 downloads twice the pixels for the same box (crisp at 2x). */
  rasterDensity: 1 | 2;
  /** Lottie assets go in as an animated GIF fill or as their first frame. */
  lottieAs: "gif" | "first-frame";
  /** After vectorize, hide the source layer (true) or keep it visible. */
  hideSourceAfterVectorize: boolean;
  windowWidth: number;
  windowHeight: number;
  proxyUrl: string;
  accessToken: string;
}

export interface RecentAsset extends AssetRef {
  previewUrl?: string;
  /** ms since epoch. */
  usedAt: number;
}

export interface RecentSearch {
  query: string;
  type?: AssetKind;
  /** ms since epoch. */
  at: number;
}

/** A submission that may outlive the plugin window: saved before the request leaves. */
export interface PendingWork {
  idempotencyKey: string;
  family: "convert" | "ai";
  operation: string;
  /** ms since epoch. */
  createdAt: number;
  /** `submitting`: request may or may not have reached the service; retry with the same key. */
  status: "submitting" | "submitted";
  taskIds?: string[];
  jobId?: string;
  /** Where the result goes when it is ready. */
  target?: { nodeId?: string; nodeName?: string; mode: PlaceMode; hideSource?: boolean };
  /** Parameters of the submission (prompt, model, width...), to retry it identically. */
  params?: Record<string, string | number | boolean>;
  /** The upload was the target layer exported this way: a retry after a restart exports it again. */
  exportAs?: { format: ExportFormat; maxSide?: number };
  /** Tasks (or the job) whose result is already on the canvas: a resume never places them twice. */
  placed?: string[];
  /** Part of a batch: the batch store, not the single-run store, follows it (and places it beside its kept original). */
  batchId?: string;
}

export interface StorageValues {
  settings: Settings;
  "recent-assets": RecentAsset[];
  "recent-searches": RecentSearch[];
  "pending-work": PendingWork[];
  /** Files already downloaded, most recently used first (see kept-downloads.ts). */
  "kept-downloads": KeptDownload[];
  /** The home last painted, as JSON text ("" when none): see home-snapshot.ts. */
  "home-snapshot": string;
}
export type StorageKey = keyof StorageValues;

export type StorageGetRequest = { key: StorageKey };
export type StorageGetResponse = { value: StorageValues[StorageKey] };

/** Settings are patched (only the given fields change); lists are replaced and trimmed to their bound. */
export type StorageSetRequest =
  | { key: "settings"; value: Partial<Settings> }
  | { key: "recent-assets"; value: RecentAsset[] }
  | { key: "recent-searches"; value: RecentSearch[] }
  | { key: "pending-work"; value: PendingWork[] }
  | { key: "kept-downloads"; value: KeptDownload[] }
  | { key: "home-snapshot"; value: string };

/** Add or update one pending-work record by its idempotency key (no read-modify-write race in the ui). */
export interface PendingWorkPutRequest {
  work: PendingWork;
}
export interface PendingWorkRemoveRequest {
  idempotencyKey: string;
}
