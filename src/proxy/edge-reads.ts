// The read cache on Cloudflare Workers: the location's Cache API instead of each isolate's memory, so
// every isolate of a location answers an identical read from one copy. Each answer is kept as the
// service sent it (its own Cache-Control included) for as long as freshnessMs allowed; the Cache API
// is told that lifetime, and the entry is checked against it again when read.
//
// Caches on a workers.dev subdomain keep nothing (Cloudflare's rule): there every read reaches the
// service, as with the cache off.

import type { CachedRead, ReadStore } from "./read-cache";

/** What the Workers runtime's `caches.default` offers that is used here. */
export interface EdgeCacheLike {
  match(key: string): Promise<Response | undefined>;
  put(key: string, response: Response): Promise<void>;
}

/** The kept answer's own figures, beside its body. */
const META = "x-assetport-read";

interface Meta {
  headers: [string, string][];
  storedAt: number;
  expiresAt: number;
}

/**
 * `scope` keeps deployments in front of different services apart (the upstream's origin); `now` is
 * the clock freshness is judged by.
 */
export function edgeReads(cache: EdgeCacheLike, scope: string, now: () => number = Date.now): ReadStore {
  const keyUrl = (key: string) => `https://read-cache.assetport.internal/${encodeURIComponent(scope)}${key}`;
  return {
    async get(key) {
      const kept = await cache.match(keyUrl(key));
      const raw = kept?.headers.get(META);
      if (!kept || !raw) return undefined;
      const meta = JSON.parse(raw) as Meta;
      if (meta.expiresAt <= now()) return undefined;
      const body = new Uint8Array(await kept.arrayBuffer());
      return { status: 200, headers: meta.headers, body, storedAt: meta.storedAt, expiresAt: meta.expiresAt };
    },
    async set(key, entry: CachedRead) {
      const seconds = Math.max(1, Math.floor((entry.expiresAt - entry.storedAt) / 1000));
      const meta: Meta = { headers: entry.headers, storedAt: entry.storedAt, expiresAt: entry.expiresAt };
      const response = new Response(entry.body, {
        headers: {
          "cache-control": `public, max-age=${seconds}`,
          "content-type": "application/octet-stream",
          [META]: JSON.stringify(meta),
        },
      });
      await cache.put(keyUrl(key), response);
    },
  };
}
