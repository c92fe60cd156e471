// The Node proxy's signing key when PROXY_SIGNING_KEY is unset and it runs the local API itself:
// drawn once at random and kept in the state folder (mode 0600), beside the local access token.
//
// Why not derive it from the account's Client-Secret, as a proxy in front of the real service
// does: the local API's demo account has a secret anyone can read in the source, so tags derived
// from it could be computed offline, and one team could forge another's image_hash (the sha-256
// of the image) to learn whether it was uploaded. Kept rather than drawn per start: ids a plugin
// holds across a restart stay valid.

import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../config-error";

export const KEPT_KEY_FILE = "proxy-signing-key";
const WELL_FORMED = /^[A-Za-z0-9_-]{43,512}$/;

function readKept(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const key = text.trim();
  // A damaged key is refused, not replaced: a new key would silently void every id handed out.
  if (!WELL_FORMED.test(key))
    throw new ConfigError(
      `${file} is not a signing key; remove it to draw a new one, or set PROXY_SIGNING_KEY.`,
    );
  return key;
}

/** The key kept in `stateDir`, drawn and written (0600, never over another's) on first use. */
export function keptSigningKey(stateDir: string): string {
  const file = join(stateDir, KEPT_KEY_FILE);
  const kept = readKept(file);
  if (kept !== undefined) return kept;
  const key = randomBytes(32).toString("base64url");
  mkdirSync(stateDir, { recursive: true });
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process drew one at the same moment: use theirs, so both sign alike.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readKept(file)!;
    throw error;
  }
  chmodSync(file, 0o600);
  return key;
}
