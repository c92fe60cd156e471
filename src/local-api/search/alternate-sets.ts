// Equal matches from several sets take turns. The same emoji is drawn by OpenMoji and by Fluent
// Emoji (both real assets, both served); ties used to fall back to each set's own order, and one
// set's longer list (OpenMoji's extra symbols) pushed the other's equal matches pages later.

import type { CatalogAsset } from "../catalog/types";

export interface ScoredMatch {
  index: number;
  score: number;
}

/**
 * Reorders each run of equal scores in place so the sets alternate: the first match of every set,
 * then the second of every set, and so on, each round keeping the order the run already had. The
 * same design in two sets sits at the same turn, so its two drawings stay side by side.
 */
export function alternateSetsWithinTies(matches: ScoredMatch[], assets: readonly CatalogAsset[]): void {
  let start = 0;
  while (start < matches.length) {
    let end = start + 1;
    while (end < matches.length && matches[end]!.score === matches[start]!.score) end += 1;
    if (end - start > 1) {
      const seen = new Map<string, number>();
      const run = matches.slice(start, end).map((match, place) => {
        const set = assets[match.index]!.contributor;
        const turn = seen.get(set) ?? 0;
        seen.set(set, turn + 1);
        return { match, turn, place };
      });
      run.sort((a, b) => a.turn - b.turn || a.place - b.place);
      run.forEach((entry, offset) => {
        matches[start + offset] = entry.match;
      });
    }
    start = end;
  }
}
