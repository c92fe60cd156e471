// Callers' access tokens: `label:token` pairs. The label names a team or a person in logs and in
// X-Project-Reference; the token is the secret the plugin's settings hold.

import { PROJECT_REFERENCE_PATTERN } from "../api/contract";
import { ConfigError } from "./config-error";

export interface AccessToken {
  label: string;
  token: string;
}

const LABEL_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
// Short tokens can be guessed; 16 characters of a random alphabet is the floor.
const MIN_TOKEN_LENGTH = 16;

export function parseTokenList(
  text: string,
  source: string,
  separator: RegExp | string = ",",
): AccessToken[] {
  const tokens: AccessToken[] = [];
  for (const [index, rawEntry] of text.split(separator).entries()) {
    const entry = rawEntry.trim();
    if (entry === "" || entry.startsWith("#")) continue;
    const colon = entry.indexOf(":");
    const label = colon > 0 ? entry.slice(0, colon).trim() : "";
    const token = colon > 0 ? entry.slice(colon + 1).trim() : "";
    // Never echo the entry itself: it holds a secret.
    const where = `${source}, entry ${index + 1}`;
    if (!LABEL_PATTERN.test(label) || !PROJECT_REFERENCE_PATTERN.test(label)) {
      throw new ConfigError(
        `${where}: expected label:token with a label of letters, digits, ".", "_" or "-".`,
      );
    }
    if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) {
      throw new ConfigError(
        `${where} (${label}): the token must be at least ${MIN_TOKEN_LENGTH} characters, no spaces.`,
      );
    }
    tokens.push({ label, token });
  }
  return tokens;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Equal-length byte arrays compared without an early exit. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/**
 * Looks presented tokens up in constant time: both sides are compared as SHA-256 digests (fixed
 * length, so the token's length does not leak), against every configured token with no early exit
 * (so neither a match nor its position does). The configured digests are computed once.
 */
export function tokenMatcher(tokens: readonly AccessToken[]) {
  const digests = Promise.all(tokens.map(async (token) => ({ token, digest: await digest(token.token) })));
  return async function findToken(presented: string): Promise<AccessToken | undefined> {
    const wanted = await digest(presented);
    let found: AccessToken | undefined;
    for (const candidate of await digests) {
      if (sameBytes(candidate.digest, wanted) && found === undefined) found = candidate.token;
    }
    return found;
  };
}

export function findToken(
  tokens: readonly AccessToken[],
  presented: string,
): Promise<AccessToken | undefined> {
  return tokenMatcher(tokens)(presented);
}
