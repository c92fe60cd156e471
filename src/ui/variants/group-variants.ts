// One icon, one cell: the variants of one icon in one set (Phosphor's weights, Tabler's outline and
// filled) become one group over the pages loaded so far. A group sits where its first member came,
// and later members join it as pages load, so the cells already shown never move: keyboard focus,
// a drag under way and "load more" keep their places.

import {
  iconKey,
  readSet,
  readVariant,
  setLabel,
  variantFamily,
  variantLabel,
} from "../../api/client/asset-names";
import type { Asset } from "../../api/contract/spec-objects";
import { aboutCount, type IconCount } from "./icon-estimate";

export interface VariantGroup {
  key: string;
  /** In the order the service ranked them (regular before bold, outline before filled). */
  members: Asset[];
}

/**
 * Bounds against a service listing hundreds of "variants" of one name: sets have at most six, and
 * a switch wider than eight segments helps nobody. Beyond them, a variant keeps a cell of its own
 * (nothing is hidden) and offers no segment.
 */
export const MAX_VARIANTS = 12;
export const MAX_CHOICES = 8;

export function groupVariants(items: readonly Asset[]): VariantGroup[] {
  const groups: VariantGroup[] = [];
  const byKey = new Map<string, VariantGroup>();
  for (const item of items) {
    const key = iconKey(item);
    if (key === undefined) {
      groups.push({ key: `alone:${groups.length}`, members: [item] });
      continue;
    }
    const found = byKey.get(key);
    if (found && found.members.length >= MAX_VARIANTS) {
      groups.push({ key: `alone:${groups.length}`, members: [item] });
      continue;
    }
    if (found) {
      // The same variant twice (a service listing it again) is not a second variant.
      const variant = readVariant(item);
      if (!found.members.some((m) => readVariant(m) === variant)) found.members.push(item);
      continue;
    }
    const group = { key, members: [item] };
    byKey.set(key, group);
    groups.push(group);
  }
  return groups;
}

/**
 * Line weights fall back to the regular drawing, then the nearest other line weight: a line weight
 * never shows a shape while the icon has any line drawing among the results (Find similar meets a
 * gear as Fill and Bold, its Regular not among them). A duotone falls back to the filled one, then
 * regular.
 */
const FALLBACK: Readonly<Record<string, readonly string[]>> = {
  thin: ["regular", "light", "bold"],
  light: ["regular", "thin", "bold"],
  regular: ["light", "bold", "thin"],
  bold: ["regular", "light", "thin"],
  duotone: ["fill", "regular"],
};

/**
 * The member a cell shows for the chosen variant: that variant, else one of its family (Tabler's
 * "filled" for Phosphor's "fill"), else its nearest, else the service's first. No choice: the first.
 */
export function shownMember(group: VariantGroup, chosen: string | null): Asset {
  const first = group.members[0]!;
  if (!chosen || group.members.length === 1) return first;
  const exact = group.members.find((m) => readVariant(m) === chosen);
  if (exact) return exact;
  const wanted = [variantFamily(chosen), ...(FALLBACK[variantFamily(chosen)] ?? [])];
  for (const family of wanted) {
    const near = group.members.find((m) => {
      const v = readVariant(m);
      return v !== undefined && variantFamily(v) === family;
    });
    if (near) return near;
  }
  return first;
}

export interface VariantChoice {
  /** What is stored and compared: a family ("regular", "fill", "bold"). */
  value: string;
  /** One word at every width: the first spelling met ("Regular"), never "Regular/Outline". */
  label: string;
  /** The other sets' spellings, for the tooltip ("Outline in Tabler"); empty when all agree. */
  others: string;
  /**
   * The sets among the results known to have no drawing of it ("Tabler"): their cells show another
   * drawing, marked with a dot. Empty when every set has it.
   */
  missing: readonly string[];
}

/** Families by thickness of the drawing, the solid ones last; any other follows as first seen. */
const ORDER = ["thin", "light", "regular", "bold", "fill", "duotone"];

/** Where a family stands in the switch: ORDER's place, any other after them. */
function familyRank(family: string): number {
  const at = ORDER.indexOf(family);
  return at === -1 ? ORDER.length : at;
}

/**
 * An icon's variants in the switch's order (Thin, Light, Regular, Bold, Fill, Duotone), the others
 * after them as the service listed them: the details list them as the switch offers them.
 */
export function inSwitchOrder(members: readonly Asset[]): Asset[] {
  const rankOf = (asset: Asset) => {
    const variant = readVariant(asset);
    return variant === undefined ? ORDER.length + 1 : familyRank(variantFamily(variant));
  };
  return members
    .map((asset, index) => ({ asset, index, rank: rankOf(asset) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ asset }) => asset);
}

/**
 * The variants the switch offers: the families of the sets in the results (each set's variants as
 * learnt once, so the choices do not change while pages load), plus any met among groups of more
 * than one member. Empty when nothing has variants. A family spelt differently by the sets reads
 * as its first spelling; the others go to the tooltip, with the set that spells them so.
 */
export function variantChoices(
  groups: readonly VariantGroup[],
  setVariants: ReadonlyMap<string, readonly string[]> = new Map(),
): VariantChoice[] {
  // family -> spelling -> the sets spelling it so (in the order met)
  const spellings = new Map<string, Map<string, string[]>>();
  const see = (variant: string, set: string | undefined) => {
    const family = variantFamily(variant);
    const seen = spellings.get(family) ?? new Map<string, string[]>();
    const label = variantLabel(variant);
    const sets = seen.get(label) ?? [];
    if (set && !sets.includes(setLabel(set))) sets.push(setLabel(set));
    seen.set(label, sets);
    spellings.set(family, seen);
  };
  const withVariants = [...setVariants].filter(([, variants]) => variants.length > 1);
  for (const [set, variants] of withVariants) for (const v of variants) see(v, set);
  for (const group of groups) {
    if (group.members.length < 2) continue;
    for (const member of group.members) {
      const variant = readVariant(member);
      if (variant) see(variant, readSet(member));
    }
  }
  return [...spellings.entries()]
    .map(([family, seen], index) => ({ family, seen: [...seen.entries()], index }))
    .sort((a, b) => familyRank(a.family) - familyRank(b.family) || a.index - b.index)
    .slice(0, MAX_CHOICES)
    .map(({ family, seen }) => ({
      value: family,
      label: seen[0]![0],
      others: seen
        .slice(1)
        .map(([label, sets]) => (sets.length ? `${label} in ${sets.join(", ")}` : label))
        .join(" · "),
      missing: withVariants
        .filter(([, variants]) => !variants.some((v) => variantFamily(v) === family))
        .map(([set]) => setLabel(set)),
    }));
}

/** The weights drawn with lines; Fill and Duotone are shapes. */
const LINE_WEIGHTS = new Set(["thin", "light", "regular", "bold"]);

/**
 * Whether a look-alike belongs under the chosen variant: always, unless a line weight is chosen and
 * every drawing of it among the results is a shape (a filled gear alone). Find similar leaves those
 * out under Regular: a filled drawing is no answer to "like this outline".
 */
export function drawnForChoice(group: VariantGroup, chosen: string | null): boolean {
  if (!chosen || !LINE_WEIGHTS.has(chosen)) return true;
  // What the cell would show decides, not what the group holds: a line drawing held but not shown
  // kept a filled gear under Regular.
  const variant = readVariant(shownMember(group, chosen));
  return variant === undefined || !["fill", "duotone"].includes(variantFamily(variant));
}

/**
 * The variant the switch shows as chosen, and so the one every cell shows: the saved one when the
 * results offer it, else Regular (what a set draws by default), else the first offered.
 */
export function switchChoice(choices: readonly VariantChoice[], saved: string | null): string | null {
  if (choices.some((c) => c.value === saved)) return saved;
  return (choices.find((c) => c.value === "regular") ?? choices[0])?.value ?? null;
}

/**
 * Why a cell does not show the chosen variant, or undefined when it does: "Tabler has no Bold" when
 * its set has none, "No Filled drawing among these results" when the set has one but none of this
 * icon came (the icon may lack it, or a service may list it pages later: never claimed missing).
 */
export function lackingNote(
  group: VariantGroup,
  chosen: string | null,
  setVariants: ReadonlyMap<string, readonly string[]> = new Map(),
): string | undefined {
  if (!chosen) return undefined;
  const shown = readVariant(shownMember(group, chosen));
  if (shown === undefined || variantFamily(shown) === chosen) return undefined;
  const spelt = setSpelling(group, chosen, setVariants);
  if (spelt) return `No ${variantLabel(spelt)} drawing among these results`;
  const set = readSet(group.members[0]!);
  return `${set ? setLabel(set) : "This set"} has no ${variantLabel(chosen)}`;
}

/**
 * The same reason with what the cell shows instead ("Tabler has no Duotone: shown in Filled"), for a
 * cell whose drawing is another variant as it is (not a line weight drawn at a scale, which says
 * its width: weight-stroke's weightNote). Undefined when the cell shows the chosen variant.
 */
export function shownInsteadNote(
  group: VariantGroup,
  chosen: string | null,
  setVariants: ReadonlyMap<string, readonly string[]> = new Map(),
): string | undefined {
  const lacking = lackingNote(group, chosen, setVariants);
  const shown = readVariant(shownMember(group, chosen));
  return lacking && shown !== undefined ? `${lacking}: shown in ${variantLabel(shown)}` : lacking;
}

/** How the group's set spells the chosen variant, or undefined when the set has none of it. */
export function setSpelling(
  group: VariantGroup,
  chosen: string,
  setVariants: ReadonlyMap<string, readonly string[]> = new Map(),
): string | undefined {
  const set = readSet(group.members[0]!);
  const own = set ? (setVariants.get(set) ?? []) : [];
  return own.find((v) => variantFamily(v) === chosen);
}

/**
 * How many icons to announce (cells, not their variants: "rocket" is 5 icons, not the service's 16
 * assets): once every page is loaded, the cells; while pages remain, the service's total (every
 * variant) scaled by the cells per asset loaded so far, an estimate (icon-counts says "about").
 */
export function resultCount(items: readonly Asset[], total: number, complete: boolean): number {
  return resultIcons(items, total, complete).count;
}

/**
 * The same count, marked an estimate where it is one: pages remain and the loaded ones grouped
 * variants together, so the service's total had to be scaled. Without grouping (one drawing an
 * icon) the service's total is exactly the cells to come.
 */
export function resultIcons(items: readonly Asset[], total: number, complete: boolean): IconCount {
  const cells = groupVariants(items).length;
  if (complete) return { count: cells, about: false };
  if (items.length === 0 || cells === items.length) return { count: Math.max(cells, total), about: false };
  return aboutCount((total * cells) / items.length, cells);
}
