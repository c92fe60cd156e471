// The ends of a preview grant (preview-grant.ts) on the proxy:
// - on every answer that names previews (search, reverse search, item), two headers: the caller's
//   grant for the current bucket, as the start of a link the window completes with the service's
//   URL, and the hosts it covers. The answer's body passes untouched; the window always holds the
//   grant of its latest answer, with no round trip of its own;
// - GET /relay/grant, behind the caller's token: the same as JSON, with its expiry, for a window
//   whose preview failed (to learn whether its grant is still the one) and for any other client;
// - the check in front of GET /relay/g: the grant must be this caller's (label and origin) and
//   current; the file is then fetched by signed-relay.ts exactly as for a signed link, which checks
//   the host allowlist, every redirect hop and the outbound address policy again.

import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../../api/contract/errors";
import type { ProxyEnv } from "../context";
import { proxyOrigin } from "../forward";
import { OPEN_ACCESS_LABEL } from "../middleware/caller-auth";
import { GRANTED_PREVIEW_PATH, type PreviewGrants } from "./preview-grant";

export interface GrantDeps {
  grants: PreviewGrants;
  relayHosts: ReadonlySet<string>;
  publicUrl?: string;
}

export const GRANT_HEADER = "X-Preview-Grant";
export const GRANT_HOSTS_HEADER = "X-Preview-Hosts";

async function grantLink(deps: GrantDeps, c: Context<ProxyEnv>) {
  const origin = proxyOrigin(c, deps.publicUrl);
  const grant = await deps.grants.grant(c.get("tokenLabel") ?? OPEN_ACCESS_LABEL, origin);
  return { link: `${origin}${GRANTED_PREVIEW_PATH}?${grant.query}&u=`, expiresAtMs: grant.expiresAtMs };
}

/**
 * The service's Cache-Control for an answer that now carries one caller's grant: never `public` or
 * `s-maxage`, so a shared cache in front of the proxy (a CDN) cannot hand one team's grant to
 * another; the browser may still keep it for as long as the service said.
 */
export function privateCacheControl(serviceValue: string | null): string {
  const kept = (serviceValue ?? "")
    .split(",")
    .map((directive) => directive.trim())
    .filter((directive) => directive !== "" && !/^(public|private|s-maxage\b)/i.test(directive));
  return ["private", ...kept].join(", ");
}

/** Puts the caller's grant on a successful answer's headers; its body is not touched. */
export function grantHeaders(deps: GrantDeps): MiddlewareHandler<ProxyEnv> {
  const hosts = [...deps.relayHosts].join(", ");
  return async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const headers = c.res.headers;
    headers.set(GRANT_HEADER, (await grantLink(deps, c)).link);
    headers.set(GRANT_HOSTS_HEADER, hosts);
    headers.set("cache-control", privateCacheControl(headers.get("cache-control")));
    headers.append("vary", "Authorization");
  };
}

/** GET /relay/grant: `{response: {link, hosts, expires_at}}`; the window appends encodeURIComponent(url) to link. */
export function grantAnswer(deps: GrantDeps) {
  const hosts = [...deps.relayHosts];
  return async (c: Context<ProxyEnv>): Promise<Response> => {
    const { link, expiresAtMs } = await grantLink(deps, c);
    const body = { response: { link, hosts, expires_at: new Date(expiresAtMs).toISOString() } };
    // A grant is the caller's own: never kept by a shared cache.
    return c.json(body, 200, { "cache-control": "private, no-store" });
  };
}

/** Checks the grant and records whose it is (for the budget and the log) before the budget is spent. */
export function verifyGrant(deps: GrantDeps): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const query = new URL(c.req.url).searchParams;
    const verdict = await deps.grants.verify(query, proxyOrigin(c, deps.publicUrl));
    if (!verdict.ok) throw new ApiError(verdict.status, verdict.reason, verdict.message);
    c.set("tokenLabel", verdict.label);
    c.set("signedPreview", { url: verdict.url, expiresAtMs: verdict.expiresAtMs });
    await next();
  };
}
