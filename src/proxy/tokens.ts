// Callers' access tokens: `label:token` pairs. The label names a team or a person in logs and in
// X-Project-Reference; the token is the secret the plugin's settings hold.

import { PROJECT_REFERENCE_PATTERN } from "../api/contract/tables";
import { ConfigError } from "./config-error";

export interface AccessToken {
  label: string;
  token: string;
}

const LABEL_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
// Short tokens can be guessed; 16 characters of a random alphabet is the floor.
const MIN_TOKEN_LENGTH = 16;
const MAX_TOKEN_LENGTH = 200;

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
    if (token.length < MIN_TOKEN_LENGTH || token.length > MAX_TOKEN_LENGTH || /\s/.test(token)) {
      throw new ConfigError(
        `${where} (${label}): the token must be ${MIN_TOKEN_LENGTH} to ${MAX_TOKEN_LENGTH} characters, no spaces.`,
      );
    }
    tokens.push({ label, token });
  }
  return tokens;
}

/** Tokens are compared over this many bytes, whatever their length, so timing shows nothing of it. */
const COMPARED_BYTES = 256;
const encoder = new TextEncoder();

function fixedWidth(text: string): { bytes: Uint8Array; length: number } {
  const encoded = encoder.encode(text);
  const bytes = new Uint8Array(COMPARED_BYTES);
  bytes.set(encoded.subarray(0, COMPARED_BYTES));
  return { bytes, length: encoded.length };
}

/** Compares every byte of both (no early exit), and the lengths. */
function sameToken(
  a: { bytes: Uint8Array; length: number },
  b: { bytes: Uint8Array; length: number },
): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < COMPARED_BYTES; i++) difference |= (a.bytes[i] ?? 0) ^ (b.bytes[i] ?? 0);
  return difference === 0;
}

/**
 * Looks presented tokens up in constant time: every configured token is compared over the same
 * fixed width with no early exit, so neither a match, its position nor a token's length shows in
 * the time taken.
 */
export function tokenMatcher(tokens: readonly AccessToken[]) {
  const known = tokens.map((token) => ({ token, form: fixedWidth(token.token) }));
  return function findToken(presented: string): AccessToken | undefined {
    const wanted = fixedWidth(presented);
    let found: AccessToken | undefined;
    for (const candidate of known) {
      if (sameToken(candidate.form, wanted) && found === undefined) found = candidate.token;
    }
    return found;
  };
}

export function findToken(tokens: readonly AccessToken[], presented: string): AccessToken | undefined {
  return tokenMatcher(tokens)(presented);
}
