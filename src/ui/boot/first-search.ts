// The window's first search, sent by the page's first script (early-ready-entry.ts) from the boot
// data alone: how the plugin was started and the stored settings. It leaves before the main
// script is parsed and before the stores exist (the main script costs ~100 ms on a designer's
// laptop), so the service answers while the window is built. The search store then asks for the
// very same page through the api, and the transport takes this answer instead of asking again
// (`withFirstSearch`). A request that differs in anything (another server, token, filter, page)
// is not this one and goes out as usual; an answer nobody claims is dropped. Nothing is made up:
// it is the service's own answer, read by the same client as any other.

import { encodeSearchQuery } from "../../api/contract/search-query";
import type { SearchParams } from "../../api/contract/spec-objects";
import { SEARCH_DEFAULT_ASSET } from "../../api/contract/tables";
import { SEARCH_PAGE } from "../search/search-page";
import { type BakedConnection, chosenProxyUrl, sentToken } from "../settings/connection";
import type { Boot } from "./boot-data";

/** The first search in flight: the request it stands for, and the service's answer. */
export interface FirstSearch {
  /** The request's URL as a Request spells it. */
  url: string;
  /** The authorization header it was sent with ("" for none). */
  authorization: string;
  response: Promise<Response>;
}

declare global {
  var __assetportFirstSearch: FirstSearch | undefined;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The first search's request, as the search store will ask it (search-store.ts: the default type,
 * no filters yet, the launch's words, its first page), when the window starts on a search that
 * needs nothing but the boot data: a quick action's words, or a first-ever home's browse. Replace
 * and Find similar read the selection first (start.ts): none for them, nor without stored settings.
 * Nor for a home the last window kept: its first frame paints that home, and its browse leaves
 * after it (main.tsx); sent now it would only take the service's time (on the local service, the
 * machine's) while the page is parsed, for nothing the designer waits for.
 */
export function firstSearchRequest(
  boot: Boot,
  baked: BakedConnection,
): { url: string; authorization: string } | undefined {
  const params = firstSearchParams(boot);
  const server = searchServer(boot, baked);
  if (!params || !server) return undefined;
  return { url: searchUrl(server.base, params), authorization: server.authorization };
}

/** The server the window searches first and the authorization it sends, from the stored settings. */
export function searchServer(
  boot: Boot,
  baked: BakedConnection,
): { base: string; authorization: string } | undefined {
  if (!boot.settings) return undefined;
  const stored = { proxyUrl: text(boot.settings.proxyUrl), accessToken: text(boot.settings.accessToken) };
  const base = chosenProxyUrl(stored.proxyUrl, baked.proxyUrls).replace(/\/+$/, "");
  const token = sentToken(stored, baked);
  return { base, authorization: token ? `Bearer ${token}` : "" };
}

/** The first search's params (see firstSearchRequest), when the boot data names one. */
export function firstSearchParams(boot: Boot): SearchParams | undefined {
  const launch = boot.launch;
  if (!boot.settings || (launch?.command !== "open" && launch?.command !== "search")) return undefined;
  if (!launch.query?.trim() && boot.home) return undefined;
  return {
    asset: SEARCH_DEFAULT_ASSET,
    ...(launch.query?.trim() ? { query: launch.query.trim() } : {}),
    per_page: SEARCH_PAGE,
    page: 1,
  };
}

/** A search's URL as the api client's Request spells it, on the server at `base`. */
export function searchUrl(base: string, params: SearchParams): string {
  return new URL(`${base}/v3/search?${encodeSearchQuery(params)}`).href;
}

/** Sends the first search now (the page's first script), when the boot data names one. */
export function sendFirstSearch(
  boot: Boot,
  baked: BakedConnection,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): FirstSearch | undefined {
  const request = firstSearchRequest(boot, baked);
  if (!request) return undefined;
  const headers: Record<string, string> = { accept: "application/json" };
  if (request.authorization) headers.authorization = request.authorization;
  const response = fetchImpl(request.url, { headers });
  // Claimed or not, a failure here is the transport's to report (it asks again when claimed).
  response.catch(() => undefined);
  return { ...request, response };
}

/**
 * The transport's fetch: the first GET for exactly the first search's URL, with the same
 * authorization, takes its answer (once); everything else goes to `fetchImpl`.
 */
export function withFirstSearch(
  first: FirstSearch | undefined,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): typeof fetch {
  let waiting = first;
  return (input, init) => {
    const held = waiting;
    if (
      held &&
      input instanceof Request &&
      input.method === "GET" &&
      input.url === held.url &&
      (input.headers.get("authorization") ?? "") === held.authorization
    ) {
      waiting = undefined;
      return held.response;
    }
    return fetchImpl(input, init);
  };
}
