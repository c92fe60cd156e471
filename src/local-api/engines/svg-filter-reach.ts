// How far the content a filter applies to reaches. A renderer sizes a filter's default region from
// the filtered element's bounding box, and that box holds everything the element draws: its children
// and whatever it draws by reference (<use href="#r"> draws #r wherever #r is defined, <defs> included).
// So the reach of a filtered element is the farthest coordinate in the tree it draws, references
// followed; each element's reach is computed once (linear in the file), with an explicit stack.

import { EngineError } from "./errors";
import { FILTER_LIMITS, type FilterContext } from "./svg-filter-cost";
import { finishAfterDependencies, newWalkState } from "./svg-graph";

/**
 * True when a stylesheet in the text may set a filter: which elements a selector matches is not
 * worked out here, so such a file is checked as though every element were filtered.
 */
export function stylesheetSetsFilter(text: string): boolean {
  const STYLE = /<(?:[^\s<>/:]+:)?style\b[^>]*>([\s\S]*?)<\/(?:[^\s<>/:]+:)?style\s*>/gi;
  for (const match of text.matchAll(STYLE)) if (/filter/i.test(match[1]!)) return true;
  return false;
}

/**
 * Refuses when a filtered element (by index in `drawn`: what each element draws, children and
 * referenced elements) draws content farther than FILTER_LIMITS.contentScale times the drawing.
 */
export function checkFilteredReach(
  drawn: number[][],
  ownReach: ArrayLike<number>,
  filtered: readonly number[],
  context: FilterContext,
): void {
  if (filtered.length === 0) return;
  const limit = FILTER_LIMITS.contentScale * Math.max(context.viewport.width, context.viewport.height);
  const reach = new Float64Array(drawn.length);
  const finish = (i: number) => {
    let farthest = ownReach[i]!;
    for (const d of drawn[i]!) farthest = Math.max(farthest, reach[d]!);
    reach[i] = farthest;
  };
  const state = newWalkState(drawn.length);
  for (const start of filtered) {
    // A loop is refused by the element count; here it is simply not followed again.
    finishAfterDependencies(drawn, start, state, finish);
    if (reach[start]! > limit) {
      throw new EngineError(
        "invalid_input_file",
        `Filtered content reaches ${reach[start]}, beyond ${FILTER_LIMITS.contentScale} times the drawing's size (the limit for content a filter applies to).`,
      );
    }
  }
}
