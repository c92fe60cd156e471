// Where the window's requests go and with which token, from the stored settings and what the build
// baked in. Pure and small: the settings store and the page's first script (boot/first-search.ts),
// which sends the first search before the store exists, both read it, so they cannot disagree.

import { BAKED_ACCESS_TOKEN, BAKED_PROXY_URLS } from "../config";

/** What the build baked in (config.ts); tests pass their own. */
export interface BakedConnection {
  /** The proxy origins the manifest lets the plugin reach, the default first (never empty). */
  proxyUrls: readonly string[];
  accessToken: string;
}

export const BAKED_CONNECTION: BakedConnection = {
  proxyUrls: BAKED_PROXY_URLS,
  accessToken: BAKED_ACCESS_TOKEN,
};

/** An http(s) origin, or undefined: the proxy is addressed by origin only. */
export function normaliseProxyUrl(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** The baked origin a stored value names, else the default: never an origin Figma would block. */
export function chosenProxyUrl(stored: string, proxyUrls: readonly string[]): string {
  const origin = normaliseProxyUrl(stored);
  return origin !== undefined && proxyUrls.includes(origin) ? origin : proxyUrls[0]!;
}

/** A stored server the build does not offer (what requests no longer go to), else undefined. */
export function strandedServer(stored: string, proxyUrls: readonly string[]): string | undefined {
  const text = stored.trim();
  if (text === "") return undefined;
  const origin = normaliseProxyUrl(text);
  return origin !== undefined && proxyUrls.includes(origin) ? undefined : (origin ?? text);
}

/**
 * The token sent: the designer's, else the one baked in by `npm start`, and each only to the proxy
 * it was meant for: the designer's not to the default a stranded server fell back to, the local
 * one not to any proxy but the default.
 */
export function sentToken(stored: { proxyUrl: string; accessToken: string }, baked: BakedConnection): string {
  const own = stored.accessToken.trim();
  if (own !== "" && strandedServer(stored.proxyUrl, baked.proxyUrls) === undefined) return own;
  return chosenProxyUrl(stored.proxyUrl, baked.proxyUrls) === baked.proxyUrls[0] ? baked.accessToken : "";
}
