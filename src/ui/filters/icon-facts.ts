// The facts of the icons loaded, one entry an icon (a cell), and the most frequent values among them:
// what the filter panels suggest from.

import { readAssetFacts } from "../../api/client/asset-facts";
import { readSet } from "../../api/client/asset-names";
import type { Asset } from "../../api/contract/spec-objects";
import { groupVariants } from "../variants/group-variants";

/**
 * Six per group: each is counted by one small search in each set the search finds while the panel is
 * open (so its figure is the sum the set chips will say), and the busy designer of `npm run bench`
 * reached 113 of the proxy's 120 calls a minute at eight. Six also keep the panel short enough to
 * leave rows of icons under it in a 480 px window.
 */
export const SUGGESTIONS_SHOWN = 6;

export interface Tally {
  value: string;
  count: number;
}

/** The most frequent values first (ties by name), at most `limit`. */
export function mostFrequent(lists: readonly (readonly string[])[], limit = SUGGESTIONS_SHOWN): Tally[] {
  const counts = new Map<string, number>();
  for (const list of lists)
    for (const value of new Set(list)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, limit);
}

export interface IconFacts {
  /** The icon's set, if its drawings name one. */
  set?: string;
  /** Its drawings loaded. */
  drawings: number;
  styles: string[];
  categories: string[];
  tags: string[];
}

/**
 * One entry an icon (a cell), not a drawing: Phosphor's six weights of an arrow are one "Arrows"
 * icon, as the grid and the set chips count it. Each icon carries what any of its drawings does.
 */
export function iconFacts(items: readonly Asset[]): IconFacts[] {
  return groupVariants(items).map((group) => {
    const each = group.members.map((item) => readAssetFacts(item));
    const union = (pick: (f: (typeof each)[number]) => string[]) => [...new Set(each.flatMap(pick))];
    const set = readSet(group.members[0]!);
    return {
      ...(set ? { set } : {}),
      drawings: group.members.length,
      styles: union((f) => f.styles),
      categories: union((f) => f.categories),
      tags: union((f) => f.tags),
    };
  });
}
