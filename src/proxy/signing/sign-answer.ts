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

import type { Context, MiddlewareHandler } from "hono";
import type { ProxyEnv } from "../context";
import { proxyOrigin } from "../forward";
import { OPEN_ACCESS_LABEL } from "../middleware/caller-auth";
import { readText } from "../read-body";
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

/** The signed link for a preview URL: at once when this caller was given it before, else made. */
type Sign = (raw: unknown) => string | Promise<string> | undefined;

export function relayable(value: unknown, hosts: ReadonlySet<string>): string | undefined {
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
async function signUrlMaps(value: unknown, sign: Sign): Promise<number> {
  const pending: Promise<void>[] = [];
  let count = 0;
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
      for (const name in original) {
        const link = sign(original[name]);
        if (link === undefined) continue;
        signed++;
        if (typeof link === "string") map[name] = link;
        else
          pending.push(
            link.then((made) => {
              map[name] = made;
            }),
          );
      }
      if (signed > 0) record.source_urls = original;
      count += signed;
    }
    for (const name in record) if (name !== "urls") visit(record[name], depth + 1);
  };
  visit(value, 0);
  await Promise.all(pending);
  return count;
}

export function isJson(contentType: string | null): boolean {
  return contentType !== null && /^application\/([\w.-]+\+)?json\b/i.test(contentType);
}

export function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function signPreviewLinks(deps: SignAnswerDeps): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    await next();
    const answer = c.res;
    if (c.req.method === "HEAD" || answer.status !== 200 || !isJson(answer.headers.get("content-type")))
      return;
    if (Number(answer.headers.get("content-length") ?? "0") > MAX_SIGNED_BODY) return;
    const text = await readText(answer.body);
    const headers = new Headers(answer.headers);
    const body = parsed(text);
    const label = c.get("tokenLabel") ?? OPEN_ACCESS_LABEL;
    const origin = proxyOrigin(c, deps.publicUrl);
    // Links this caller was given before in this bucket are reused as they are (a URL in that map
    // was relayable when it was signed); anything else is checked against the hosts and signed. The
    // signer shares one signature among the keys naming the same file while it is being made.
    const known = deps.signer.remembered(label, origin);
    const sign: Sign = (raw) => {
      if (typeof raw !== "string") return undefined;
      const ready = known.get(raw);
      if (ready !== undefined) return ready;
      const url = relayable(raw, deps.relayHosts);
      return url === undefined ? undefined : deps.signer.sign(url, label, origin);
    };
    const signed = body === undefined ? 0 : await signUrlMaps(body, sign);
    await answerWith(c, headers, signed > 0 ? JSON.stringify(body) : undefined, text);
  };
}

/**
 * The answer again after its body was read: the service's own text when nothing in it changed,
 * else `rewritten`, without the service's length and validator, which describe its text.
 */
export async function answerWith(
  c: Context<ProxyEnv>,
  headers: Headers,
  rewritten: string | undefined,
  original: string,
): Promise<void> {
  if (rewritten === undefined) {
    await replaceResponse(c, new Response(original, { status: 200, headers }));
    return;
  }
  // The length is the runtime's to set for a text body; the old one describes the service's.
  headers.delete("content-length");
  // The body is no longer the service's: its validator would describe another one.
  headers.delete("etag");
  await replaceResponse(c, new Response(rewritten, { status: 200, headers }));
}
