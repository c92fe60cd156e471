// Which icon sets a swap can go to and the weights each draws: learnt from the service (the spec
// lists neither), once a window. One featured page meets every set of a typical catalogue; one page
// of a set meets its weights.

import { readSet, readVariant, variantFamily } from "../../api/client/asset-names";
import type { Asset, SearchParams } from "../../api/contract/spec-objects";
import { inSwitchOrder } from "../variants/group-variants";
import { searchWords } from "./icon-terms";

export interface SetsApi {
  search(params: SearchParams, options?: { signal?: AbortSignal }): Promise<{ data: Asset[] }>;
}

const PAGE = 60;
/** Icon names whose drawings are looked at for the set's weights. */
const NAMES_PROBED = 2;

/** A name's drawings in a set: the search matching makes first for an icon (see match-icon.ts). */
export function byName(set: string, name: string): SearchParams {
  return { asset: "icon", query: searchWords(name), contributors: [set], per_page: PAGE };
}

/** The icon sets met, in the order met (the service's featured order). */
export async function iconSets(api: SetsApi): Promise<string[]> {
  const { data } = await api.search({ asset: "icon", sort: "featured", per_page: PAGE });
  return [...new Set(data.map(readSet).filter((s): s is string => s !== undefined))];
}

/**
 * A set's weights in its own spelling, thinnest first, the solid ones last: from its popular page,
 * and from the drawings of a few of the icons being swapped (Tabler's popular page is all outline,
 * its filled drawings rank later). Those name searches are the ones matching asks first, so with
 * the matching's cache as `search` they cost nothing more.
 */
export async function setWeights(
  search: (params: SearchParams) => Promise<Asset[]>,
  set: string,
  names: readonly string[],
): Promise<string[]> {
  const pages = await Promise.all([
    search({ asset: "icon", contributors: [set], sort: "popular", per_page: PAGE }),
    ...names.slice(0, NAMES_PROBED).map((name) => search(byName(set, name))),
  ]);
  const seen = new Map<string, Asset>();
  for (const asset of pages.flat()) {
    if (readSet(asset) !== set) continue;
    const variant = readVariant(asset);
    if (variant && !seen.has(variant)) seen.set(variant, asset);
  }
  return inSwitchOrder([...seen.values()]).map((a) => readVariant(a)!);
}

/** The weight of `weights` nearest the one the icons had: the same family, else regular, else the first. */
export function nearestWeight(weights: readonly string[], had: string | undefined): string | null {
  if (!weights.length) return null;
  const family = had ? variantFamily(had) : "regular";
  return (
    weights.find((w) => variantFamily(w) === family) ??
    weights.find((w) => variantFamily(w) === "regular") ??
    weights[0]!
  );
}
