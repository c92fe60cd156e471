// Downloads made once and reused: a file already fetched this session (same asset, format and size)
// is answered from memory, and two inserts of it at the same time share one download. A link paid
// for is remembered until its file arrives, so a failed or stopped file fetch is not paid again.
// Every reuse is counted with the credits it did not spend, for the credit meter's tooltip.

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

/** The service's two steps of a download. */
export interface DownloadSteps {
  /** Asks for the link (the step the service charges); `expiresAt` in ms since the epoch, when said. */
  link: () => Promise<{ url: string; expiresAt?: number }>;
  /** Fetches what the link points at. */
  file: (url: string) => Promise<CachedFile>;
}

interface PaidLink {
  url: string;
  /** When it is no longer used (ms since the epoch). */
  until: number;
}

/** A link is kept at most this long when the service does not say when it expires. */
const LINK_KEPT_MS = 10 * 60 * 1000;
/** A link this close to expiring is not used again: the file fetch would outlast it. */
const LINK_MARGIN_MS = 30 * 1000;

/** A file host's 4xx refuses the link itself; a timeout (408) or too many requests (429) do not. */
function linkRefused(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** `work`, or `signal`'s reason as soon as it is aborted (the work itself goes on). */
function until<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

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
  /** Reading what earlier sessions kept, once: every download waits for it, or it would pay again. */
  let loading: Promise<void> | undefined;
  let loaded = !kept;
  const load = () => {
    loading ??= (kept?.load().catch(() => undefined) ?? Promise.resolve()).then(() => {
      loaded = true;
    });
    return loading;
  };

  function noteReuse() {
    const now = saved.peek();
    saved.value = { downloads: now.downloads + 1, credits: now.credits + DOWNLOAD_CREDITS };
  }

  /** Links paid for whose file has not arrived yet, by download key, until they expire. */
  const links = new Map<string, PaidLink>();
  async function linkFor(id: string, steps: DownloadSteps): Promise<PaidLink> {
    const now = Date.now();
    for (const [other, link] of links) if (link.until <= now) links.delete(other);
    const known = links.get(id);
    if (known) return known;
    const answered = await steps.link();
    const link = {
      url: answered.url,
      until: Math.min(answered.expiresAt ?? Infinity, now + LINK_KEPT_MS) - LINK_MARGIN_MS,
    };
    links.set(id, link);
    return link;
  }

  async function downloadNow(id: string, download: () => Promise<CachedFile>): Promise<CachedFile> {
    const file = await download();
    cache.put(id, file);
    version.value += 1;
    kept?.changed();
    return file;
  }

  /** One download per key at a time; each caller waits for it under its own signal. */
  async function shared(
    id: string,
    download: () => Promise<CachedFile>,
    signal?: AbortSignal,
  ): Promise<{ file: CachedFile; reused: boolean }> {
    // Without kept files (or once read) a download starts at once, as its caller asked.
    if (!loaded) await until(load(), signal);
    const cached = cache.get(id);
    if (cached) {
      noteReuse();
      return { file: cached, reused: true };
    }
    const running = inFlight.get(id);
    if (running) {
      try {
        const file = await until(running, signal);
        noteReuse();
        return { file, reused: true };
      } catch (error) {
        if (signal?.aborted) throw error;
        // The other caller's download failed: that says nothing of this caller's, tried below.
      }
    }
    const started = downloadNow(id, download);
    inFlight.set(id, started);
    // Settled whether or not anyone still waits: no caller's abort leaves it unhandled.
    void started
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (inFlight.get(id) === started) inFlight.delete(id);
      });
    return { file: await until(started, signal), reused: false };
  }

  return {
    version,
    saved,
    /** Reads what earlier sessions kept (once, at start). */
    load,
    /** Whether `key` would be answered without a download (read inside a render to follow it). */
    isKept(key: DownloadKey): boolean {
      void version.value;
      return cache.has(keyOf(key));
    },
    /**
     * The file for `key`: kept, being downloaded (shared), or downloaded now by `download`.
     * `reused` is true when no download of its own was made (nothing was charged for it).
     * `signal` stops this caller's wait only: a download others share (or that is paid) goes on.
     */
    fetchOnce(
      key: DownloadKey,
      download: () => Promise<CachedFile>,
      signal?: AbortSignal,
    ): Promise<{ file: CachedFile; reused: boolean }> {
      return shared(keyOf(key), download, signal);
    },
    /**
     * As fetchOnce, in the service's two steps: the link (the charged step) is remembered until it
     * expires, so a file fetch that failed or was stopped is retried from it without paying again.
     */
    fetchLinked(
      key: DownloadKey,
      steps: DownloadSteps,
      signal?: AbortSignal,
    ): Promise<{ file: CachedFile; reused: boolean }> {
      const id = keyOf(key);
      return shared(
        id,
        async () => {
          const link = await linkFor(id, steps);
          try {
            const file = await steps.file(link.url);
            links.delete(id);
            return file;
          } catch (error) {
            // Refused (expired, revoked): asking it again cannot help, a new link can.
            if (linkRefused(error)) links.delete(id);
            throw error;
          }
        },
        signal,
      );
    },
    cache,
  };
}

export type DownloadsStore = ReturnType<typeof createDownloadsStore>;
