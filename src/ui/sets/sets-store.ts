// The sets of the current type, each with how many assets it has for the current query and filters.
// The spec lists no sets: they are discovered from the sets of the assets searches return (the results
// shown, then once a session per type one page in the service's "featured" order, which mixes sets),
// remembered per type for the session. Counting waits for the search's first page: when it holds every
// result, each set is counted from it (no request); otherwise each set is counted with a small search
// in that set. With no set chosen, "all sets" is the search's own total. A new query or filter aborts
// the counting of the old one; answers are cached, so going back to a search costs nothing.

import { batch, computed, effect, signal } from "@preact/signals";
import { assetSet } from "../../api/client/asset-facts";
import type { Asset, SearchParams } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import { queryKey } from "../search/query-key";
import type { SearchStore } from "../search/search-store";
import type { SetRatio } from "../variants/set-ratios";
import { discoverySearch, learnSetNames, SET_SAMPLES, SETS_MAX, setSearch } from "./home-searches";
import { type KeptHome, type KeptSet, withKeptPictures } from "./kept-sets";
import { compareNames, setLabel } from "./set-names";
import { setSamples } from "./set-samples";

import type { Probe, Totals } from "./totals";

export { SET_SAMPLES, SETS_MAX } from "./home-searches";
/**
 * A kept home younger than this already names the sets a featured page would meet: a designer who
 * reopens the window within minutes is not asked to look again (the results still name new ones).
 */
export const KEPT_SETS_FRESH_MS = 10 * 60_000;

export interface SetEntry {
  name: string;
  label: string;
  /** null while being counted. */
  count: number | null;
  samples: Asset[];
  /** The last window's words for the set's variants and its held ratio (home-snapshot). */
  kept?: { ratio?: SetRatio; variants: string };
}

/** A count that failed or was aborted is left unknown: never worth a notice. */
const ignore = () => undefined;

type SearchPart = Pick<SearchStore, "params" | "items" | "asset" | "set" | "status" | "total" | "hasMore">;

/** Each named set's share of a search whose every result is in: counted without a request. */
function splitBySet(names: readonly string[], items: readonly Asset[]): Record<string, Probe> {
  const bySet: Record<string, Probe> = Object.fromEntries(
    names.map((name) => [name, { total: 0, items: [] }]),
  );
  for (const item of items) {
    const entry = bySet[assetSet(item) ?? ""];
    if (!entry) continue;
    entry.total++;
    entry.items.push(item);
  }
  return bySet;
}

export function createSetsStore(options: { search: SearchPart; totals: Totals }) {
  const { search, totals } = options;
  const known = signal<Partial<Record<AssetType, string[]>>>({});
  const answers = signal<{ key: string; all: number | null; bySet: Record<string, Probe> }>({
    key: "",
    all: null,
    bySet: {},
  });

  /** The search without its set, page or page size: what every count starts from. */
  const base = computed<SearchParams>(() => {
    const { contributors: _set, page: _page, per_page: _size, ...rest } = search.params.value;
    return rest;
  });
  const baseKey = computed(() => queryKey(base.value));

  function learn(type: AssetType, items: readonly Asset[]) {
    const names = learnSetNames(known.peek()[type] ?? [], items);
    if (names) known.value = { ...known.peek(), [type]: names };
  }

  // The results shown name sets too.
  const stopLearning = effect(() => {
    learn(search.asset.peek(), search.items.value);
  });

  /** 0 until the first search leaves; bumped to count again (another server). */
  const generation = signal(0);
  /** Types whose sets were looked for in the featured order, this generation: once is enough. */
  const discovered = new Set<string>();
  /** One run per search: what it has asked (set names; "" for all sets); a new search aborts it. */
  let running: { key: string; abort: AbortController; asked: Set<string> } | undefined;

  const answer = (patch: { all?: number; bySet?: Record<string, Probe> }) => {
    const held = answers.peek();
    answers.value = {
      key: held.key,
      all: patch.all ?? held.all,
      bySet: patch.bySet ? { ...held.bySet, ...patch.bySet } : held.bySet,
    };
  };

  /** Once a session per type: a featured page meets sets a browse in name order would not name yet. */
  function discover(type: AssetType, params: SearchParams, signal: AbortSignal) {
    const discovery = `${generation.peek()}:${type}`;
    if (discovered.has(discovery)) return;
    discovered.add(discovery);
    const kept = keptNow.peek();
    if (kept?.savedAt !== undefined && Math.abs(Date.now() - kept.savedAt) < KEPT_SETS_FRESH_MS) return;
    totals.probe(discoverySearch(params), signal).then((probe) => {
      if (signal.aborted) return;
      batch(() => {
        if (search.set.peek()) answer({ all: probe.total });
        learn(type, probe.items);
      });
    }, ignore);
  }

  /** A small search in each set not yet asked in this run (and all sets, when one is chosen). */
  function probeSets(
    params: SearchParams,
    names: readonly string[],
    signal: AbortSignal,
    asked: Set<string>,
  ) {
    // Without a query the home shows a few of each set, from the page its ratio is learnt from too
    // (home-searches.ts): one request serves both. The count is the same.
    for (const name of names) {
      if (asked.has(name)) continue;
      asked.add(name);
      const search = name ? setSearch(params, name) : { ...params, per_page: 1 };
      totals.probe(search, signal).then((probe) => {
        if (signal.aborted) return;
        answer(name ? { bySet: { [name]: probe } } : { all: probe.total });
      }, ignore);
    }
  }

  const stopCounting = effect(() => {
    if (generation.value === 0) return;
    const key = `${generation.value}:${baseKey.value}`;
    const params = base.value;
    const type = params.asset ?? search.asset.peek();
    const names = known.value[type] ?? [];
    if (running?.key !== key) {
      running?.abort.abort();
      running = { key, abort: new AbortController(), asked: new Set() };
      answers.value = { key, all: null, bySet: {} };
    }
    const { signal } = running.abort;
    const { asked } = running;
    // Until a result names its set there is nothing to count: a service whose assets name none
    // (the field is a guess) costs no extra request.
    if (!names.length) return;
    discover(type, params, signal);
    // The search's own first page decides how the sets are counted: wait for it (it goes first).
    const status = search.status.value;
    if (status !== "ready" && status !== "more") return;
    const chosen = search.set.value;
    const items = search.items.value;
    const total = search.total.value;
    if (chosen) {
      // The chosen set's count is the search's own total; all sets and the others are asked.
      if (!asked.has(chosen)) {
        asked.add(chosen);
        answer({ bySet: { [chosen]: { total, items } } });
      }
      probeSets(params, answers.peek().all === null ? ["", ...names] : names, signal, asked);
      return;
    }
    // Over all sets, the search's total is the "all sets" figure; when every result is in, each
    // set's share is counted from them, without a request.
    const whole = !search.hasMore.value && items.length >= total;
    if (whole) {
      answer({ all: total, bySet: splitBySet(names, items) });
      return;
    }
    if (answers.peek().all !== total) answer({ all: total });
    probeSets(params, names, signal, asked);
  });

  /** The last window's home, shown for the same browse until the service answers. */
  const seeded = signal<(KeptHome & { byName: ReadonlyMap<string, KeptSet> }) | null>(null);

  /** The kept home while it is the one asked for (same type, same browse). */
  const keptNow = computed(() => {
    const seed = seeded.value;
    return seed?.type === search.asset.value && seed.key === baseKey.value ? seed : undefined;
  });

  const list = computed<SetEntry[]>(() => {
    const type = search.asset.value;
    const { bySet } = answers.value;
    const kept = keptNow.value?.byName;
    return (known.value[type] ?? []).map((name) => {
      const was = kept?.get(name);
      const live = bySet[name];
      return {
        name,
        label: setLabel(name),
        count: live?.total ?? was?.count ?? null,
        samples: live ? withKeptPictures(setSamples(live.items, SET_SAMPLES), was) : (was?.samples ?? []),
        ...(was
          ? {
              kept: {
                ...(was.ratio ? { ratio: was.ratio } : {}),
                variants: was.variants,
              },
            }
          : {}),
      };
    });
  });

  return {
    /** The current type's sets, in name order (a list that stays put while counts change). */
    list,
    /** How many all sets together have for the current search; null while counting. */
    allCount: computed(() => answers.value.all ?? keptNow.value?.all ?? null),
    /** The browse's search without its set or page (what a kept home is keyed by). */
    baseKey,
    /** Whether every set of the list has the service's own answer (not the kept home's). */
    answered: computed(() => {
      const { bySet } = answers.value;
      const names = known.value[search.asset.value] ?? [];
      return names.length > 0 && names.every((name) => bySet[name] !== undefined);
    }),
    /** Shows the last window's home until the service answers (its sets learnt now, in name order). */
    seed(home: KeptHome) {
      batch(() => {
        seeded.value = { ...home, byName: new Map(home.sets.map((set) => [set.name, set])) };
        const had = known.peek()[home.type] ?? [];
        const names = [...new Set([...had, ...home.sets.map((set) => set.name)])].slice(0, SETS_MAX);
        names.sort((a, b) => compareNames(setLabel(a), setLabel(b)));
        known.value = { ...known.peek(), [home.type]: names };
      });
    },
    /** Starts counting (with the first search, so settings are loaded first). */
    begin() {
      if (generation.peek() === 0) generation.value = 1;
    },
    /** Another server: its sets are learnt and counted afresh. */
    refresh() {
      known.value = {};
      seeded.value = null;
      discovered.clear();
      generation.value++;
    },
    dispose() {
      running?.abort.abort();
      stopLearning();
      stopCounting();
    },
  };
}

export type SetsStore = ReturnType<typeof createSetsStore>;
