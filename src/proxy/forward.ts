// The thin handler behind every v3 route: the caller's request, reduced to the headers the service
// understands, plus the proxy's credentials, streamed to the service; its answer streamed back with
// the headers the caller needs. An error answer that is not the v3 envelope is turned into one
// (error-answers.ts). What names a team's work is the team's own: the Idempotency-Key is scoped to
// the caller's label, X-Project-Reference starts with it (scope/).

import type { Context } from "hono";
import type { ProxyEnv } from "./context";
import { envelopedError } from "./error-answers";
import { keepPassedHeaders, type LocationSpace, passedHeaders, rewriteLocation } from "./response-headers";
import { callerLabel } from "./scope/caller-label";
import { projectReference } from "./scope/project-reference";
import type { TeamScope } from "./signing/team-scope";
import { callUpstream, type UpstreamSettings, upstreamUrl, withCredentials } from "./upstream-call";

const PASSED_REQUEST_HEADERS = ["accept", "accept-language", "content-type"];

export interface ForwardDeps {
  settings: UpstreamSettings;
  /** The proxy's public origin, when the operator set one; else each request's own origin. */
  publicUrl?: string;
  relayHosts: ReadonlySet<string>;
  scope: TeamScope;
  /** Spends the caller's team's share of the service's limit, or throws its 429 (rate-limit.ts). */
  spend?: (c: Context<ProxyEnv>) => Promise<void>;
}

export interface ForwardOptions {
  /** Record the caller's token label as X-Project-Reference even when the caller sent none (AI usage). */
  projectReferenceFromLabel?: boolean;
}

/** The headers that name a team's work, as the service is sent them. */
async function teamHeaders(
  c: Context<ProxyEnv>,
  deps: ForwardDeps,
  options: ForwardOptions,
): Promise<Headers> {
  const headers = new Headers();
  const label = callerLabel(c);
  const key = c.req.header("idempotency-key");
  // Two teams that choose the same key must never get each other's work.
  if (key !== undefined) headers.set("idempotency-key", await deps.scope.idempotencyKey(label, key));
  const reference = projectReference(
    label,
    c.req.header("x-project-reference") ?? null,
    options.projectReferenceFromLabel ?? false,
  );
  if (reference !== undefined) headers.set("x-project-reference", reference);
  return headers;
}

export function proxyOrigin(c: Context, publicUrl: string | undefined): string {
  return publicUrl ?? new URL(c.req.url).origin;
}

function upstreamRequest(
  c: Context<ProxyEnv>,
  deps: ForwardDeps,
  team: Headers,
  signal: AbortSignal,
): Request {
  const incoming = c.req.raw;
  const headers = new Headers(team);
  for (const name of PASSED_REQUEST_HEADERS) {
    const value = incoming.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  // Bodies are passed as they arrive; a compressed answer would only be decoded here again.
  headers.set("accept-encoding", "identity");
  withCredentials(deps.settings, headers);
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD" && incoming.body !== null;
  const length = incoming.headers.get("content-length");
  if (hasBody && length !== null) headers.set("content-length", length);
  const query = incoming.method === "GET" ? new URL(incoming.url).search : "";
  const path = c.get("upstreamPath") ?? c.req.path;
  return new Request(upstreamUrl(deps.settings, `${path}${query}`), {
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
    const team = await teamHeaders(c, deps, options);
    await deps.spend?.(c);
    const { response, ms, own } = await callUpstream(
      deps.settings,
      (signal) => upstreamRequest(c, deps, team, signal),
      c.req.raw.signal,
    );
    c.set("upstreamMs", ms);
    const location = response.headers.get("location");
    // The usual answer (a body, no redirect, no error) is passed on as callUpstream made it.
    if (own && location === null && response.status < 400) {
      keepPassedHeaders(response.headers);
      return response;
    }
    const headers = passedHeaders(response.headers);
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
