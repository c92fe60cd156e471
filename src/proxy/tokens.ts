// Callers' access tokens: `label:token` pairs. The label names a team or a person in logs and in
// X-Project-Reference; the token is the secret the plugin's settings hold.

import { timingSafeEqual } from "hono/utils/buffer";
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

/**
 * The token's entry, compared in constant time against every configured token (no early exit), so
 * neither the match nor its position leaks through timing.
 */
export async function findToken(
  tokens: readonly AccessToken[],
  presented: string,
): Promise<AccessToken | undefined> {
  let found: AccessToken | undefined;
  for (const candidate of tokens) {
    if ((await timingSafeEqual(candidate.token, presented)) && found === undefined) found = candidate;
  }
  return found;
}
