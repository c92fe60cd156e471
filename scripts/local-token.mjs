// The local proxy's access token for `npm start`: drawn once, kept in a file git ignores
// (.local-api-state/proxy-token, mode 0600) and reused, so a restart (which rebuilds) does not
// leave an already open plugin window holding a token the proxy no longer knows. The token is on
// disk in dist/ui.html anyway; the file adds no exposure. It is never printed.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { isLoopback } from "./loopback.mjs";

export const LOCAL_TOKEN_FILE = ".local-api-state/proxy-token";
const WELL_FORMED = /^[A-Za-z0-9_-]{32,200}$/;

/** The kept token, or a new one written to `file`. */
export function localToken(file = LOCAL_TOKEN_FILE) {
  try {
    const kept = readFileSync(file, "utf8").trim();
    if (WELL_FORMED.test(kept)) return kept;
  } catch {
    // none yet
  }
  const token = randomBytes(32).toString("base64url");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}

/** ASSETPORT_LOCAL_TOKEN for the build: a loopback proxy only, and a plausible token. */
export function bakedTokenFromEnv(env, proxyOrigin) {
  const token = env.ASSETPORT_LOCAL_TOKEN?.trim();
  if (!token) return "";
  if (!WELL_FORMED.test(token))
    throw new Error("ASSETPORT_LOCAL_TOKEN must be 32 to 200 URL-safe characters.");
  if (!isLoopback(proxyOrigin))
    throw new Error("ASSETPORT_LOCAL_TOKEN is only baked into a build for a proxy on this machine.");
  return token;
}
