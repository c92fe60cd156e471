// The two request headers the spec bounds: Idempotency-Key and X-Project-Reference.

import { invalidIdempotencyKey, invalidRequest } from "../errors";
import { IDEMPOTENCY_KEY_PATTERN, PROJECT_REFERENCE_PATTERN } from "../tables";

/** 400 invalid_idempotency_key unless the key is 16 to 128 URL-safe characters. */
export function validateIdempotencyKey(key: unknown): string {
  if (typeof key !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    const length = typeof key === "string" ? `${key.length} characters` : typeof key;
    throw invalidIdempotencyKey(
      `Idempotency-Key must be 16 to 128 URL-safe characters (A-Z, a-z, 0-9, - and _); got ${length}.`,
    );
  }
  return key;
}

/** 400 invalid_request unless the reference is 1 to 128 printable ASCII characters. */
export function validateProjectReference(reference: unknown): string {
  if (typeof reference !== "string" || !PROJECT_REFERENCE_PATTERN.test(reference)) {
    throw invalidRequest("X-Project-Reference must be 1 to 128 printable ASCII characters.");
  }
  return reference;
}

/**
 * A fresh Idempotency-Key: 24 random bytes in base64url, 32 characters, always inside the pattern.
 * Web Crypto exists in browsers, Node 20 and Workers alike.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
