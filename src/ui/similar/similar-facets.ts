// What the Find similar filters offer, read from the look-alikes loaded so far: the styles they come
// in and the categories they carry, each counted. The reverse search answers no count per filter
// (each would be another image search), so the results themselves are the only honest source.

import { STYLES, type Style } from "../../api/contract";
import type { Asset } from "../../api/types";
import { iconFacts, mostFrequent, type Suggestion } from "../filters/facets-store";

export interface SimilarFacets {
  styleCounts: Partial<Record<Style, number>>;
  categories: Suggestion[];
}

export function similarFacets(items: readonly Asset[]): SimilarFacets {
  // Counted in icons (a cell each), as the grid shows them: not once a drawing of a weight.
  const facts = iconFacts(items);
  const styleCounts: Partial<Record<Style, number>> = {};
  for (const { value, count } of mostFrequent(
    facts.map((f) => f.styles),
    Number.POSITIVE_INFINITY,
  ))
    if ((STYLES as readonly string[]).includes(value)) styleCounts[value as Style] = count;
  return { styleCounts, categories: mostFrequent(facts.map((f) => f.categories)) };
}
