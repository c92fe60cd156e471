// GET /relay/p: a preview behind a signed link (preview-signer.ts). No access token: the signature is
// the authorisation, checked before anything else; the label it carries names the budget spent.
// The file is fetched exactly as /relay fetches (the host allowlist and every redirect hop checked
// again), and answered as immutable until the link expires, so the browser keeps it.

import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../../api/contract/errors";
import type { ProxyEnv } from "../context";
import { type RelayDeps, relayFile } from "../relay";
import { parseHttpUrl } from "../ssrf/outbound-url";
import type { PreviewSigner } from "./preview-signer";

/** Checks the link and records whose it is (for the budget and the log) before the budget is spent. */
export function verifyPreviewLink(signer: PreviewSigner): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const verdict = await signer.verify(new URL(c.req.url).searchParams);
    if (!verdict.ok) throw new ApiError(verdict.status, verdict.reason, verdict.message);
    c.set("tokenLabel", verdict.label);
    c.set("signedPreview", { url: verdict.url, expiresAtMs: verdict.expiresAtMs });
    await next();
  };
}

export function signedRelay(deps: RelayDeps, now: () => number = Date.now) {
  return async (c: Context<ProxyEnv>): Promise<Response> => {
    const preview = c.get("signedPreview");
    if (!preview) throw new ApiError(403, "invalid_signature", "This preview link was not checked.");
    const response = await relayFile(deps, c, parseHttpUrl("u", preview.url));
    if (response.status >= 400) {
      response.headers.set("cache-control", "no-store");
      return response;
    }
    // The link names one file until it expires: nothing to revalidate before then.
    const seconds = Math.max(0, Math.floor((preview.expiresAtMs - now()) / 1000));
    response.headers.set("cache-control", `public, max-age=${seconds}, immutable`);
    response.headers.delete("expires");
    return response;
  };
}
