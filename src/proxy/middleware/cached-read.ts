// Serves an identical read from the cache, or stores a fresh 200 for the next caller. The service's
// X-RateLimit-* figures are not kept: replayed later they would describe a minute that is over.

import type { MiddlewareHandler } from "hono";
import type { ProxyEnv } from "../context";
import { readBytes } from "../read-body";
import { freshnessMs, READ_CACHE_LIMITS, type ReadStore, readCacheKey } from "../read-cache";
import { replaceResponse } from "../replace-response";

const NOT_REPLAYED = /^(x-ratelimit-|x-request-id$|content-length$|age$)/i;

export function cachedRead(
  cache: ReadStore,
  defaultTtlMs: number,
  now: () => number = Date.now,
): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    // HEAD reaches GET routes too; its empty answer must never be stored for a GET.
    if (defaultTtlMs <= 0 || c.req.method !== "GET") return next();
    const key = readCacheKey(c.req.path, new URL(c.req.url).searchParams);
    const hit = await cache.get(key);
    if (hit) {
      c.set("cache", "hit");
      const headers = new Headers(hit.headers);
      headers.set("age", String(Math.floor((now() - hit.storedAt) / 1000)));
      headers.set("content-length", String(hit.body.byteLength));
      return new Response(hit.body, { status: hit.status, headers });
    }
    c.set("cache", "miss");
    await next();
    const response = c.res;
    if (response.status !== 200) return;
    const ttl = freshnessMs(response.headers.get("cache-control"), defaultTtlMs, READ_CACHE_LIMITS.maxTtlMs);
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (ttl <= 0 || declared > READ_CACHE_LIMITS.maxEntryBytes) return;
    const body = await readBytes(response.body);
    const headers = [...response.headers.entries()].filter(([name]) => !NOT_REPLAYED.test(name));
    const storedAt = now();
    await cache.set(key, { status: 200, headers, body, storedAt, expiresAt: storedAt + ttl });
    await replaceResponse(c, new Response(body, { status: 200, headers: response.headers }));
  };
}
