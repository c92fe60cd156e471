// A set's name as a designer reads it, and the order set names are listed in.

import { setLabel } from "../../api/client/asset-names";

/** "phosphor" -> "Phosphor", "openmoji" -> "OpenMoji": one spelling, the cells' and the chips'. */
export { setLabel };

/** Letters, digits, spaces, hyphens and full stops: what set names are made of. */
const PLAIN = /^[A-Za-z0-9 .-]*$/;

/**
 * Orders set names as localeCompare does, without its collator for plain names: the first string
 * Chromium compares through ICU sets up its collator, about 12 ms of the first render of a window
 * that opens on the last one's home (its sets are put in name order there). For these characters,
 * ICU's order is the code points' once case is set aside (space, hyphen, full stop, digits,
 * letters), and then a lower-case letter first (test/ui/sets/set-names.test.ts holds the two to each
 * other); any other name goes to localeCompare.
 */
export function compareNames(a: string, b: string): number {
  if (!PLAIN.test(a) || !PLAIN.test(b)) return a.localeCompare(b);
  const [lowerA, lowerB] = [a.toLowerCase(), b.toLowerCase()];
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i] === lowerA[i] ? -1 : 1;
  }
  return 0;
}
