// What keeps teams apart behind one Client-ID, without any state: every team shares the service's
// account, so the service cannot tell them apart, and the proxy binds what it hands out to the token
// label that asked for it.
//
// - Ids (conversion jobs, AI tasks, image hashes) go out as `<service id>.<tag>`, the tag an HMAC of
//   (kind, label, id). Coming back, the tag is checked against the caller's own label; another
//   team's id, or one computed offline, has no valid tag and is unknown.
// - An Idempotency-Key reaches the service as an HMAC of (label, key), so two teams that pick the
//   same key never meet in the service's key space.
// - Result links are sealed (AES-GCM, the label as associated data): the service's URL never leaves
//   the proxy, and only the label that was given the link can open it.
//
// One secret and purpose-separated keys derived from it: PROXY_SIGNING_KEY (required on Workers);
// else, in front of the real service, one drawn from its Client-Secret (a real secret, and every
// replica agrees without shared disk); else, with the local API in-process, a random key kept in
// the state folder (signing/kept-key.ts): its demo secret is public and must never be the source. WebCrypto only: the same code runs on Node and on Workers, and every isolate
// with the same secret agrees.

import { base64url, fromBase64url } from "./base64url";

export type ScopedKind = "job" | "task" | "image";

export interface TeamScope {
  /** The id as `label` is given it. */
  wrap(kind: ScopedKind, label: string, id: string): Promise<string>;
  /** The service's id inside `wrapped`, or undefined when it was not given to `label`. */
  unwrap(kind: ScopedKind, label: string, wrapped: string): Promise<string | undefined>;
  /** The Idempotency-Key the service sees for `label`'s `key` (43 URL-safe characters). */
  idempotencyKey(label: string, key: string): Promise<string>;
  /** An opaque token naming `url`, usable by `label` only. */
  seal(label: string, url: string): Promise<string>;
  /** The URL inside a token made by seal for `label`, or undefined. */
  open(label: string, token: string): Promise<string | undefined>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** 128 bits of tag: far beyond guessing, short enough for a path segment. */
const TAG_BYTES = 16;
const TAG_CHARS = 22;
const SEPARATOR = ".";
const IV_BYTES = 12;
/** A sealed link holds one service URL; anything longer is not one of ours. */
const MAX_TOKEN_CHARS = 8192;

function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * The secret the scope keys are derived from: the signing key, else the proxy's own credentials.
 * `clientSecret` must be a real secret: the Node entry passes a kept random signing key instead
 * when the credentials are the local API's published demo ones.
 */
export function scopeSecret(signingKey: string | undefined, clientSecret: string | undefined): Uint8Array {
  if (signingKey !== undefined) return encoder.encode(signingKey);
  // Stable across restarts (ids held by a plugin's saved work stay valid), and as secret as the
  // credentials themselves; an HMAC under it reveals nothing of it.
  if (clientSecret !== undefined) return encoder.encode(`assetport-scope-from-credentials\n${clientSecret}`);
  return crypto.getRandomValues(new Uint8Array(32));
}

export function createTeamScope(secret: Uint8Array): TeamScope {
  const master = crypto.subtle.importKey(
    "raw",
    secret as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = async (message: string) =>
    new Uint8Array(await crypto.subtle.sign("HMAC", await master, encoder.encode(message)));
  // Purpose-separated: a tag of one kind is never a tag, a key or a cipher key of another.
  const sealKey = mac("assetport-result-link-key-v1").then((bytes) =>
    crypto.subtle.importKey("raw", bytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]),
  );
  const tag = async (kind: ScopedKind, label: string, id: string) =>
    base64url((await mac(`assetport-scope-v1\n${kind}\n${label}\n${id}`)).subarray(0, TAG_BYTES));
  const aad = (label: string) => encoder.encode(`assetport-result-link-v1\n${label}`);

  return {
    async wrap(kind, label, id) {
      return `${id}${SEPARATOR}${await tag(kind, label, id)}`;
    },

    async unwrap(kind, label, wrapped) {
      const at = wrapped.length - TAG_CHARS - 1;
      if (at < 1 || wrapped[at] !== SEPARATOR) return undefined;
      const id = wrapped.slice(0, at);
      return sameText(wrapped.slice(at + 1), await tag(kind, label, id)) ? id : undefined;
    },

    async idempotencyKey(label, key) {
      return base64url(await mac(`assetport-idempotency-v1\n${label}\n${key}`));
    },

    async seal(label, url) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = await crypto.subtle.encrypt(
        { name: "AES-GCM", iv, additionalData: aad(label) },
        await sealKey,
        encoder.encode(url),
      );
      const token = new Uint8Array(IV_BYTES + sealed.byteLength);
      token.set(iv);
      token.set(new Uint8Array(sealed), IV_BYTES);
      return base64url(token);
    },

    async open(label, token) {
      if (token.length > MAX_TOKEN_CHARS) return undefined;
      const bytes = fromBase64url(token);
      if (bytes === undefined || bytes.byteLength <= IV_BYTES + 16) return undefined;
      try {
        const plain = await crypto.subtle.decrypt(
          { name: "AES-GCM", iv: bytes.subarray(0, IV_BYTES), additionalData: aad(label) },
          await sealKey,
          bytes.subarray(IV_BYTES),
        );
        return decoder.decode(plain);
      } catch {
        // Altered, made for another label, or under another secret.
        return undefined;
      }
    },
  };
}
