// The searches a home's set cards are made of, in one place: the sets store asks them (sets-store.ts),
// and on a first-ever open the page's first script asks the very same ones as soon as the browse
// answers (boot/first-sets.ts), so their answers are in when the window's first render needs them.
// Kept free of stores and signals: the first script carries this file and little else.

import { assetSet } from "../../api/client/asset-facts";
import type { Asset, SearchParams } from "../../api/contract/spec-objects";
import { compareNames, setLabel } from "./set-names";

/**
 * Sets offered per type, at most. Each costs a count per search: a service whose "contributors" are
 * thousands of authors must not turn one search into hundreds of requests. The first met are kept.
 */
export const SETS_MAX = 12;
/** Sample pictures a set's card shows on the home (set-samples.ts picks them from its sample). */
export const SET_SAMPLES = 6;
/** A set's fixed sample (set-ratios) and its home card's pictures: one page, one request. */
export const SAMPLE_PAGE = 36;
/** One page in the featured order is enough to meet every set of a typical catalogue. */
export const DISCOVERY_PAGE = 60;
/** Counting searches in flight at once (totals.ts): they never crowd out the search waited for. */
export const COUNTS_IN_FLIGHT = 3;

/**
 * The sets `items` name added to those already `known`, the first met kept up to SETS_MAX, in name
 * order; undefined when they name no new one.
 */
export function learnSetNames(known: readonly string[], items: readonly Asset[]): string[] | undefined {
  const seen = new Set(known);
  for (const item of items) {
    const name = assetSet(item);
    if (name && seen.size < SETS_MAX) seen.add(name);
  }
  if (seen.size === known.length) return undefined;
  return [...seen].sort((a, b) => compareNames(setLabel(a), setLabel(b)));
}

/**
 * A set's small search beside `params` (the search without set, page or page size). Without words
 * it is the home card's: its most popular assets (relevance means nothing there, and a set's
 * alphabet starts on its least telling icons), a page of them so a set of six weights still shows
 * six different icons; that page is also the set's fixed sample its ratio is learnt from
 * (set-ratios). With words, one result: only its total is read.
 */
export function setSearch(params: SearchParams, set: string): SearchParams {
  const sample: SearchParams = params.query
    ? { per_page: 1 }
    : { per_page: SAMPLE_PAGE, ...(params.sort ? {} : { sort: "popular" }) };
  return { ...params, contributors: [set], ...sample };
}

/** The page in the featured order that meets sets a browse in name order would not name yet. */
export function discoverySearch(params: SearchParams): SearchParams {
  return { ...params, sort: "featured", per_page: DISCOVERY_PAGE };
}
