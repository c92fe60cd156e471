// What the Find similar filters offer, read from the look-alikes loaded so far: the styles they come
// in and the categories they carry. The reverse search answers no count per filter (each would be
// another image search), so a figure is said only where the loaded look-alikes are every one of them:
// then the cells carrying a value are exactly what choosing it shows. With pages still to come the
// values are offered, most frequent first, without a figure that choosing would not give.

import type { Asset } from "../../api/contract/spec-objects";
import { STYLES, type Style } from "../../api/contract/tables";
import { iconFacts, mostFrequent } from "../filters/icon-facts";
import type { Suggestion } from "../filters/suggestion-counts";

export interface SimilarFacets {
  /** The styles the look-alikes come in; each with its icons where every look-alike is in. */
  styles: Style[];
  styleCounts: Partial<Record<Style, number>>;
  categories: Suggestion[];
}

export function similarFacets(items: readonly Asset[], complete: boolean): SimilarFacets {
  // Counted in icons (a cell each), as the grid shows them: not once a drawing of a weight.
  const facts = iconFacts(items);
  const styles: Style[] = [];
  const styleCounts: Partial<Record<Style, number>> = {};
  for (const { value, count } of mostFrequent(
    facts.map((f) => f.styles),
    Number.POSITIVE_INFINITY,
  ))
    if ((STYLES as readonly string[]).includes(value)) {
      styles.push(value as Style);
      if (complete) styleCounts[value as Style] = count;
    }
  const categories = mostFrequent(facts.map((f) => f.categories)).map(({ value, count }) =>
    complete ? { value, count: { count, about: false } } : { value },
  );
  return { styles, styleCounts, categories };
}
