// An inverted index over the words of names, tags and categories, with prefix lookups on a sorted
// vocabulary, and the relevance score that puts "arrow" before things merely tagged with arrows.
// Words are indexed per design (one name with its tags), not per variant: phosphor's six weights and
// tabler's two styles share one entry, which keeps the index small and quick to build.

import { tokenize } from "../catalog/text";
import type { CatalogAsset } from "../catalog/types";

interface Design {
  nameTokens: string[];
  name: string;
  tags: Set<string>;
  tagTokens: Set<string>;
  categoryTokens: Set<string>;
  /** Indices (in the catalogue) of the assets drawn from this design. */
  assets: number[];
}

export class TextIndex {
  private readonly vocabulary: string[];
  private readonly postings = new Map<string, number[]>();
  private readonly designs: Design[] = [];
  private readonly stamps: Uint8Array;

  constructor(private readonly assets: readonly CatalogAsset[]) {
    const byKey = new Map<string, Design>();
    assets.forEach((asset, index) => {
      const key = `${asset.contributor}\u0000${asset.name}\u0000${asset.tags.join(",")}\u0000${asset.categories.join(",")}`;
      const known = byKey.get(key);
      if (known) {
        known.assets.push(index);
        return;
      }
      const nameTokens = tokenize(asset.name);
      const design: Design = {
        nameTokens,
        name: nameTokens.join("-"),
        tags: new Set(asset.tags),
        tagTokens: new Set(asset.tags.flatMap(tokenize)),
        categoryTokens: new Set(asset.categories.flatMap(tokenize)),
        assets: [index],
      };
      byKey.set(key, design);
      const id = this.designs.push(design) - 1;
      for (const words of [nameTokens, design.tagTokens, design.categoryTokens]) {
        for (const token of words) {
          const list = this.postings.get(token);
          if (list === undefined) this.postings.set(token, [id]);
          else if (list[list.length - 1] !== id) list.push(id);
        }
      }
    });
    this.vocabulary = [...this.postings.keys()].sort();
    this.stamps = new Uint8Array(this.designs.length);
  }

  /**
   * Assets where every query word starts some word of the name, a tag or a category, each with its
   * relevance score. Empty when the query has no words.
   */
  match(query: string): { index: number; score: number }[] {
    const tokens = [...new Set(tokenize(query))].slice(0, 32);
    if (tokens.length === 0) return [];
    const stamps = this.stamps;
    stamps.fill(0);
    const matched: number[] = [];
    tokens.forEach((token, position) => {
      for (const word of this.wordsFor(token)) {
        for (const id of this.postings.get(word) ?? []) {
          // A design stays a candidate only if it matched every earlier token.
          if (stamps[id] === position) {
            stamps[id] = position + 1;
            if (position === tokens.length - 1) matched.push(id);
          }
        }
      }
    });
    const phrase = tokens.join("-");
    // Each word's whole forms, worked out once: thousands of designs are scored for a short query.
    const wholeForms = tokens.map(wholeFormsOf);
    const results: { index: number; score: number }[] = [];
    for (const id of matched) {
      const design = this.designs[id]!;
      const score = this.score(design, tokens, wholeForms, phrase);
      for (const index of design.assets) {
        results.push({ index, score: score - this.assets[index]!.variantRank * 0.1 });
      }
    }
    return results;
  }

  /** The words `token` reaches: those it starts, and its singular ("cats" finds "cat"). */
  private *wordsFor(token: string): Generator<string> {
    yield* this.wordsStartingWith(token);
    for (const singular of singularsOf(token)) if (this.postings.has(singular)) yield singular;
  }

  private *wordsStartingWith(prefix: string): Generator<string> {
    const words = this.vocabulary;
    let low = 0;
    let high = words.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (words[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < words.length && words[i]!.startsWith(prefix); i++) yield words[i]!;
  }

  /**
   * Whole words first: every query word that is a whole word of the name, a tag or a category (a
   * plural counts) lifts a design above all designs where that word only starts a longer word, so
   * "cat" finds "grinning cat" and things tagged cat before "Catalonia flag" or "category".
   * Within a tier: exact name, then names that begin with the query's words, then words of the
   * name, then tags, then categories. A word still being typed ("arrow u") matches as a prefix.
   */
  private score(design: Design, tokens: string[], wholeForms: string[][], phrase: string): number {
    let score = 0;
    if (design.name === phrase) score += 1000;
    else if (design.name.startsWith(`${phrase}-`)) score += 500;
    else if (design.name.startsWith(phrase)) score += 200;
    if (design.tags.has(phrase)) score += 120;
    let wholeWords = 0;
    tokens.forEach((token, position) => {
      const forms = wholeForms[position]!;
      const inName = design.nameTokens.some((word) => forms.includes(word));
      const inTags = forms.some((form) => design.tagTokens.has(form));
      const inCategories = forms.some((form) => design.categoryTokens.has(form));
      if (inName) score += 100;
      else if (design.nameTokens.some((word) => word.startsWith(token))) score += 20;
      if (inTags) score += 30;
      else if (inCategories) score += 15;
      if (inName || inTags || inCategories) wholeWords += 1;
    });
    // Shorter names match the query more closely ("arrow-up" before "arrow-up-right-circle").
    return wholeWords * WHOLE_WORD_TIER + score - Math.min(design.nameTokens.length, 10);
  }
}

/** Above any sum of the other bonuses for one query (32 words at most, see `match`). */
const WHOLE_WORD_TIER = 10_000;

/**
 * The words that count as `token` whole: itself, its plurals and its singular. "star" is whole in
 * "night with stars", not in "start"; "cats" is whole in "cat".
 */
function wholeFormsOf(token: string): string[] {
  return [token, `${token}s`, `${token}es`, ...singularsOf(token)];
}

/**
 * English plurals' singulars by their ending ("boxes" -> box, "cats" -> cat), kept to at least three
 * letters so short words ("bus", "gas") are left alone. Only a word the index holds is ever reached.
 */
function singularsOf(token: string): string[] {
  if (!token.endsWith("s") || token.endsWith("ss")) return [];
  const forms = [token.slice(0, -1)];
  if (token.endsWith("es")) forms.push(token.slice(0, -2));
  return forms.filter((form) => form.length >= 3);
}
