// How alike a reverse image search result is to the image. The spec shows no such field ("item
// fields other than name and urls: not shown", results "ordered by visual similarity only"), so this
// is a guess: the local API's `similarity`, else `score`, from 0 (nothing alike) to 1 (the same
// drawing); a value above 1 and up to 100 is read as a percentage. Anything else (missing, text,
// negative, past 100) is no score at all: the caller then has the order alone.

import type { Asset } from "../contract/spec-objects";

function fraction(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0 || n > 100) return undefined;
  return n > 1 ? n / 100 : n;
}

/** 0 to 1, or undefined when the service gave no readable score. */
export function readSimilarity(asset: Asset): number | undefined {
  const a = asset as Record<string, unknown>;
  return fraction(a.similarity) ?? fraction(a.score);
}
