// Downloads made once and reused: a file already fetched this session (same asset, format and size)
// is answered from memory, and two inserts of it at the same time share one download. Every reuse
// is counted with the credits it did not spend, for the credit meter's tooltip.

import { signal } from "@preact/signals";
import type { UiPort } from "../../messages/ui-port";
import { type CachedFile, createDownloadCache, type DownloadKey, keyOf } from "./download-cache";
import { createKeptDownloads, type KeptDownloads } from "./kept-downloads";

/**
 * What one download costs. A guess: the spec says downloads count against the period's spend
 * ceiling but shows no figure; the embedded service counts 1 credit each. The meter is read again
 * after every download, so a service that counts otherwise corrects it at once.
 */
export const DOWNLOAD_CREDITS = 1;

/**
 * The session's files in memory. Large enough for a working session's icons and a few big rasters;
 * a file alone above it (a 4096 px PNG can be) is simply not kept.
 */
export const MEMORY_BUDGET_BYTES = 16 * 1024 * 1024;

export interface Saved {
  /** Downloads answered from what was already downloaded. */
  downloads: number;
  /** Credits those downloads would have cost. */
  credits: number;
}

/** `port`: keep the files in clientStorage too, for the next sessions (without it, this session only). */
export function createDownloadsStore(options: { budgetBytes?: number; port?: Pick<UiPort, "request"> } = {}) {
  const cache = createDownloadCache(options.budgetBytes ?? MEMORY_BUDGET_BYTES);
  const inFlight = new Map<string, Promise<CachedFile>>();
  /** Bumped whenever the kept files change, so a cost shown ("free" or not) follows. */
  const version = signal(0);
  const kept: KeptDownloads | undefined = options.port
    ? createKeptDownloads(options.port, cache, () => {
        version.value += 1;
      })
    : undefined;
  const saved = signal<Saved>({ downloads: 0, credits: 0 });

  function noteReuse() {
    const now = saved.peek();
    saved.value = { downloads: now.downloads + 1, credits: now.credits + DOWNLOAD_CREDITS };
  }

  return {
    version,
    saved,
    /** Reads what earlier sessions kept (once, at start). */
    load: () => kept?.load() ?? Promise.resolve(),
    /** Whether `key` would be answered without a download (read inside a render to follow it). */
    isKept(key: DownloadKey): boolean {
      void version.value;
      return cache.has(keyOf(key));
    },
    /**
     * The file for `key`: kept, being downloaded (shared), or downloaded now by `download`.
     * `reused` is true when no download of its own was made (nothing was charged for it).
     */
    async fetchOnce(
      key: DownloadKey,
      download: () => Promise<CachedFile>,
    ): Promise<{ file: CachedFile; reused: boolean }> {
      const id = keyOf(key);
      const cached = cache.get(id);
      if (cached) {
        noteReuse();
        return { file: cached, reused: true };
      }
      const running = inFlight.get(id);
      if (running) {
        try {
          const file = await running;
          noteReuse();
          return { file, reused: true };
        } catch {
          // The other caller's download failed or was stopped (a drop refused, too slow): that says
          // nothing of this caller's, which is tried on its own below.
        }
      }
      const started = download();
      inFlight.set(id, started);
      try {
        const file = await started;
        cache.put(id, file);
        version.value += 1;
        kept?.changed();
        return { file, reused: false };
      } finally {
        if (inFlight.get(id) === started) inFlight.delete(id);
      }
    },
    cache,
  };
}

export type DownloadsStore = ReturnType<typeof createDownloadsStore>;
