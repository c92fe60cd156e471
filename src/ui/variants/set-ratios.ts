// Each set's drawings per icon, learnt ONCE from a fixed sample and then held for the session (and
// kept with the kept home, so the next window says the same). The service counts drawings (Phosphor's
// icon in six weights is six assets); the window shows icons, so every "about" figure is a set's
// drawings divided by this one number. Learnt from whatever searches came first, the number (and so
// "star: about 134" or "139") hung on the order of the designer's searches; from a fixed sample it
// does not.
//
// The sample: the set's first browse page in popular order, with no words and no filters (the very
// page the home's card shows its samples from, so the home pays nothing for it). Where that page
// lists each icon's drawings together, its icons tell the ratio (all but the last, which the page's
// edge may cut). Where it lists each icon once though its drawings name variants (a service listing
// its regular drawings first, or Tabler's outlines, whose filled drawings came in later releases),
// its first few names are searched within the set, each answer holding that icon's every drawing
// (wholeIconsOf), and the ratio is said once every one has answered.

import { computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import type { Asset, SearchParams } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import { wholeIconsOf } from "./icon-estimate";
import { ratioOf, readSample, type SetRatio, samplePage, shapeSearch } from "./set-sample";

export { SAMPLE_PAGE } from "../sets/home-searches";
export { readSample, type SetRatio, SHAPE_PROBES, samplePage } from "./set-sample";

export type Probe = (params: SearchParams, signal: AbortSignal) => Promise<{ total: number; items: Asset[] }>;

export function createSetRatios(options: {
  asset: ReadonlySignal<AssetType>;
  /** The sets offered now, each with the ratio a kept home carried for it (held at once). */
  sets: ReadonlySignal<readonly { name: string; kept?: { ratio?: SetRatio } }[]>;
  probe?: Probe;
  /** Every drawing the samples saw: they teach the set's variants ("6 weights") too. */
  seen?: (items: readonly Asset[]) => void;
}) {
  /** Held ratios by type and set; null while being learnt. Never replaced once said. */
  const held = signal<ReadonlyMap<string, SetRatio | null>>(new Map());
  const keyOf = (asset: AssetType, set: string) => `${asset}\u0000${set}`;
  const hold = (key: string, ratio: SetRatio | null | undefined) => {
    const was = held.peek().get(key);
    if (was) return;
    const next = new Map(held.peek());
    if (ratio === undefined) next.delete(key);
    else next.set(key, ratio);
    held.value = next;
  };
  let abort = new AbortController();
  /** Bumped for another server: what the old one's samples said is never held. */
  const generation = signal(0);

  async function learn(asset: AssetType, set: string, probe: Probe): Promise<SetRatio | undefined> {
    const page = await probe(samplePage(asset, set), abort.signal);
    options.seen?.(page.items);
    const told = readSample(set, page);
    if (!told) return undefined;
    if ("ratio" in told) return told.ratio;
    // Every answer or none: a ratio from the two that answered would differ from the next window's
    // (a failed search is asked again when the sets are next counted).
    const answers = await Promise.all(
      told.probe.map((sample) =>
        probe(shapeSearch(asset, set, sample.name), abort.signal).then((answer) =>
          wholeIconsOf(answer, sample),
        ),
      ),
    );
    options.seen?.(answers.flat());
    return ratioOf(answers.flat(), set, false);
  }

  const stop = effect(() => {
    const asset = options.asset.value;
    const now = generation.value;
    for (const set of options.sets.value) {
      const key = keyOf(asset, set.name);
      if (held.peek().has(key)) continue;
      const kept = set.kept?.ratio;
      if (kept) {
        hold(key, kept);
        continue;
      }
      const { probe } = options;
      if (!probe) continue;
      hold(key, null);
      learn(asset, set.name, probe).then(
        (ratio) => generation.peek() === now && hold(key, ratio),
        () => generation.peek() === now && hold(key, undefined),
      );
    }
  });

  return {
    /** A set's ratio: null while being learnt, undefined when it cannot be told. */
    of: (set: string): SetRatio | null | undefined => held.value.get(keyOf(options.asset.value, set)),
    /** Every held ratio of the current type (for counts that name no set). */
    all: computed(() => {
      const prefix = `${options.asset.value}\u0000`;
      return [...held.value]
        .filter((entry): entry is [string, SetRatio] => entry[0].startsWith(prefix) && entry[1] !== null)
        .map(([, ratio]) => ratio);
    }),
    /** Another server: its sets' ratios are learnt afresh (its kept home carries its own). */
    refresh() {
      abort.abort();
      abort = new AbortController();
      held.value = new Map();
      generation.value++;
    },
    dispose() {
      abort.abort();
      stop();
    },
  };
}

export type SetRatios = ReturnType<typeof createSetRatios>;
