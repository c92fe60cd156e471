// Stable asset ids: a SHA-1 name-based UUID (version 5 layout) of set, name and variant, so the
// same asset has the same uuid on every start and every machine. The namespace is hashed as text
// rather than bytes (the one-shot string hash is four times faster over ~15k assets); ids stay
// stable, they are just not interchangeable with other v5 generators.

import { hash } from "node:crypto";

/** Our namespace for name-based asset ids (a fixed random UUID). */
const ASSET_NAMESPACE = "8c1f4f2e-6a1d-4f7b-9a55-3d2b7c9e0a41";

export function stableUuid(...parts: string[]): string {
  const hex = hash("sha1", `${ASSET_NAMESPACE}\u0000${parts.join("\u0000")}`, "hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
