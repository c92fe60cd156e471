// Where a list of look-alikes stops being alike. A filter (a category, a price) takes the nearest
// drawings away, and its list kept going however far its results were from the selection: Tabler's
// star in System showed three stars, then gears, locks and plugs, all "similar". Unfiltered, the
// star's list drifted by its second row into a house, a flower, a person. So a list ends where
// likeness falls off, says so, and offers a way on (and, filtered, a way back).

import { iconKey } from "../../api/client/asset-names";
import { readSimilarity } from "../../api/client/similarity";
import type { Asset } from "../../api/contract/spec-objects";

/**
 * The likeness below which a result is not alike. The service's scale is a guess (api/client/similarity);
 * on the local API, measured with Tabler's star, home, bell and arrow: within System the stars run
 * 1 to 0.69, the houses 0.72 to 0.63, and the first unlike icons (a filled gear, an export arrow)
 * come at 0.55 to 0.59; in Arrows nothing is above 0.48 for the star.
 */
export const ALIKE_FLOOR = 0.6;

/**
 * At most this many icons are alike, however high they score. A floor alone cannot end every list:
 * a plain shape (a dot, a circle, a point) is near most filled or round icons, and its scores stay
 * flat with no drop to end at. Measured on the local API (icons by their best drawing, a 48 px
 * selection): Phosphor's dot scores 0.865 (a filled hexagon) down to 0.723 at the 80th icon and 324
 * icons above the floor; Tabler's point and circle over 390 each. A floor relative to the best or the
 * first big drop between neighbours cannot tell those from a star: the star falls 0.976 to 0.836
 * between its second and third icon (two stars, then a pentagram, still alike), and a band wide
 * enough to keep its star-off (0.697, 0.3 below its best) keeps hundreds of the dot's. What differs is
 * how many: above the floor the star has 7 icons, Phosphor's house 8, Tabler's arrow 21, heart 42,
 * home 53 (its home-* family), bell 75. Five dozen keeps every drawn shape's list as it was but the
 * bell's (whose last 15, at 0.60 to 0.62, are lettered hexagons, an egg, a flame: not alike), and
 * ends the plain shapes' lists.
 */
export const ALIKE_MOST = 60;

/**
 * How many of `items` are alike, or undefined when the list does not end: every item loaded is
 * alike, or the service gave no score (then the order is all there is, and the list goes on). An
 * icon is alike by its most alike drawing: its other drawings (a thin weight scoring lower) stay
 * with it. The first drawing of an icon not met before ends the list when it is below the floor or
 * would be the (most + 1)th alike icon.
 */
export function alikeCount(
  items: readonly Asset[],
  floor = ALIKE_FLOOR,
  most = ALIKE_MOST,
): number | undefined {
  const alike = new Set<string>();
  /** Alike results of no known icon: each counts as one. */
  let loose = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const score = readSimilarity(item);
    if (score === undefined) return undefined;
    const icon = iconKey(item);
    if (icon !== undefined && alike.has(icon)) continue;
    if (score < floor || alike.size + loose >= most) return i;
    if (icon === undefined) loose += 1;
    else alike.add(icon);
  }
  return undefined;
}
