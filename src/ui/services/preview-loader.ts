// Previews are fetched, not linked: the proxy's relay wants the access token, which an <img src>
// cannot send. A few load at a time, newest first (the cells just scrolled into view), and a cell
// that left the screen before its turn is skipped. A 429 pauses every preview for Retry-After, so
// previews back off together instead of hammering the proxy. Each file becomes an object URL in a
// bounded cache, so scrolling back costs no request; the oldest are revoked as new ones arrive.

import type { FetchFile } from "./fetch-file";

export interface PreviewSource {
  /** Read per load: settings may have pointed the client at another proxy meanwhile. */
  file: () => FetchFile;
  max?: number;
  concurrency?: number;
}

export type LoadPreview = (url: string, signal?: AbortSignal) => Promise<string>;

export function createPreviewLoader(source: PreviewSource): LoadPreview {
  const cache = new Map<string, Promise<string>>();
  const max = source.max ?? 600;
  const waiting: (() => Promise<void>)[] = [];
  let active = 0;
  let pausedUntil = 0;

  function pump() {
    const wait = pausedUntil - Date.now();
    if (wait > 0) {
      setTimeout(pump, wait);
      return;
    }
    while (active < (source.concurrency ?? 6) && waiting.length) {
      const task = waiting.pop() as () => Promise<void>;
      active++;
      void task().finally(() => {
        active--;
        pump();
      });
    }
  }

  async function load(url: string): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await source.file()(url);
        return URL.createObjectURL(await response.blob());
      } catch (caught) {
        const seconds = (caught as { retryAfterSeconds?: number }).retryAfterSeconds;
        if ((caught as { reason?: string }).reason !== "rate_limit_exceeded" || attempt > 2) throw caught;
        pausedUntil = Math.max(pausedUntil, Date.now() + Math.min(30, seconds ?? 2) * 1000);
        await new Promise((resolve) => setTimeout(resolve, pausedUntil - Date.now()));
      }
    }
  }

  return (url, signal) => {
    const key = url;
    const hit = cache.get(key);
    if (hit) return hit;
    const loading = new Promise<string>((resolve, reject) => {
      waiting.push(() =>
        signal?.aborted ? Promise.resolve(reject(signal.reason)) : load(url).then(resolve, reject),
      );
    });
    // A failure or a skipped turn is not cached: the next time the cell shows, it tries again.
    loading.catch(() => cache.delete(key));
    cache.set(key, loading);
    while (cache.size > max) {
      const [oldest, objectUrl] = cache.entries().next().value ?? [];
      if (oldest === undefined) break;
      cache.delete(oldest);
      void objectUrl?.then(URL.revokeObjectURL, () => undefined);
    }
    pump();
    return loading;
  };
}
