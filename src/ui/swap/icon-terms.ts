// How alike two icons are by what they are called: each icon's terms are its name and its tags, and
// two icons share a meaning when they share terms ("magnifying-glass" in Phosphor carries the tags
// search and find; Tabler's "search" carries magnifying-glass, search and find).

import { readAssetFacts } from "../../api/client/asset-facts";
import type { Asset } from "../../api/contract/spec-objects";

/** "Arrow_Left", "arrow left" -> "arrow-left": one spelling of a name across sets. */
export function plainTerm(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/-+/g, "-");
}

/**
 * A tag as one word for one thing: Phosphor tags its house "homes" and its airplane "planes", Tabler
 * names them "home" and "plane". A plural's "s" goes (not a "ss": "glass" stays).
 */
export function singular(term: string): string {
  return term.length > 3 && term.endsWith("s") && !term.endsWith("ss") ? term.slice(0, -1) : term;
}

/** The words a search needs for a name or tag ("arrow-left" -> "arrow left"). */
export function searchWords(raw: string): string {
  return plainTerm(raw).replaceAll("-", " ").trim();
}

export function termsOf(asset: Asset): Set<string> {
  const terms = new Set<string>();
  if (asset.name) terms.add(plainTerm(asset.name));
  for (const tag of readAssetFacts(asset).tags) terms.add(singular(plainTerm(tag)));
  terms.delete("");
  return terms;
}

/** Shared terms over all terms (Jaccard), with the count of shared ones. */
export function termLikeness(
  a: ReadonlySet<string>,
  b: ReadonlySet<string>,
): { shared: number; score: number } {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  const all = a.size + b.size - shared;
  return { shared, score: all === 0 ? 0 : shared / all };
}

/**
 * Tags alone say "the same icon" only when at least two are shared and they are a fair part of both
 * lists: "heart" and "love" shared by a heart and a heart-handshake is a near miss, not a match.
 */
export const TAGS_MIN_SHARED = 2;
export const TAGS_MIN_SCORE = 0.2;
