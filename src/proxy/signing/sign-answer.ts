// Rewrites the preview links in a search, reverse search or item answer into signed /relay/p links
// (preview-signer.ts), so the ui can show them with a plain <img src>. Every `urls` map found in the
// answer has each value on a relayed host (the service's own and UPSTREAM_FILE_HOSTS) replaced by
// its signed link; the untouched map is kept beside it as `source_urls`. Values on other hosts stay
// as they are. The walk looks for `urls` maps anywhere, not at one path, because the real service's
// answer shapes are only partly shown by the spec.
//
// It runs in front of the read cache: the cache keeps the service's answer as it came, and every
// answer, cached or not, is signed for the caller who asked (their label, the origin they reach the
// proxy at), so one team's links are never replayed to another.

import type { MiddlewareHandler } from "hono";
import type { ProxyEnv } from "../context";
import { proxyOrigin } from "../forward";
import { OPEN_ACCESS_LABEL } from "../middleware/caller-auth";
import { replaceResponse } from "../replace-response";
import type { PreviewSigner } from "./preview-signer";

/** Search and item answers are a few hundred KB at most; anything larger passes untouched. */
const MAX_SIGNED_BODY = 4 * 1024 * 1024;
const MAX_DEPTH = 8;

export interface SignAnswerDeps {
  signer: PreviewSigner;
  /** URL.host values whose files /relay/p may fetch. */
  relayHosts: ReadonlySet<string>;
  publicUrl?: string;
}

type Sign = (url: string) => Promise<string>;

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

/** Rewrites every `urls` map under `value` in place; returns how many links were signed. */
async function signUrlMaps(value: unknown, hosts: ReadonlySet<string>, sign: Sign): Promise<number> {
  const pending: Promise<void>[] = [];
  const visit = (node: unknown, depth: number) => {
    if (depth > MAX_DEPTH || node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    const urls = record.urls;
    if (urls !== null && typeof urls === "object" && !Array.isArray(urls)) {
      const map = urls as Record<string, unknown>;
      const original = { ...map };
      let signed = 0;
      for (const [name, raw] of Object.entries(map)) {
        const url = relayable(raw, hosts);
        if (url === undefined) continue;
        signed++;
        pending.push(
          sign(url).then((link) => {
            map[name] = link;
          }),
        );
      }
      if (signed > 0) record.source_urls = original;
    }
    for (const [name, child] of Object.entries(record)) if (name !== "urls") visit(child, depth + 1);
  };
  visit(value, 0);
  await Promise.all(pending);
  return pending.length;
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && /^application\/([\w.-]+\+)?json\b/i.test(contentType);
}

export function signPreviewLinks(deps: SignAnswerDeps): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    await next();
    const answer = c.res;
    if (c.req.method === "HEAD" || answer.status !== 200 || !isJson(answer.headers.get("content-type")))
      return;
    if (Number(answer.headers.get("content-length") ?? "0") > MAX_SIGNED_BODY) return;
    const bytes = new Uint8Array(await answer.arrayBuffer());
    const headers = new Headers(answer.headers);
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      body = undefined;
    }
    const label = c.get("tokenLabel") ?? OPEN_ACCESS_LABEL;
    const origin = proxyOrigin(c, deps.publicUrl);
    // One signature per distinct file: the same preview often appears under several keys.
    const links = new Map<string, Promise<string>>();
    const sign: Sign = (url) => {
      let link = links.get(url);
      if (!link) {
        link = deps.signer.sign(url, label, origin);
        links.set(url, link);
      }
      return link;
    };
    const signed = body === undefined ? 0 : await signUrlMaps(body, deps.relayHosts, sign);
    if (signed === 0) {
      await replaceResponse(c, new Response(bytes, { status: 200, headers }));
      return;
    }
    const out = new TextEncoder().encode(JSON.stringify(body));
    headers.set("content-length", String(out.byteLength));
    // The body is no longer the service's: its validator would describe another one.
    headers.delete("etag");
    await replaceResponse(c, new Response(out, { status: 200, headers }));
  };
}
