// One preview grant per caller and time bucket, instead of a signature on every preview link. The
// window asks GET /relay/grant (with its token) for a grant, and writes each preview it shows as
// GET /relay/g?e=<expiry>&l=<label>&g=<HMAC-SHA256>&u=<the service's URL>: the grant is the
// authorisation an <img src> cannot carry as a token. The MAC covers the expiry, the caller's
// label and the origin the caller reaches the proxy at, never the file: one grant covers every file
// on the relayed hosts, the same reach as /relay with a token, so search answers pass through
// untouched. The relay still refuses any host outside the relayed set (relay.ts).
//
// Bound to the caller: another team's label in the grant, or the grant used at another origin,
// fails the MAC. Expiries are rounded up to a bucket, so every grant of a caller within a bucket is
// the same text (computed once) and the browser's HTTP cache reuses a preview across searches while
// the window keeps its grant. WebCrypto only: the same code runs on Node and on Workers.

import { base64url, fromBase64url } from "./base64url";
import { bucketedExpiryMs, hmacKey, type LinkVerdict, refusedLink } from "./link-key";

const encoder = new TextEncoder();

export const GRANT_PATH = "/relay/grant";
export const GRANTED_PREVIEW_PATH = "/relay/g";
/** A grant lives one hour at least, and at most one bucket longer. */
export const GRANT_LIFETIME_MS = 60 * 60_000;
export const GRANT_BUCKET_MS = 10 * 60_000;

const LABEL_FORM = /^[A-Za-z0-9._-]{1,64}$/;
const EXPIRY_FORM = /^\d{1,12}$/;
const MAC_FORM = /^[A-Za-z0-9_-]{43}$/;
/** Grants kept for the current bucket; past this many callers they are made again (still cheap). */
const REMEMBERED_GRANTS = 10_000;

export interface PreviewGrant {
  /** The query the window appends `&u=<url>` to: e, l and g. */
  query: string;
  expiresAtMs: number;
}

export type GrantVerdict = LinkVerdict;

export interface PreviewGrants {
  /** The grant of `label` reaching the proxy at `origin`, for the current bucket. */
  grant(label: string, origin: string): Promise<PreviewGrant>;
  /** Checks a granted link's query as asked at `origin`: MAC first (constant time), then expiry. */
  verify(query: URLSearchParams, origin: string): Promise<GrantVerdict>;
}

export interface PreviewGrantOptions {
  /** PROXY_SIGNING_KEY; a random key for this process's lifetime when absent. */
  key?: string;
  lifetimeMs?: number;
  bucketMs?: number;
  now?: () => number;
}

function message(expirySeconds: string, label: string, origin: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`assetport-preview-grant-v1\n${expirySeconds}\n${label}\n${origin}`);
}

export function createPreviewGrants(options: PreviewGrantOptions = {}): PreviewGrants {
  const key = hmacKey(options.key);
  const lifetimeMs = options.lifetimeMs ?? GRANT_LIFETIME_MS;
  const bucketMs = options.bucketMs ?? GRANT_BUCKET_MS;
  const now = options.now ?? Date.now;
  // The grants of the current bucket by "label\norigin"; a new bucket forgets them all at once.
  let bucketExpiry = 0;
  let made = new Map<string, Promise<PreviewGrant>>();

  async function make(label: string, origin: string, expiresAtMs: number): Promise<PreviewGrant> {
    const e = String(Math.floor(expiresAtMs / 1000));
    const mac = await crypto.subtle.sign("HMAC", await key, message(e, label, origin));
    return { query: new URLSearchParams({ e, l: label, g: base64url(mac) }).toString(), expiresAtMs };
  }

  return {
    grant(label, origin) {
      if (!LABEL_FORM.test(label)) return Promise.reject(new Error(`not a token label: ${label}`));
      const expiresAtMs = bucketedExpiryMs(now(), lifetimeMs, bucketMs);
      if (expiresAtMs !== bucketExpiry || made.size >= REMEMBERED_GRANTS) {
        bucketExpiry = expiresAtMs;
        made = new Map();
      }
      const owner = `${label}\n${origin}`;
      let grant = made.get(owner);
      if (!grant) {
        grant = make(label, origin, expiresAtMs);
        made.set(owner, grant);
      }
      return grant;
    },

    async verify(query, origin) {
      const [u, e, l, g] = ["u", "e", "l", "g"].map((name) => query.getAll(name));
      if (u?.length !== 1 || e?.length !== 1 || l?.length !== 1 || g?.length !== 1)
        return refusedLink("A preview link needs exactly one each of u, e, l and g.");
      const [url, expiry, label, grant] = [u[0], e[0], l[0], g[0]] as [string, string, string, string];
      if (!EXPIRY_FORM.test(expiry) || !LABEL_FORM.test(label) || !MAC_FORM.test(grant))
        return refusedLink("This preview link is malformed.");
      const mac = fromBase64url(grant);
      const valid =
        mac !== undefined &&
        (await crypto.subtle.verify("HMAC", await key, mac, message(expiry, label, origin)));
      if (!valid)
        return refusedLink(
          "This preview grant was not given by this proxy to this caller, or it was altered.",
        );
      const expiresAtMs = Number(expiry) * 1000;
      if (expiresAtMs <= now())
        return {
          ok: false,
          status: 410,
          reason: "link_expired",
          message: "This preview grant has expired; the window asks for a fresh one.",
        };
      return { ok: true, url, label, expiresAtMs };
    },
  };
}
