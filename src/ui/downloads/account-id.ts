// Which account a download was paid by, without the token: the download cache's keys are kept in
// clientStorage, and another account's file must never be taken (or shown as free) for this one.

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = (1n << 64n) - 1n;

let last = { token: "", digest: "" };

/**
 * A 64-bit FNV-1a digest of the token's UTF-8, as hex. Synchronous (a cost shown in a render reads
 * it) and one-way enough for its job: it tells accounts apart, and a random access token cannot be
 * read back from 16 hex digits. "" for no token (a server that asks for none).
 */
export function accountOf(token: string): string {
  if (!token) return "";
  // Every result's cost reads this while a grid renders: the token rarely changes, so one digest.
  if (token === last.token) return last.digest;
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(token)) {
    hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  }
  last = { token, digest: hash.toString(16).padStart(16, "0") };
  return last.digest;
}
