// What the two kinds of preview authorisation share: one verdict, an HMAC-SHA256 key from
// PROXY_SIGNING_KEY (or drawn for this process's lifetime when it is unset), and expiries rounded up
// to a bucket, so every link or grant made for the same caller within a bucket is the same text and
// the browser's HTTP cache keeps working across answers. WebCrypto only: the same code runs on Node
// and on Workers.

const encoder = new TextEncoder();

/** The HMAC key of `secret`; a random one when there is none. */
export function hmacKey(secret: string | undefined): Promise<CryptoKey> {
  const bytes = secret !== undefined ? encoder.encode(secret) : crypto.getRandomValues(new Uint8Array(32));
  return crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** The expiry of whatever is made now: at least `lifetimeMs` away, rounded up to a whole bucket. */
export function bucketedExpiryMs(nowMs: number, lifetimeMs: number, bucketMs: number): number {
  return Math.ceil((nowMs + lifetimeMs) / bucketMs) * bucketMs;
}

/** What checking a signed link or a granted one concludes: the file it may fetch, or why not. */
export type LinkVerdict =
  | { ok: true; url: string; label: string; expiresAtMs: number }
  | { ok: false; status: 403 | 410; reason: "invalid_signature" | "link_expired"; message: string };

/** A link this proxy did not make for this caller, or altered on the way. */
export const refusedLink = (message: string): LinkVerdict => ({
  ok: false,
  status: 403,
  reason: "invalid_signature",
  message,
});
