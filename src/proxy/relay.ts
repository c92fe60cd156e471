// GET /relay?url=...: fetches a signed file (download, conversion or AI result) for a caller whose
// sandbox may not reach the file's host; signing/signed-relay.ts serves previews the same way. Only the service's own origin and the file
// hosts the operator listed are relayed; redirects are followed one hop at a time and every hop is
// checked again, so the relay is neither an open proxy nor a way into the operator's network.
// No credentials are ever sent: the URLs are signed.

import type { Context } from "hono";
import { ApiError, isApiError } from "../api/contract/errors";
import type { ProxyEnv, Upstream } from "./context";
import { envelopedError } from "./error-answers";
import { isApiPath } from "./relay-paths";
import { passedHeaders } from "./response-headers";
import {
  checkOutboundHost,
  MAX_REDIRECTS,
  type OutboundPolicy,
  parseHttpUrl,
  refuseUrl,
} from "./ssrf/outbound-url";
import { callUpstream, type UpstreamSettings } from "./upstream-call";

export interface RelayDeps {
  settings: UpstreamSettings;
  /** URL.host values that may be relayed: the service's own and UPSTREAM_FILE_HOSTS. */
  relayHosts: ReadonlySet<string>;
  policy: OutboundPolicy;
  /** How files on the listed file hosts are fetched (global fetch by default). */
  fetchFile: Upstream;
}

function fileRequest(url: URL, incoming: Request, signal: AbortSignal): Request {
  const headers = new Headers({ "accept-encoding": "identity" });
  for (const name of ["accept", "range", "if-none-match", "if-modified-since"]) {
    const value = incoming.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Request(url, { headers, redirect: "manual", signal });
}

/**
 * Fetches `start` from a relayed host, following redirects one checked hop at a time. Shared by the
 * token-authenticated /relay and the signed /relay/p: both re-check the host allowlist here.
 */
export async function relayFile(deps: RelayDeps, c: Context<ProxyEnv>, start: URL): Promise<Response> {
  const serviceOrigin = new URL(deps.settings.baseUrl).origin;
  const servicePrefix = new URL(deps.settings.baseUrl).pathname.replace(/\/$/, "");
  let url = start;
  let totalMs = 0;
  for (let hop = 0; ; hop++) {
    if (!deps.relayHosts.has(url.host))
      throw refuseUrl("url", `${url.host} is not a file host this proxy relays`);
    const ownService = url.origin === serviceOrigin;
    // The relay carries files, never API calls (those go through the v3 routes with credentials).
    if (ownService && isApiPath(url.pathname, servicePrefix))
      throw refuseUrl("url", "API paths are not relayed");
    await checkOutboundHost("url", url, deps.policy);
    const fetcher = ownService ? deps.settings.upstream : deps.fetchFile;
    const { response, ms } = await callUpstream(
      { ...deps.settings, upstream: fetcher },
      (signal) => fileRequest(url, c.req.raw, signal),
      c.req.raw.signal,
    ).catch((error: unknown) => {
      // Who could not be reached, in the same words whatever the socket said (no port oracle).
      if (!ownService && isApiError(error) && error.reason === "network_error")
        throw new ApiError(502, "network_error", "The file host could not be reached.");
      throw error;
    });
    totalMs += ms;
    c.set("upstreamMs", totalMs);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status <= 399 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw refuseUrl("url", `more than ${MAX_REDIRECTS} redirects`);
      url = parseHttpUrl("url", new URL(location, url).href);
      continue;
    }
    const headers = passedHeaders(response.headers);
    for (const name of ["accept-ranges", "content-range"]) {
      const value = response.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    if (response.status < 400) return new Response(response.body, { status: response.status, headers });
    return envelopedError(response, headers, "The file host");
  }
}

/** GET /relay?url=...: for callers holding an access token (downloads, results). */
export function relay(deps: RelayDeps) {
  return (c: Context<ProxyEnv>): Promise<Response> =>
    relayFile(deps, c, parseHttpUrl("url", c.req.query("url")));
}
