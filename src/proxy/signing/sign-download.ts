// The link an api-download answer hands out, made fetchable by any client of the proxy. The service's
// download_url points at its file host; in front of the embedded local API that host is not even on
// the network (http://local-api.invalid/...), and a plugin's sandbox may reach no file host at all.
// A download_url on a relayed host becomes a signed /relay/p link on this proxy (preview-signer.ts:
// no token needed, spent against the caller's label, expiring within the hour), with the service's
// own kept beside it as source_download_url, and expires_at no later than the link. A URL on any
// other host is left as the service gave it.

import type { Context, MiddlewareHandler } from "hono";
import type { ProxyEnv } from "../context";
import { proxyOrigin } from "../forward";
import { OPEN_ACCESS_LABEL } from "../middleware/caller-auth";
import { readText } from "../read-body";
import { replaceResponse } from "../replace-response";
import type { PreviewSigner } from "./preview-signer";

export interface SignDownloadDeps {
  signer: PreviewSigner;
  /** URL.host values whose files /relay/p may fetch. */
  relayHosts: ReadonlySet<string>;
  publicUrl?: string;
}

/** An api-download answer is a few hundred bytes; anything larger passes untouched. */
const MAX_BODY = 64 * 1024;

function relayable(value: unknown, hosts: ReadonlySet<string>): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    if ((url.protocol === "http:" || url.protocol === "https:") && hosts.has(url.host)) return url.href;
  } catch {
    // Not a URL: left as it is.
  }
  return undefined;
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && /^application\/([\w.-]+\+)?json\b/i.test(contentType);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The records holding a download_url: response.download (the spec's), or response itself (a guess kept in src/api/shapes.ts). */
function linkHolders(body: unknown): Record<string, unknown>[] {
  const response = (body as { response?: unknown } | undefined)?.response;
  if (response === null || typeof response !== "object") return [];
  const download = (response as { download?: unknown }).download;
  const holders = [response as Record<string, unknown>];
  if (download !== null && typeof download === "object") holders.push(download as Record<string, unknown>);
  return holders;
}

/** The earlier of the service's expiry (an ISO time, when it gave one) and ours, as an ISO time. */
function earlier(theirs: unknown, oursMs: number): string {
  const theirsMs = typeof theirs === "string" ? Date.parse(theirs) : Number.NaN;
  return new Date(Number.isFinite(theirsMs) ? Math.min(theirsMs, oursMs) : oursMs).toISOString();
}

export function signDownloadLink(deps: SignDownloadDeps): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    await next();
    const answer = c.res;
    if (answer.status !== 200 || !isJson(answer.headers.get("content-type"))) return;
    if (Number(answer.headers.get("content-length") ?? "0") > MAX_BODY) return;
    const text = await readText(answer.body);
    const body = parsed(text);
    const label = c.get("tokenLabel") ?? OPEN_ACCESS_LABEL;
    const origin = proxyOrigin(c, deps.publicUrl);
    let signed = 0;
    for (const holder of linkHolders(body)) {
      const url = relayable(holder.download_url, deps.relayHosts);
      if (url === undefined) continue;
      const link = await deps.signer.sign(url, label, origin);
      holder.source_download_url = url;
      holder.download_url = link;
      // A client keeping the link for a retry must not count on it past our signature's expiry.
      holder.expires_at = earlier(holder.expires_at, Number(new URL(link).searchParams.get("e")) * 1000);
      signed++;
    }
    await answerWith(c, new Headers(answer.headers), signed > 0 ? JSON.stringify(body) : undefined, text);
  };
}

/**
 * The answer again after its body was read: the service's own text when nothing in it changed,
 * else `rewritten`, without the service's length and validator, which describe its text.
 */
async function answerWith(
  c: Context<ProxyEnv>,
  headers: Headers,
  rewritten: string | undefined,
  original: string,
): Promise<void> {
  if (rewritten === undefined) {
    await replaceResponse(c, new Response(original, { status: 200, headers }));
    return;
  }
  headers.delete("content-length");
  headers.delete("etag");
  await replaceResponse(c, new Response(rewritten, { status: 200, headers }));
}
