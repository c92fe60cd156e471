// Where a list of look-alikes stops being alike. A filter (a category, a price) takes the nearest
// drawings away, and its list kept going however far its results were from the selection: Tabler's
// star in System showed three stars, then gears, locks and plugs, all "similar". Unfiltered, the
// star's list drifted by its second row into a house, a flower, a person. So a list ends where
// likeness falls off, says so, and offers a way on (and, filtered, a way back).

import { iconKey } from "../../api/asset-names";
import { readSimilarity } from "../../api/similarity";
import type { Asset } from "../../api/types";

/**
 * The likeness below which a result is not alike. The service's scale is a guess (api/similarity);
 * on the local API, measured with Tabler's star, home, bell and arrow: within System the stars run
 * 1 to 0.69, the houses 0.72 to 0.63, and the first unlike icons (a filled gear, an export arrow)
 * come at 0.55 to 0.59; in Arrows nothing is above 0.48 for the star.
 */
export const ALIKE_FLOOR = 0.6;

/**
 * How many of `items` are alike, or undefined when the list does not end: every item loaded is
 * alike, or the service gave no score (then the order is all there is, and the list goes on). An
 * icon is alike by its most alike drawing: its other drawings (a thin weight scoring lower) stay
 * with it. The first drawing below the floor of an icon not met above it ends the list.
 */
export function alikeCount(items: readonly Asset[], floor = ALIKE_FLOOR): number | undefined {
  const alike = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const score = readSimilarity(item);
    if (score === undefined) return undefined;
    const icon = iconKey(item);
    if (score >= floor) {
      if (icon !== undefined) alike.add(icon);
      continue;
    }
    if (icon === undefined || !alike.has(icon)) return i;
  }
  return undefined;
}
