// How many icons a number of drawings makes. The service counts every drawing (Phosphor's 1,512
// icons in six weights are 9,072 assets) and the spec has no variant filter, so the window reads a
// set's shape from drawings it has seen (how many drawings an icon has, which variants exist) and
// divides by its drawings per icon (held once per set: set-ratios). Exact only where every drawing
// was seen; otherwise an honest "about", rounded once where it is made (three figures at most), so a
// sum of figures is the sum of what each shows.

import { iconKey, readSet, readVariant, variantFamily } from "../../api/client/asset-names";
import type { Asset } from "../../api/contract/spec-objects";
import { countText } from "../count-text";

/** Icons remembered per set: enough for a steady ratio, bounded against an endless scroll. */
export const ICONS_PER_SET = 2000;

export interface SetShape {
  /** Each icon seen (by its key) with the variants of it seen. */
  icons: Map<string, Set<string>>;
  /** The set's own spellings of its variants, in the order first seen. */
  variants: string[];
}

export type ShapeBook = ReadonlyMap<string, SetShape>;

/** The book with these results learnt; the same book when they teach nothing new. */
export function learnShapes(book: ShapeBook, items: readonly Asset[]): ShapeBook {
  let next: Map<string, SetShape> | undefined;
  const copied = new Set<string>();
  for (const item of items) {
    const set = readSet(item);
    if (!set) continue;
    // An asset that is nobody's variant is an icon of one drawing: it still teaches the ratio.
    const variant = readVariant(item) ?? "";
    const key = iconKey(item) ?? `alone\u0000${item.uuid || item.name}`;
    const shape = (next ?? book).get(set);
    const seen = shape?.icons.get(key);
    if (seen?.has(variant)) continue;
    const full = !seen && shape !== undefined && shape.icons.size >= ICONS_PER_SET;
    if (full && (!variant || shape.variants.includes(variant))) continue;
    next ??= new Map(book);
    let own = next.get(set);
    if (!own || !copied.has(set)) {
      own = own ? copy(own) : fresh();
      copied.add(set);
      next.set(set, own);
    }
    if (!full) own.icons.set(key, new Set(own.icons.get(key)).add(variant));
    if (variant && !own.variants.includes(variant)) own.variants.push(variant);
  }
  return next ?? book;
}

const fresh = (): SetShape => ({ icons: new Map(), variants: [] });
/** Copy on first write in a pass: the book read by the window never changes under it. */
const copy = (shape: SetShape): SetShape => ({
  icons: new Map([...shape.icons].map(([k, v]) => [k, new Set(v)])),
  variants: [...shape.variants],
});

/** Drawings per icon seen in a set (1 for a set without variants); undefined before any is seen. */
export function drawingsPerIcon(shape: SetShape | undefined): number | undefined {
  if (!shape || shape.icons.size === 0) return undefined;
  let drawings = 0;
  for (const variants of shape.icons.values()) drawings += variants.size;
  return drawings / shape.icons.size;
}

export interface IconCount {
  count: number;
  /** An estimate: said with "about". */
  about: boolean;
}

/**
 * Drawings in icons at `perIcon` drawings an icon; exact where one drawing is one icon. An estimate
 * is rounded here, once (roundAbout): what is shown is the figure itself, so figures added up (All
 * sets) are the sum of what each part shows.
 */
export function byRatio(drawings: number, perIcon: number, exact: boolean): IconCount {
  // Nothing found is exactly nothing.
  if (exact || drawings === 0) return { count: drawings, about: false };
  return aboutCount(drawings / perIcon);
}

/**
 * An estimate as shown: rounded once, at least one, and at least `atLeast` (the cells already shown
 * are that many icons, whatever the estimate says).
 */
export const aboutCount = (raw: number, atLeast = 1): IconCount => ({
  count: Math.max(1, atLeast, roundAbout(raw)),
  about: true,
});

/** Figures added up: exact only when every part is; undefined when a part cannot be said. */
export function sumCounts(parts: readonly (IconCount | undefined)[]): IconCount | undefined {
  if (parts.some((part) => !part)) return undefined;
  return {
    count: parts.reduce((n, part) => n + (part?.count ?? 0), 0),
    about: parts.some((part) => part?.about),
  };
}

/** Three significant figures at most: 1,512.4 -> 1,510; 87.6 -> 88. */
export function roundAbout(count: number): number {
  if (count < 1000) return Math.round(count);
  const step = 10 ** (Math.floor(Math.log10(count)) - 2);
  return Math.round(count / step) * step;
}

/** "about 1,510" or "5": the number as a designer reads it (an estimate is already rounded). */
export function countWords(count: IconCount): string {
  return `${count.about ? "about " : ""}${countText(count.count)}`;
}

/** Line weights make a set's variants "weights"; outline and filled are "styles". */
const WEIGHTS = new Set(["bold", "light", "thin"]);

/** "6 weights", "2 styles"; empty for a set with one drawing per icon. */
export function variantsWords(shape: SetShape | undefined): string {
  const n = shape?.variants.length ?? 0;
  if (n < 2) return "";
  const weights = shape?.variants.some((v) => WEIGHTS.has(variantFamily(v)));
  return `${n} ${weights ? "weights" : "styles"}`;
}

/**
 * What a shape probe's answer (a search for one icon's name within its set) tells of whole icons:
 * every drawing when every page is in; from a cut answer, only the probed icon's drawings, and only
 * when they come together and a drawing of another icon follows them, so none was cut off. A name
 * designers reach for first ("arrow-right") has dozens of namesakes, so its answer is cut. That its
 * own drawings rank first and together is a guess about the service's relevance order (its exact
 * name scores highest); the embedded service ranks so.
 */
export function wholeIconsOf(
  answer: { items: readonly Asset[]; total: number },
  probed: Asset,
): readonly Asset[] {
  const { items } = answer;
  if (items.length >= answer.total) return items;
  const key = iconKey(probed);
  if (key === undefined) return [];
  const at = items.flatMap((item, index) => (iconKey(item) === key ? [index] : []));
  const first = at[0];
  const last = at.at(-1);
  if (first === undefined || last === undefined) return [];
  const together = last - first + 1 === at.length;
  const closed = last < items.length - 1;
  return together && closed ? at.map((index) => items[index]!) : [];
}
