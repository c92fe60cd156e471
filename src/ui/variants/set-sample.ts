// A set's fixed sample read on its own: the ratio it tells, or the few names to search within the set
// when it cannot tell it (see set-ratios.ts for why a fixed sample). Kept free of stores and signals:
// the page's first script asks these searches on a first-ever home too (boot/first-sets.ts).

import { iconKey, readVariant } from "../../api/client/asset-names";
import type { Asset, SearchParams } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import { setSearch } from "../sets/home-searches";
import { drawingsPerIcon, learnShapes } from "./icon-estimate";

/** A set's drawings per icon. `exact`: no drawing names a variant, so one drawing is one icon. */
export interface SetRatio {
  perIcon: number;
  exact: boolean;
}

/** Names searched within a set whose sample lists each icon once: few requests, a steadier ratio. */
export const SHAPE_PROBES = 3;
/** A probe's page: an icon's every drawing fits with room to spare (a cut answer still tells it). */
const PROBE_PAGE = 24;

/** One name searched within its set: the answer holds that icon's every drawing (wholeIconsOf). */
export const shapeSearch = (asset: AssetType, set: string, name: string): SearchParams => ({
  asset,
  query: name,
  contributors: [set],
  per_page: PROBE_PAGE,
});

/** The fixed sample of a set: its first browse page, popular first, no words, no filters. */
export const samplePage = (asset: AssetType, set: string): SearchParams => setSearch({ asset }, set);

export const ratioOf = (items: readonly Asset[], set: string, exact: boolean): SetRatio | undefined => {
  const perIcon = drawingsPerIcon(learnShapes(new Map(), items).get(set));
  return perIcon === undefined ? undefined : { perIcon, exact };
};

/**
 * What the sample page tells by itself: a ratio, or the names to search when it lists each icon once
 * (or scatters an icon's drawings) though they name variants.
 */
export function readSample(
  set: string,
  page: { total: number; items: readonly Asset[] },
): { ratio: SetRatio } | { probe: Asset[] } | undefined {
  const { items } = page;
  if (!items.length) return undefined;
  if (!items.some((item) => readVariant(item))) return { ratio: { perIcon: 1, exact: true } };
  // Runs of one icon's drawings, in the page's order.
  const runs: Asset[][] = [];
  let runKey: string | undefined;
  const seen = new Set<string>();
  let together = true;
  for (const item of items) {
    const key = iconKey(item) ?? `alone\u0000${item.uuid}`;
    if (key === runKey) {
      runs.at(-1)!.push(item);
      continue;
    }
    if (seen.has(key)) together = false;
    seen.add(key);
    runKey = key;
    runs.push([item]);
  }
  const whole = items.length >= page.total;
  // The page's last icon may go on past its edge: left out unless the page holds the whole set.
  const usable = whole ? runs : runs.slice(0, -1);
  const grouped = usable.some((run) => run.length > 1);
  if (together && usable.length && (whole || grouped)) {
    const ratio = ratioOf(usable.flat(), set, false);
    if (ratio) return { ratio };
  }
  const firsts = new Map<string, Asset>();
  for (const item of items) if (readVariant(item) && !firsts.has(item.name)) firsts.set(item.name, item);
  return { probe: [...firsts.values()].slice(0, SHAPE_PROBES) };
}
