// The thin handler behind every v3 route: the caller's request, reduced to the headers the service
// understands, plus the proxy's credentials, streamed to the service; its answer streamed back with
// the headers the caller needs. An error answer that is not the v3 envelope is turned into one
// (error-answers.ts).

import type { Context } from "hono";
import type { ProxyEnv } from "./context";
import { envelopedError } from "./error-answers";
import { type LocationSpace, passedHeaders, rewriteLocation } from "./response-headers";
import { callUpstream, type UpstreamSettings, upstreamUrl, withCredentials } from "./upstream-call";

const PASSED_REQUEST_HEADERS = [
  "accept",
  "accept-language",
  "content-type",
  "idempotency-key",
  "x-project-reference",
];

export interface ForwardDeps {
  settings: UpstreamSettings;
  /** The proxy's public origin, when the operator set one; else each request's own origin. */
  publicUrl?: string;
  relayHosts: ReadonlySet<string>;
}

export interface ForwardOptions {
  /** Record the caller's token label as X-Project-Reference when the caller sent none (AI usage). */
  projectReferenceFromLabel?: boolean;
}

export function proxyOrigin(c: Context, publicUrl: string | undefined): string {
  return publicUrl ?? new URL(c.req.url).origin;
}

function upstreamRequest(
  c: Context<ProxyEnv>,
  deps: ForwardDeps,
  options: ForwardOptions,
  signal: AbortSignal,
): Request {
  const incoming = c.req.raw;
  const headers = new Headers();
  for (const name of PASSED_REQUEST_HEADERS) {
    const value = incoming.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const label = c.get("tokenLabel");
  if (options.projectReferenceFromLabel && !headers.has("x-project-reference") && label !== undefined) {
    headers.set("x-project-reference", label);
  }
  // Bodies are passed as they arrive; a compressed answer would only be decoded here again.
  headers.set("accept-encoding", "identity");
  withCredentials(deps.settings, headers);
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD" && incoming.body !== null;
  const length = incoming.headers.get("content-length");
  if (hasBody && length !== null) headers.set("content-length", length);
  const query = incoming.method === "GET" ? new URL(incoming.url).search : "";
  return new Request(upstreamUrl(deps.settings, `${c.req.path}${query}`), {
    method: incoming.method,
    headers,
    body: hasBody ? incoming.body : null,
    duplex: "half",
    redirect: "manual",
    signal,
  } as RequestInit);
}

export function forward(deps: ForwardDeps, options: ForwardOptions = {}) {
  return async (c: Context<ProxyEnv>): Promise<Response> => {
    const { response, ms } = await callUpstream(
      deps.settings,
      (signal) => upstreamRequest(c, deps, options, signal),
      c.req.raw.signal,
    );
    c.set("upstreamMs", ms);
    const headers = passedHeaders(response.headers);
    const location = response.headers.get("location");
    if (location !== null) {
      const space: LocationSpace = {
        upstreamBase: deps.settings.baseUrl,
        proxyOrigin: proxyOrigin(c, deps.publicUrl),
        relayHosts: deps.relayHosts,
      };
      headers.set("location", rewriteLocation(location, space));
    }
    if (response.status >= 400) return envelopedError(response, headers);
    return new Response(response.body, { status: response.status, headers });
  };
}
