// An inverted index over the words of names, tags and categories, with prefix lookups on a sorted
// vocabulary, and the relevance score that puts "arrow" before things merely tagged with arrows.

import { tokenize } from "../catalog/text";
import type { CatalogAsset } from "../catalog/types";

interface IndexedWords {
  nameTokens: string[];
  tagTokens: Set<string>;
  tags: Set<string>;
  categoryTokens: Set<string>;
}

export class TextIndex {
  private readonly vocabulary: string[];
  private readonly postings = new Map<string, number[]>();
  private readonly words: IndexedWords[];
  private readonly stamps: Uint8Array;

  constructor(private readonly assets: readonly CatalogAsset[]) {
    // Variants of one design share their tag and category arrays: their word sets are built once.
    const tagWords = new Map<readonly string[], { tags: Set<string>; tagTokens: Set<string> }>();
    const categoryWords = new Map<readonly string[], Set<string>>();
    this.words = assets.map((asset, index) => {
      let tags = tagWords.get(asset.tags);
      if (!tags) {
        tags = { tags: new Set(asset.tags), tagTokens: new Set(asset.tags.flatMap(tokenize)) };
        tagWords.set(asset.tags, tags);
      }
      let categoryTokens = categoryWords.get(asset.categories);
      if (!categoryTokens) {
        categoryTokens = new Set(asset.categories.flatMap(tokenize));
        categoryWords.set(asset.categories, categoryTokens);
      }
      const indexed: IndexedWords = { nameTokens: tokenize(asset.name), ...tags, categoryTokens };
      const add = (token: string) => {
        const list = this.postings.get(token);
        if (list === undefined) this.postings.set(token, [index]);
        else if (list[list.length - 1] !== index) list.push(index);
      };
      for (const token of indexed.nameTokens) add(token);
      for (const token of indexed.tagTokens) add(token);
      for (const token of indexed.categoryTokens) add(token);
      return indexed;
    });
    this.vocabulary = [...this.postings.keys()].sort();
    this.stamps = new Uint8Array(assets.length);
  }

  /**
   * Indices of assets where every query word starts some word of the name, a tag or a category,
   * each with its relevance score. Empty when the query has no words.
   */
  match(query: string): { index: number; score: number }[] {
    const tokens = [...new Set(tokenize(query))].slice(0, 32);
    if (tokens.length === 0) return [];
    const stamps = this.stamps;
    stamps.fill(0);
    const matched: number[] = [];
    tokens.forEach((token, position) => {
      for (const word of this.wordsStartingWith(token)) {
        for (const index of this.postings.get(word) ?? []) {
          // An asset stays a candidate only if it matched every earlier token.
          if (stamps[index] === position) {
            stamps[index] = position + 1;
            if (position === tokens.length - 1) matched.push(index);
          }
        }
      }
    });
    const phrase = tokens.join("-");
    return matched.map((index) => ({ index, score: this.score(index, tokens, phrase) }));
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

  /** Exact name, then name prefix, then words of the name, then tags, then categories. */
  private score(index: number, tokens: string[], phrase: string): number {
    const asset = this.assets[index]!;
    const words = this.words[index]!;
    let score = 0;
    const name = words.nameTokens.join("-");
    if (name === phrase) score += 1000;
    else if (name.startsWith(phrase)) score += 500;
    if (words.tags.has(phrase)) score += 120;
    for (const token of tokens) {
      if (words.nameTokens.includes(token)) score += 100;
      else if (words.nameTokens.some((word) => word.startsWith(token))) score += 60;
      if (words.tagTokens.has(token)) score += 30;
      else if (words.categoryTokens.has(token)) score += 15;
    }
    // Shorter names match the query more closely ("arrow-up" before "arrow-up-right-circle").
    return score - Math.min(words.nameTokens.length, 10) - asset.variantRank * 0.1;
  }
}
