// What the Find similar filters offer, read from the look-alikes loaded so far: the styles they come
// in and the categories they carry, each counted. The reverse search answers no count per filter
// (each would be another image search), so the results themselves are the only honest source.

import { readAssetFacts } from "../../api/asset-facts";
import { STYLES, type Style } from "../../api/contract";
import type { Asset } from "../../api/types";
import { mostFrequent, type Suggestion } from "../filters/facets-store";

export interface SimilarFacets {
  styleCounts: Partial<Record<Style, number>>;
  categories: Suggestion[];
}

export function similarFacets(items: readonly Asset[]): SimilarFacets {
  const facts = items.map((item) => readAssetFacts(item));
  const styleCounts: Partial<Record<Style, number>> = {};
  for (const { value, count } of mostFrequent(
    facts.map((f) => f.styles),
    Number.POSITIVE_INFINITY,
  ))
    if ((STYLES as readonly string[]).includes(value)) styleCounts[value as Style] = count;
  return { styleCounts, categories: mostFrequent(facts.map((f) => f.categories)) };
}
