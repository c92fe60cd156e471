// Signed, expiring links for the files the local API serves (downloads now, results later): an
// HMAC-SHA256 over the path, the listed query parameters and the expiry. The key comes from
// LOCAL_API_SIGNING_KEY or is generated once and kept in the state folder.

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { ApiError } from "../../api/contract/errors";
import { JsonStateFile } from "./json-file";

export class UrlSigner {
  constructor(
    private readonly key: string,
    private readonly now: () => number,
  ) {}

  static fromStateDir(stateDir: string, now: () => number, key?: string): UrlSigner {
    if (key) return new UrlSigner(key, now);
    const file = new JsonStateFile<{ key?: string }>(stateDir, "signing-key.json");
    // A damaged key file is refused, not replaced: a new key would silently void every link handed out.
    const stored = file.load({}, isKeyFile).key;
    if (stored !== undefined) return new UrlSigner(stored, now);
    const generated = randomBytes(32).toString("hex");
    file.writeNow({ key: generated });
    return new UrlSigner(generated, now);
  }

  /** `path?params&expires=..&sig=..`, valid for `ttlSeconds`. */
  sign(path: string, params: Record<string, string>, ttlSeconds: number): { url: string; expiresAt: string } {
    const expires = Math.floor(this.now() / 1000) + ttlSeconds;
    const query = new URLSearchParams({ ...params, expires: String(expires) });
    query.sort();
    query.set("sig", this.mac(path, query));
    return { url: `${path}?${query}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** Checks a signed request: 403 invalid_signature when altered, 410 link_expired when old. */
  verify(path: string, query: URLSearchParams): void {
    const given = query.get("sig") ?? "";
    const signed = new URLSearchParams(query);
    signed.delete("sig");
    signed.sort();
    const expected = Buffer.from(this.mac(path, signed));
    const actual = Buffer.from(given);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      throw new ApiError(
        403,
        "invalid_signature",
        "This link's signature does not match; request a new link.",
      );
    }
    const expires = Number(query.get("expires"));
    if (!Number.isFinite(expires) || expires * 1000 < this.now()) {
      throw new ApiError(410, "link_expired", "This link has expired; request a new one.");
    }
  }

  private mac(path: string, query: URLSearchParams): string {
    return createHmac("sha256", this.key).update(`${path}?${query}`).digest("base64url");
  }
}

function isKeyFile(value: unknown): value is { key: string } {
  const key = (value as { key?: unknown } | null)?.key;
  return typeof key === "string" && key.length >= 32;
}
