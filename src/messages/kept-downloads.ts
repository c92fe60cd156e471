// Downloads the window keeps in Figma's clientStorage between sessions, so an asset already paid
// for is not downloaded (and charged) again after the plugin is reopened. Shared by the ui (which
// chooses what to keep) and the plugin (which stores it and holds it to the same budget).

/** One kept file. The bytes travel and are stored as base64 text: measured exactly as JSON. */
export interface KeptDownload {
  /** The download's identity: server, asset, format and size (see ui/downloads/download-cache). */
  key: string;
  /** Its Content-Type. */
  type: string;
  /** Its bytes, base64. */
  data: string;
}

/**
 * What kept downloads may take of clientStorage: 2 MB of Figma's 5 MB. Settings, recent assets and
 * searches take a few kB and pending work at most some hundreds (50 records of ids and
 * parameters); 2 MB leaves more than half the space to them, so the cache never crowds out what a
 * designer cannot download again. It still holds some hundreds of icons (an SVG is 1-5 kB).
 */
export const KEPT_DOWNLOADS_BUDGET = 2_000_000;
/** A file above this (a large raster) is kept for the session only: one must not evict hundreds. */
export const KEPT_DOWNLOAD_MAX = 256 * 1024;
/** KEPT_DOWNLOAD_MAX bytes as base64 (4 characters for every 3 bytes). */
export const KEPT_DATA_MAX_CHARS = Math.ceil(KEPT_DOWNLOAD_MAX / 3) * 4;
export const KEPT_DOWNLOADS_MAX_ENTRIES = 1000;

/** An entry's size as stored (its fields as JSON text, plus the punctuation around them). */
export function keptWeight(entry: KeptDownload): number {
  return entry.key.length + entry.type.length + entry.data.length + 32;
}

/** The entries, most recently used first, that fit the budget: the newest kept, the rest left out. */
export function withinKeptBudget(entries: readonly KeptDownload[]): KeptDownload[] {
  const kept: KeptDownload[] = [];
  let total = 0;
  for (const entry of entries.slice(0, KEPT_DOWNLOADS_MAX_ENTRIES)) {
    const weight = keptWeight(entry);
    if (entry.data.length > KEPT_DATA_MAX_CHARS || total + weight > KEPT_DOWNLOADS_BUDGET) continue;
    kept.push(entry);
    total += weight;
  }
  return kept;
}
