// Signed links to one file, as image proxies make them: the api-download answer's download_url
// (sign-download.ts), so any client of the proxy can fetch it, and preview links handed out before
// previews moved to one grant per caller (preview-grant.ts), which keep working until they expire.
// GET /relay/p?u=<url>&e=<expiry>&l=<token label>&s=<HMAC-SHA256>: the signature is the
// authorisation, the label says whose budget it spends, the expiry bounds a leaked link. Expiries
// are rounded up to a bucket. WebCrypto only: the same code runs on Node and on Workers. Without a
// configured key one is drawn at start, and links made before a restart stop working.

import { base64url, fromBase64url } from "./base64url";
import { bucketedExpiryMs, hmacKey, type LinkVerdict, refusedLink } from "./link-key";

const encoder = new TextEncoder();

export const SIGNED_PREVIEW_PATH = "/relay/p";
/** A link lives one hour at least, and at most one bucket longer. */
export const PREVIEW_LINK_LIFETIME_MS = 60 * 60_000;
export const PREVIEW_LINK_BUCKET_MS = 10 * 60_000;

// Verification re-checks the label's form so no label can smuggle a field separator into the message.
const LABEL_FORM = /^[A-Za-z0-9._-]{1,64}$/;
const EXPIRY_FORM = /^\d{1,12}$/;
const SIGNATURE_FORM = /^[A-Za-z0-9_-]{43}$/;

export interface PreviewSignerOptions {
  /** PROXY_SIGNING_KEY; a random key for this process's lifetime when absent. */
  key?: string;
  lifetimeMs?: number;
  bucketMs?: number;
  now?: () => number;
}

export type PreviewVerdict = LinkVerdict;

export interface PreviewSigner {
  /** The signed link to `url` on the proxy at `origin`, spent against `label`'s preview budget. */
  sign(url: string, label: string, origin: string): Promise<string>;
  /** Checks a signed link's query: signature first (in constant time), then expiry. */
  verify(query: URLSearchParams): Promise<PreviewVerdict>;
}

function message(expirySeconds: string, label: string, url: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`assetport-preview-v1\n${expirySeconds}\n${label}\n${url}`);
}

export function createPreviewSigner(options: PreviewSignerOptions = {}): PreviewSigner {
  const key = hmacKey(options.key);
  const lifetimeMs = options.lifetimeMs ?? PREVIEW_LINK_LIFETIME_MS;
  const bucketMs = options.bucketMs ?? PREVIEW_LINK_BUCKET_MS;
  const now = options.now ?? Date.now;

  function currentExpiry(): string {
    const expiresAtMs = bucketedExpiryMs(now(), lifetimeMs, bucketMs);
    return String(Math.floor(expiresAtMs / 1000));
  }

  async function makeLink(url: string, label: string, origin: string, e: string): Promise<string> {
    const mac = await crypto.subtle.sign("HMAC", await key, message(e, label, url));
    const query = new URLSearchParams({ u: url, e, l: label, s: base64url(mac) });
    return `${origin}${SIGNED_PREVIEW_PATH}?${query}`;
  }

  return {
    sign(url, label, origin) {
      return makeLink(url, label, origin, currentExpiry());
    },

    async verify(query) {
      const [u, e, l, s] = ["u", "e", "l", "s"].map((name) => query.getAll(name));
      if (u?.length !== 1 || e?.length !== 1 || l?.length !== 1 || s?.length !== 1)
        return refusedLink("A signed preview link needs exactly one each of u, e, l and s.");
      const [url, expiry, label, signature] = [u[0], e[0], l[0], s[0]] as [string, string, string, string];
      if (!EXPIRY_FORM.test(expiry) || !LABEL_FORM.test(label) || !SIGNATURE_FORM.test(signature))
        return refusedLink("This preview link is malformed.");
      // subtle.verify compares the MACs in constant time.
      const mac = fromBase64url(signature);
      const valid =
        mac !== undefined &&
        (await crypto.subtle.verify("HMAC", await key, mac, message(expiry, label, url)));
      if (!valid) return refusedLink("This preview link was not signed by this proxy, or it was altered.");
      const expiresAtMs = Number(expiry) * 1000;
      if (expiresAtMs <= now())
        return {
          ok: false,
          status: 410,
          reason: "link_expired",
          message: "This preview link has expired; search again for a fresh one.",
        };
      return { ok: true, url, label, expiresAtMs };
    },
  };
}
