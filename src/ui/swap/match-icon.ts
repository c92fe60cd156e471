// Finds the nearest icon of another set (and weight) for one icon on the canvas: the same name
// first, then the most tags in common, then what looks most alike through the reverse image search
// (a picture of the icon as drawn). Each way says which it was, so the review can tell how sure the
// match is; a few other candidates ride along for the designer to pick instead.

import { readSet, readVariant, variantFamily } from "../../api/client/asset-names";
import type {
  Asset,
  ReverseSearchFilters,
  ReverseSearchResult,
  SearchParams,
} from "../../api/contract/spec-objects";
import type { AssetRef } from "../../messages/types";
import { groupVariants, shownMember, type VariantGroup } from "../variants/group-variants";
import { plainTerm, searchWords, TAGS_MIN_SCORE, TAGS_MIN_SHARED, termLikeness, termsOf } from "./icon-terms";
import { byName as nameSearch } from "./target-sets";

export interface MatchApi {
  item(uuid: string, options?: { signal?: AbortSignal }): Promise<{ item: Asset }>;
  search(params: SearchParams, options?: { signal?: AbortSignal }): Promise<{ data: Asset[] }>;
  reverseSearchByFile(
    file: Blob,
    filters?: ReverseSearchFilters,
    options?: { signal?: AbortSignal },
  ): Promise<ReverseSearchResult>;
}

/** Where the icon is going: a set, and one of its weights (null: the set's first drawing). */
export interface SwapTarget {
  set: string;
  variant: string | null;
}

export interface SwapSource {
  asset: AssetRef;
  /** The icon as drawn on the canvas (PNG), for the reverse image search. */
  picture: Uint8Array;
}

export type MatchWay = "name" | "tags" | "look";

export type MatchOutcome =
  | { kind: "matched"; way: MatchWay; asset: Asset; others: Asset[] }
  /** `same`: already this set's icon in this weight. `none`: nothing in the set is like it. */
  | { kind: "unmatched"; why: "same" | "none" };

/** Candidates offered beside the match, for the designer to pick another. */
export const OTHERS_MAX = 5;
/** Tags searched for one icon: the first ones are the set's own words for it. */
const TAGS_SEARCHED = 4;
const TAG_PAGE = 30;

/** Searches and item answers shared by every icon of one matching: icons share names and tags. */
export function createMatchCache(api: () => MatchApi) {
  const searches = new Map<string, Promise<Asset[]>>();
  const items = new Map<string, Promise<Asset | null>>();
  return {
    search(params: SearchParams, signal?: AbortSignal): Promise<Asset[]> {
      const key = JSON.stringify(params);
      let found = searches.get(key);
      if (!found) {
        found = api()
          .search(params, signal ? { signal } : {})
          .then((answer) => answer.data);
        // A failed search is asked again next time rather than failing every later icon.
        found.catch(() => searches.delete(key));
        searches.set(key, found);
      }
      return found;
    },
    /** The service's record of an icon; null when it no longer knows it (the canvas record stands). */
    item(uuid: string, signal?: AbortSignal): Promise<Asset | null> {
      let found = items.get(uuid);
      if (!found) {
        found = api()
          .item(uuid, signal ? { signal } : {})
          .then(
            (answer) => answer.item,
            (error: unknown) => {
              if ((error as { reason?: string }).reason === "item_not_found") return null;
              items.delete(uuid);
              throw error;
            },
          );
        items.set(uuid, found);
      }
      return found;
    },
    reverse: (file: Blob, filters: ReverseSearchFilters, signal?: AbortSignal) =>
      api().reverseSearchByFile(file, filters, signal ? { signal } : {}),
  };
}

export type MatchCache = ReturnType<typeof createMatchCache>;

/** The candidates of one name, as the drawing for the chosen weight (or its nearest). */
function inWeight(candidates: readonly Asset[], name: string, variant: string | null): Asset | undefined {
  const members = candidates.filter((c) => plainTerm(c.name ?? "") === name);
  if (!members.length) return undefined;
  return shownMember({ key: name, members }, variant);
}

/** Whether the candidate is drawn in the chosen weight (or its family: Tabler's "outline" is Regular). */
function drawnIn(asset: Asset, variant: string | null): boolean {
  if (!variant) return true;
  const own = readVariant(asset);
  return own !== undefined && variantFamily(own) === variantFamily(variant);
}

/** A name's drawings in the set, asked when the weight wanted was not among those met. */
async function completed(
  cache: MatchCache,
  target: SwapTarget,
  name: string,
  met: readonly Asset[],
  signal?: AbortSignal,
): Promise<Asset> {
  const first = inWeight(met, name, target.variant)!;
  if (drawnIn(first, target.variant)) return first;
  const all = await cache.search(byName(target, name), signal);
  return inWeight([...met, ...all], name, target.variant) ?? first;
}

const byName = (target: SwapTarget, name: string) => nameSearch(target.set, name);

/** The other names met, each in the chosen weight as far as met, best first, the match left out. */
function othersOf(ranked: readonly Asset[], chosen: Asset, variant: string | null): Asset[] {
  const skip = plainTerm(chosen.name ?? "");
  const groups = groupVariants(ranked).filter((g) => plainTerm(g.members[0]!.name ?? "") !== skip);
  return groups.slice(0, OTHERS_MAX).map((g) => shownMember(g, variant));
}

/**
 * How well a candidate's terms fit the icon's. `named`: the candidate is called by one of the icon's
 * tags and carries the icon's name among its own terms (Phosphor's "house", tagged home, and
 * Tabler's "home", tagged house): the two sets' words for one thing, surer than any share of tags.
 */
function tagScore(candidate: Asset, sourceTerms: ReadonlySet<string>, group: VariantGroup) {
  const terms = termsOf(candidate);
  const candidateName = plainTerm(candidate.name ?? "");
  const { shared, score } = termLikeness(sourceTerms, terms);
  const named = sourceTerms.has(candidateName) && shared >= TAGS_MIN_SHARED;
  return { group, shared, score, named };
}

export async function matchIcon(
  cache: MatchCache,
  source: SwapSource,
  target: SwapTarget,
  signal?: AbortSignal,
): Promise<MatchOutcome> {
  const known = await cache.item(source.asset.uuid, signal);
  if (known && readSet(known) === target.set && (!target.variant || drawnIn(known, target.variant)))
    return { kind: "unmatched", why: "same" };
  const name = plainTerm(known?.name ?? source.asset.name);
  const sourceTerms = known ? termsOf(known) : new Set([name]);

  // 1. The same name in the target set.
  const named = name ? await cache.search(byName(target, name), signal) : [];
  if (inWeight(named, name, target.variant)) {
    const asset = await completed(cache, target, name, named, signal);
    return { kind: "matched", way: "name", asset, others: othersOf(named, asset, target.variant) };
  }

  // 2. The most terms in common among the icons the name's words and the first tags find.
  const tags = [...sourceTerms].filter((t) => t !== name).slice(0, TAGS_SEARCHED);
  const tagged = await Promise.all(
    tags.map((tag) =>
      cache.search(
        { asset: "icon", query: searchWords(tag), contributors: [target.set], per_page: TAG_PAGE },
        signal,
      ),
    ),
  );
  const pool = [...named, ...tagged.flat()].filter((c) => readSet(c) === target.set);
  const scored = groupVariants(pool)
    .map((group) => tagScore(group.members[0]!, sourceTerms, group))
    .sort((a, b) => Number(b.named) - Number(a.named) || b.score - a.score || b.shared - a.shared);
  const best = scored[0];
  if (best && (best.named || (best.shared >= TAGS_MIN_SHARED && best.score >= TAGS_MIN_SCORE))) {
    const bestName = plainTerm(best.group.members[0]!.name ?? "");
    const asset = await completed(cache, target, bestName, pool, signal);
    const ranked = scored.flatMap((s) => s.group.members);
    return { kind: "matched", way: "tags", asset, others: othersOf(ranked, asset, target.variant) };
  }

  // 3. What looks most alike, as the service sees the icon's picture.
  const picture = new Blob([source.picture.slice()], { type: "image/png" });
  const alike = await cache.reverse(picture, { asset: "icon", contributors: [target.set] }, signal);
  const looks = alike.data.filter((c) => readSet(c) === target.set);
  const nearest = looks[0];
  if (!nearest) return { kind: "unmatched", why: "none" };
  const asset = await completed(cache, target, plainTerm(nearest.name ?? ""), looks, signal);
  return { kind: "matched", way: "look", asset, others: othersOf(looks, asset, target.variant) };
}
