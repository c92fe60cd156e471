// The download cache's copy in clientStorage (through the plugin), so a file paid for in one session
// is reused in the next. Read once at start; written, newest first and within its budget, a moment
// after each new download (several inserts in a row make one write). Whatever was stored is checked
// entry by entry: a damaged entry is skipped, never trusted and never a crash.

import { KEPT_DOWNLOAD_MAX, type KeptDownload, withinKeptBudget } from "../../messages/kept-downloads";
import type { UiPort } from "../../messages/ui-port";
import type { CachedFile, DownloadCache } from "./download-cache";

const WRITE_DELAY_MS = 300;

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  // In slices: String.fromCharCode takes its characters as arguments, and arguments are bounded.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A stored entry as a cached file, or null when it is not one (damaged, or from another version). */
export function readKept(entry: unknown): { key: string; file: CachedFile } | null {
  if (typeof entry !== "object" || entry === null) return null;
  const { key, type, data } = entry as Record<string, unknown>;
  if (typeof key !== "string" || key === "" || typeof type !== "string" || type === "") return null;
  if (typeof data !== "string") return null;
  try {
    const bytes = fromBase64(data);
    if (bytes.byteLength > KEPT_DOWNLOAD_MAX) return null;
    return { key, file: { bytes, contentType: type } };
  } catch {
    return null;
  }
}

export function createKeptDownloads(
  port: Pick<UiPort, "request">,
  cache: DownloadCache,
  onLoaded: () => void,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function write() {
    timer = undefined;
    const entries: KeptDownload[] = [];
    for (const [key, file] of cache.entries()) {
      if (file.bytes.byteLength > KEPT_DOWNLOAD_MAX) continue;
      entries.push({ key, type: file.contentType, data: toBase64(file.bytes) });
    }
    try {
      await port.request("storage-set", { key: "kept-downloads", value: withinKeptBudget(entries) });
    } catch {
      // Not kept for next time: this session's copy still serves, and nothing was lost.
    }
  }

  return {
    /** Adds what earlier sessions kept, under what this one already has. */
    async load(): Promise<void> {
      let stored: unknown;
      try {
        stored = (await port.request("storage-get", { key: "kept-downloads" })).value;
      } catch {
        return;
      }
      if (!Array.isArray(stored)) return;
      // Stored newest first: put the oldest in first so the newest end as the most recently used.
      for (const entry of [...stored].reverse()) {
        const kept = readKept(entry);
        if (kept && !cache.has(kept.key)) cache.put(kept.key, kept.file);
      }
      onLoaded();
    },
    /** A new file was downloaded: store the cache a moment later. */
    changed() {
      if (timer === undefined) timer = setTimeout(() => void write(), WRITE_DELAY_MS);
    },
  };
}

export type KeptDownloads = ReturnType<typeof createKeptDownloads>;
