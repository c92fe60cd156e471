// Which of the service's response headers reach the caller, and Location mapped into the proxy's URL
// space. Anything not listed (cookies, server banners, hop-by-hop headers) stays behind.

export const PASSED_RESPONSE_HEADERS = [
  "content-type",
  "content-length",
  "content-disposition",
  "cache-control",
  "etag",
  "last-modified",
  "expires",
  "retry-after",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "x-credits-consumed",
];

const PASSED = new Set(PASSED_RESPONSE_HEADERS);

/**
 * The same as passedHeaders, done on `headers` itself: for an answer the proxy made its own (its
 * body guarded in upstream-call.ts), so it is passed on as it is rather than built a second time.
 */
export function keepPassedHeaders(headers: Headers): void {
  const encoded = headers.has("content-encoding");
  for (const name of [...headers.keys()]) if (!PASSED.has(name)) headers.delete(name);
  if (encoded) headers.delete("content-length");
  headers.set("x-content-type-options", "nosniff");
}

export function passedHeaders(from: Headers): Headers {
  const headers = new Headers();
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = from.get(name);
    if (value !== null) headers.set(name, value);
  }
  // fetch() has already decoded a compressed body, so its encoding and length no longer describe it.
  if (from.has("content-encoding")) headers.delete("content-length");
  headers.set("x-content-type-options", "nosniff");
  return headers;
}

export interface LocationSpace {
  /** The service's base URL (no trailing slash). */
  upstreamBase: string;
  /** The proxy's origin as the caller sees it. */
  proxyOrigin: string;
  /** Hosts whose files are reached through /relay. */
  relayHosts: ReadonlySet<string>;
}

/**
 * /v3 locations of the service become the same path on the proxy; file locations on a relayed host
 * become a /relay URL; anything else is passed as an absolute URL.
 */
export function rewriteLocation(location: string, space: LocationSpace): string {
  const base = new URL(space.upstreamBase);
  let target: URL;
  try {
    target = new URL(location, `${space.upstreamBase}/`);
  } catch {
    return location;
  }
  const prefix = base.pathname.replace(/\/$/, "");
  if (target.origin === base.origin && target.pathname.startsWith(`${prefix}/v3/`)) {
    return `${space.proxyOrigin}${target.pathname.slice(prefix.length)}${target.search}`;
  }
  if (space.relayHosts.has(target.host))
    return `${space.proxyOrigin}/relay?url=${encodeURIComponent(target.href)}`;
  return target.href;
}
