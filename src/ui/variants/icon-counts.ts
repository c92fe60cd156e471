// The counts the window shows, in icons (one cell each), never in drawings: the set chips, the
// home's set cards, the results line and the filter panel's suggestions read them here, by three
// rules, so every figure agrees with every other:
// 1. A set's figure is its drawings divided by its ONE held ratio (set-ratios: learnt once from a
//    fixed sample, kept with the kept home), rounded once ("about 1,510"). Where the search's first
//    page holds every drawing, the cells are counted instead: exact, at any window size.
// 2. Sums are sums: "All sets" is the sum of the set chips as they show; exact only if every part is.
// 3. The results line is the chosen set's chip, else All sets: the same search says the same figure.

import { computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import { readSet, readVariant } from "../../api/client/asset-names";
import type { Asset, SearchParams } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import type { SetEntry } from "../sets/sets-store";
import { groupVariants, resultIcons } from "./group-variants";
import {
  byRatio,
  countWords,
  type IconCount,
  learnShapes,
  type ShapeBook,
  sumCounts,
  variantsWords,
} from "./icon-estimate";
import { createSetRatios, type Probe, type SetRatio } from "./set-ratios";

export interface IconCountsSources {
  search: {
    items: ReadonlySignal<Asset[]>;
    total: ReadonlySignal<number>;
    hasMore: ReadonlySignal<boolean>;
    status: ReadonlySignal<string>;
    set: ReadonlySignal<string | null>;
    asset: ReadonlySignal<AssetType>;
    params?: ReadonlySignal<SearchParams>;
  };
  sets: {
    list: ReadonlySignal<SetEntry[]>;
    allCount: ReadonlySignal<number | null>;
  };
  /** A small search of its own (the sets' bounded, cached queue): a set's fixed sample. */
  probe?: Probe;
}

export function createIconCounts({ search, sets, probe }: IconCountsSources) {
  /** Each set's variants as seen: what the variant switch offers and "6 weights" (never a figure). */
  const book = signal<ShapeBook>(new Map());
  const teach = (items: readonly Asset[]) => {
    book.value = learnShapes(book.peek(), items);
  };
  const ratios = createSetRatios({
    asset: search.asset,
    sets: sets.list,
    ...(probe ? { probe } : {}),
    seen: teach,
  });
  const stopLearning = effect(() => {
    // Only a result list whose every page is in teaches variants (a cut list's choices would move
    // while pages load); samples naming no variant say their set has none.
    const items = search.items.value;
    const whole = !search.hasMore.value && search.status.value !== "loading";
    const plain = sets.list.value.flatMap((set) => set.samples.filter((a) => !readVariant(a)));
    teach(whole ? [...items, ...plain] : plain);
  });

  /**
   * Icons per set counted from the cells, when the search's first page holds every drawing. Only
   * then: whether later pages are in hangs on the window's size (a wide window asks for more cells),
   * and "star" read "about 134" at 280 px and "139" at 600 px. The first page is asked at any size.
   */
  const exact = computed(() => {
    const items = search.items.value;
    const firstPage = search.params?.value.per_page ?? Number.POSITIVE_INFINITY;
    if (search.hasMore.value || search.status.value === "loading" || !items.length) return undefined;
    if (items.length < search.total.value || search.total.value > firstPage) return undefined;
    const bySet = new Map<string, number>();
    const groups = groupVariants(search.items.value);
    for (const group of groups) {
      const set = readSet(group.members[0]!);
      if (set) bySet.set(set, (bySet.get(set) ?? 0) + 1);
    }
    return { chosen: search.set.value, all: groups.length, bySet };
  });

  /** A set's drawings in icons by its held ratio; null while it is learnt, undefined if it cannot be. */
  function inSet(set: string, drawings: number): IconCount | null | undefined {
    if (drawings === 0) return { count: 0, about: false };
    const ratio = ratios.of(set);
    return ratio ? byRatio(drawings, ratio.perIcon, ratio.exact) : ratio;
  }

  /** Held ratios taken together, each weighted by its set's share of what is counted. */
  const pool = (held: readonly { ratio: SetRatio; weight: number }[]): SetRatio | undefined => {
    if (!held.length) return undefined;
    const weight = held.reduce((n, h) => n + h.weight, 0);
    const icons = held.reduce((n, h) => n + h.weight / h.ratio.perIcon, 0);
    return { perIcon: weight / icons, exact: held.every((h) => h.ratio.exact) };
  };
  /** The current search's sets together (a style's count, sets past SETS_MAX): by their shares. */
  const pooled = computed(() =>
    pool(
      sets.list.value.flatMap((set) => {
        const ratio = ratios.of(set.name);
        return ratio && set.count ? [{ ratio, weight: set.count }] : [];
      }),
    ),
  );
  /** Every set of the type alike (Find similar's count, which the search tab's words must not move). */
  const everySet = computed(() => pool(ratios.all.value.map((ratio) => ({ ratio, weight: 1 }))));
  const by = (ratio: SetRatio | undefined, drawings: number): IconCount | undefined =>
    ratio ? byRatio(drawings, ratio.perIcon, ratio.exact) : undefined;
  const byPooled = (drawings: number) => by(pooled.value ?? everySet.value, drawings);

  /** A set's icons for the current search; null while counted, undefined when it cannot be said. */
  function ofSet(set: SetEntry): IconCount | null | undefined {
    const known = exact.value;
    if (known && (known.chosen === null || known.chosen === set.name))
      return { count: known.bySet.get(set.name) ?? 0, about: false };
    if (set.count === null) return null;
    return inSet(set.name, set.count);
  }

  /** All sets: the sum of the set chips as they show (rule 2); null while any is counted. */
  const all = computed<IconCount | null | undefined>(() => {
    const known = exact.value;
    if (known && known.chosen === null) return { count: known.all, about: false };
    const drawings = sets.allCount.value;
    if (drawings === null) return null;
    const list = sets.list.value;
    if (!list.length) return byPooled(drawings);
    const parts = list.map(ofSet);
    if (parts.some((part) => part === null)) return null;
    // Drawings in sets not offered (past SETS_MAX) are a part of their own, by every set's ratio.
    const rest = drawings - list.reduce((n, set) => n + (set.count ?? 0), 0);
    return sumCounts([...parts.map((part) => part ?? undefined), ...(rest > 0 ? [byPooled(rest)] : [])]);
  });

  /** The results' icons: the cells once all are in, else the chosen set's chip or All sets (rule 3). */
  const results = computed<IconCount | undefined>(() => {
    const known = exact.value;
    if (known) return { count: known.all, about: false };
    const chosen = search.set.value;
    const list = sets.list.value;
    // A service whose assets name no set: the cells per drawing loaded so far.
    if (!list.length) return resultIcons(search.items.value, search.total.value, false);
    const entry = chosen ? list.find((s) => s.name === chosen) : undefined;
    if (chosen && !entry) return inSet(chosen, search.total.value) ?? undefined;
    return (entry ? ofSet(entry) : all.value) ?? undefined;
  });

  /**
   * A search counted per set (a suggested filter value's): the sum of what each set's chip will say
   * once it is chosen; undefined while a set's ratio is unknown.
   */
  function ofSets(bySet: Readonly<Record<string, number>>): IconCount | undefined {
    return sumCounts(Object.entries(bySet).map(([set, drawings]) => inSet(set, drawings) ?? undefined));
  }

  /**
   * The variants of each set in the results (the chosen one, else every set the search finds), as
   * seen: what the variant switch offers, steady while the pages load.
   */
  const variantsBySet = computed<ReadonlyMap<string, readonly string[]>>(() => {
    const chosen = search.set.value;
    const names = chosen ? [chosen] : sets.list.value.filter((s) => s.count !== 0).map((s) => s.name);
    return new Map(names.map((name) => [name, book.value.get(name)?.variants ?? []]));
  });

  return {
    ofSet,
    ofSets,
    /** A set's held ratio (kept with the kept home); null while learnt. */
    ratioOf: (set: string) => ratios.of(set),
    /** Drawings an icon of this set has, as held; undefined while unknown. */
    perIcon: (set: string) => ratios.of(set)?.perIcon,
    /** Drawings over every set's ratio alike (a count that names no set: Find similar's). */
    pooledIcons: (drawings: number) => by(everySet.value, drawings),
    /** A count of the search's drawings (a style's) by the chosen set's ratio, else every set's. */
    ofDrawings: (drawings: number) => {
      const chosen = search.set.value;
      return chosen ? (inSet(chosen, drawings) ?? undefined) : byPooled(drawings);
    },
    variantsBySet,
    all,
    results,
    /** "6 weights" for a set whose icons come in six; empty for one drawing per icon. */
    variantsOf: (set: string) => variantsWords(book.value.get(set)),
    /** Another server: its sets' ratios and variants are learnt afresh. */
    refresh() {
      book.value = new Map();
      ratios.refresh();
    },
    dispose() {
      ratios.dispose();
      stopLearning();
    },
  };
}

export type IconCounts = ReturnType<typeof createIconCounts>;

/** "about 1,510 icons", "1 icon": a count with its noun ("icons", "illustrations"). */
export function countLabel(count: IconCount, plural: string): string {
  const singular = plural.endsWith("s") ? plural.slice(0, -1) : plural;
  return `${countWords(count)} ${count.count === 1 ? singular : plural}`;
}

/** The line above the results: "about 1,540 icons", "5 icons", "about 1,510 icons · 6 weights" in one set. */
export function resultSummary(
  counts: Pick<IconCounts, "results" | "variantsOf">,
  plural: string,
  set: string | null,
): string {
  const count = counts.results.value;
  if (!count) return "";
  return [countLabel(count, plural), set ? counts.variantsOf(set) : ""].filter(Boolean).join(" · ");
}
