// The counts the window shows, in icons (one cell each), never in drawings: the set chips, the
// home's set cards and the results summary read them here, so they agree. Where the search's every
// page is in, each set's icons are counted exactly from the cells; elsewhere the service's totals
// (drawings) are divided by what each set's icons were seen to have (icon-estimate), said "about".
// An estimate once said for a search (its parameters and the drawings the service counted) is said
// again wherever that search is counted: the filter panel's "Arrow about 330" is the "All sets" chip
// after Arrow is chosen, and the results line under it.

import { computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import { readSet, readVariant } from "../../api/asset-names";
import type { AssetType } from "../../api/contract";
import type { Asset, SearchParams } from "../../api/types";
import { queryKey } from "../search/query-key";
import type { SetEntry } from "../sets/sets-store";
import { groupVariants } from "./group-variants";
import {
  countWords,
  drawingsPerIcon,
  estimateIcons,
  type IconCount,
  learnShapes,
  type SetShape,
  type ShapeBook,
  variantsWords,
  wholeIconsOf,
} from "./icon-estimate";

export interface IconCountsSources {
  search: {
    items: ReadonlySignal<Asset[]>;
    total: ReadonlySignal<number>;
    hasMore: ReadonlySignal<boolean>;
    status: ReadonlySignal<string>;
    set: ReadonlySignal<string | null>;
    asset: ReadonlySignal<AssetType>;
    /** The search's parameters: figures are said once per search (optional where none is made). */
    params?: ReadonlySignal<SearchParams>;
  };
  sets: {
    list: ReadonlySignal<SetEntry[]>;
    allCount: ReadonlySignal<number | null>;
  };
  /** A small search of its own (the sets' bounded, cached queue): samples a set's shape. */
  probe?: (params: SearchParams, signal: AbortSignal) => Promise<{ total: number; items: Asset[] }>;
}

/** Names of a set's samples searched to learn its shape: few requests, a steadier ratio. */
export const SHAPE_PROBES = 3;
/**
 * A probe's page: an icon's every drawing fits in it with room to spare (a cut answer still tells
 * the probed icon: wholeIconsOf). The icons designers reach for first have dozens of namesakes,
 * so a larger page only sends more of them. Not the results' page size, so a probe is never
 * mistaken for (or cached as) a page of the results.
 */
const PROBE_PAGE = 24;

/** Searches whose set estimates are held steady; a session's worth, a few kB. */
const STEADY_MAX = 500;

/** Sets a figure in one of the held maps, the oldest out past STEADY_MAX. */
function keepBounded(held: Map<string, IconCount>, key: string, count: IconCount): void {
  held.set(key, count);
  if (held.size > STEADY_MAX) held.delete(held.keys().next().value as string);
}

/** A search and its count of drawings, as one key: the same search that found more is another. */
function saidKey(params: SearchParams, drawings: number): string {
  const { page: _page, per_page: _size, ...rest } = params;
  return `${queryKey(rest)}#${drawings}`;
}

/** Every set's shapes pooled: for a count over sets whose split is not known. */
function pooled(book: ShapeBook): SetShape | undefined {
  const icons = new Map<string, Set<string>>();
  const variants: string[] = [];
  for (const [set, shape] of book) {
    for (const [key, seen] of shape.icons) icons.set(`${set}\u0000${key}`, seen);
    for (const v of shape.variants) if (!variants.includes(v)) variants.push(v);
  }
  return icons.size ? { icons, variants } : undefined;
}

export function createIconCounts({ search, sets, probe }: IconCountsSources) {
  const book = signal<ShapeBook>(new Map());
  /** Estimates already shown, by set and its count of drawings (bounded: oldest first out). */
  const steady = new Map<string, IconCount>();
  /** Figures said per search (saidKey): every count of one search reads the first said. */
  const said = new Map<string, IconCount>();
  const remember = (key: string, count: IconCount) => keepBounded(said, key, count);
  /** The search without its set or page: what "All sets" counts. */
  const allSets = (): SearchParams | undefined => {
    const params = search.params?.value;
    if (!params) return undefined;
    const { contributors: _set, ...rest } = params;
    return rest;
  };
  /** This search in one set: what the set's chip counts. */
  const inSet = (name: string): SearchParams | undefined => {
    const base = allSets();
    return base ? { ...base, contributors: [name] } : undefined;
  };
  const stopLearning = effect(() => {
    // Only a result list whose every page is in teaches each set's shape: a cut list, in any
    // order, splits icons' drawings (a browse lists the popular regular drawings first; a search's
    // ties interleave the sets), and would read as fewer drawings an icon. A set's samples (one per
    // name) cannot tell either, but those naming no variant say the set has one drawing an icon.
    const items = search.items.value;
    const whole = !search.hasMore.value && search.status.value !== "loading";
    const plain = sets.list.value.flatMap((set) => set.samples.filter((a) => !readVariant(a)));
    book.value = learnShapes(book.peek(), whole ? [...items, ...plain] : plain);
  });

  // Each set's shape sampled once a session: its first samples' names searched within the set,
  // whose answers hold those icons' every drawing. SHAPE_PROBES a set in all, whatever later
  // searches sample (their whole results teach the book too). Failures are left unknown.
  const probed = new Set<string>();
  const probesOfSet = new Map<string, number>();
  /** Probes still out, by type and set: the set's figure waits for them all (see ofSet). */
  const outstanding = signal<ReadonlyMap<string, number>>(new Map());
  const bump = (ofSet: string, by: number) => {
    const next = new Map(outstanding.peek());
    const left = (next.get(ofSet) ?? 0) + by;
    if (left > 0) next.set(ofSet, left);
    else next.delete(ofSet);
    outstanding.value = next;
  };
  const abort = new AbortController();
  const stopProbing = effect(() => {
    if (!probe) return;
    const asset = search.asset.value;
    for (const set of sets.list.value) {
      // Samples naming no variant already told their set's shape: one drawing an icon.
      const varied = set.samples.filter((a) => readVariant(a));
      const names = [...new Set(varied.map((a) => a.name))].slice(0, SHAPE_PROBES);
      for (const name of names) {
        const key = `${asset}\u0000${set.name}\u0000${name}`;
        const ofSet = `${asset}\u0000${set.name}`;
        const spent = probesOfSet.get(ofSet) ?? 0;
        if (probed.has(key) || spent >= SHAPE_PROBES) continue;
        probed.add(key);
        probesOfSet.set(ofSet, spent + 1);
        const params: SearchParams = { asset, query: name, contributors: [set.name], per_page: PROBE_PAGE };
        const sample = varied.find((a) => a.name === name)!;
        bump(ofSet, 1);
        probe(params, abort.signal).then(
          (answer) => {
            book.value = learnShapes(book.peek(), wholeIconsOf(answer, sample));
            bump(ofSet, -1);
          },
          () => bump(ofSet, -1),
        );
      }
    }
  });

  /** Icons per set counted from the cells, when every page of the search is in. */
  const exact = computed(() => {
    if (search.hasMore.value || search.status.value === "loading" || !search.items.value.length)
      return undefined;
    const bySet = new Map<string, number>();
    const groups = groupVariants(search.items.value);
    for (const group of groups) {
      const set = readSet(group.members[0]!);
      if (set) bySet.set(set, (bySet.get(set) ?? 0) + 1);
    }
    return { chosen: search.set.value, all: groups.length, bySet };
  });

  /** A set's icons for the current search; null while counted, undefined when it cannot be said. */
  function ofSet(set: SetEntry): IconCount | null | undefined {
    const known = exact.value;
    if (known && (known.chosen === null || known.chosen === set.name))
      return { count: known.bySet.get(set.name) ?? 0, about: false };
    if (set.count === null) return null;
    const params = inSet(set.name);
    const once = params && said.get(saidKey(params, set.count));
    if (once) return once;
    // An estimate once said for this set's count is said again: the home's card and the chip after
    // it read one figure (5,730 on the home, then 5,650 as more drawings taught the shape, read as
    // a contradiction). Only cells counted once every page is in (above) replace it.
    const key = `${set.name}:${set.count}`;
    const held = steady.get(key);
    if (held) return held;
    // The last window's figure for this very count of drawings wins: the data has not changed, so
    // neither does the figure (a new sample of the set's shape read 7,350 one open, 7,800 the next).
    const kept = set.kept?.icons;
    const same = kept && set.kept?.drawings === set.count ? kept : undefined;
    // Otherwise a figure only once every probe of the set has answered: the first said is held, and
    // one said from the first probe's answer alone hung on which answer came first.
    const probing = (outstanding.value.get(`${search.asset.value}\u0000${set.name}`) ?? 0) > 0;
    const learnt = same ?? (probing ? undefined : estimateIcons(set.count, book.value.get(set.name)));
    if (learnt?.about) {
      keepBounded(steady, key, learnt);
    }
    if (learnt && params) remember(saidKey(params, set.count), learnt);
    // Meanwhile the last window's figure for an older count, not held: the shape soon says better.
    const fresh = learnt ?? kept ?? (probing ? null : undefined);
    return fresh;
  }

  /**
   * The icons a search of `drawings` drawings finds (a filter value's count, asked with a small
   * search of its own): the figure said for that search before, else `estimate` (the caller's, from
   * what it has seen of that search), else its set's shape or every set's. Said once, kept.
   */
  function ofSearch(params: SearchParams, drawings: number, estimate?: IconCount): IconCount | undefined {
    const key = saidKey(params, drawings);
    const once = said.get(key);
    if (once) return once;
    const only = params.contributors?.length === 1 ? params.contributors[0] : undefined;
    const fresh = estimate ?? estimateIcons(drawings, only ? book.value.get(only) : pooled(book.value));
    if (fresh) remember(key, fresh);
    return fresh;
  }

  /**
   * All sets together: exact from the cells, else the sum of the sets when they add up. Nothing
   * (null, "still counting") until every set is counted: a pooled guess from the one set learnt
   * first read "All sets 2,560" while Tabler alone had 7,240.
   */
  const all = computed<IconCount | null | undefined>(() => {
    const known = exact.value;
    if (known && known.chosen === null) return { count: known.all, about: false };
    const drawings = sets.allCount.value;
    if (drawings === null) return null;
    const params = allSets();
    const once = params && said.get(saidKey(params, drawings));
    if (once) return once;
    const { count, settled } = fromSets(drawings);
    // Kept only once every set's shape has a say: a pooled guess from the one set learnt first
    // must not become the search's figure.
    if (count && settled && params) remember(saidKey(params, drawings), count);
    return count;
  });

  /**
   * All sets' icons from each set's count, or every set's shape where they do not add up; settled
   * when no set's part is still unknown.
   */
  function fromSets(drawings: number): { count: IconCount | null | undefined; settled: boolean } {
    const list = sets.list.value;
    if (list.some((s) => s.count === null)) return { count: null, settled: false };
    const sum = list.reduce((n, s) => n + (s.count ?? 0), 0);
    const parts = list.map(ofSet);
    const known = parts.every((p) => p);
    if (list.length && sum === drawings && known) {
      return {
        count: {
          count: parts.reduce((n, p) => n + (p?.count ?? 0), 0),
          about: parts.some((p) => p?.about),
        },
        settled: true,
      };
    }
    return { count: estimateIcons(drawings, pooled(book.value)), settled: known };
  }

  /**
   * The results' icons: the cells once all are in, else the very figure its chip shows (the chosen
   * set's, or all sets'), so the summary and the chips never disagree; the search's own total
   * divided by the pooled shape only while the chips are still counting.
   */
  const results = computed<IconCount | undefined>(() => {
    const known = exact.value;
    if (known) return { count: known.all, about: false };
    const chosen = search.set.value;
    const entry = chosen ? sets.list.value.find((s) => s.name === chosen) : undefined;
    const chip = chosen ? (entry ? ofSet(entry) : undefined) : all.value;
    if (chip) return chip;
    // Not remembered: a figure said for the chips' wait must not outlive it.
    const params = search.params?.value;
    const once = params && said.get(saidKey(params, search.total.value));
    if (once) return once;
    return estimateIcons(search.total.value, chosen ? book.value.get(chosen) : pooled(book.value));
  });

  /**
   * The variants of each set in the results (the chosen one, else every set the search finds), as
   * learnt: what the variant switch offers, steady while the pages load.
   */
  const variantsBySet = computed<ReadonlyMap<string, readonly string[]>>(() => {
    const chosen = search.set.value;
    const names = chosen ? [chosen] : sets.list.value.filter((s) => s.count !== 0).map((s) => s.name);
    return new Map(names.map((name) => [name, book.value.get(name)?.variants ?? []]));
  });

  /**
   * A count of the search's drawings (a style's, say) in icons, by the chosen set's shape or every
   * set's; undefined while no shape is known. With the search it counts (`asked`), said as that
   * search's figure (ofSearch), the one its chips read once it is made.
   */
  function ofDrawings(drawings: number, asked?: SearchParams): IconCount | undefined {
    if (asked) return ofSearch(asked, drawings);
    const chosen = search.set.value;
    return estimateIcons(drawings, chosen ? book.value.get(chosen) : pooled(book.value));
  }

  return {
    ofSet,
    ofSearch,
    /** Drawings an icon of this set has, as learnt; undefined while unknown. */
    perIcon: (set: string) => drawingsPerIcon(book.value.get(set)),
    /** Drawings over every set's shape (a count that names no set: Find similar's). */
    pooledIcons: (drawings: number) => estimateIcons(drawings, pooled(book.value)),
    ofDrawings,
    variantsBySet,
    all,
    results,
    /** "6 weights" for a set whose icons come in six; empty for one drawing per icon. */
    variantsOf: (set: string) => variantsWords(book.value.get(set)),
    dispose() {
      abort.abort();
      stopLearning();
      stopProbing();
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
