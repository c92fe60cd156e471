// Search over the catalogue: text matches from the inverted index, filters, the four sort orders
// (precomputed once per order) and paging inside the result window.

import type { SearchParams } from "../../api/contract/spec-objects";
import { type AssetType, PER_PAGE_DEFAULT, SEARCH_DEFAULT_ASSET, type Sort } from "../../api/contract/tables";
import type { Catalog } from "../catalog/catalog";
import type { CatalogAsset } from "../catalog/types";
import { alternateSetsWithinTies } from "./alternate-sets";
import { filterFor } from "./filters";
import { TextIndex } from "./text-index";

export interface SearchPage {
  total: number;
  items: CatalogAsset[];
}

type OrderKey = Exclude<Sort, "relevant">;

/**
 * popular and latest: the set's ranks (see catalog.ts), then name; featured: the interleaved set
 * positions, then name. A query sorted by relevance ties by the featured order, so equal scores are stable.
 */
function byName(a: CatalogAsset, b: CatalogAsset): number {
  return (
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    a.variantRank - b.variantRank ||
    (a.contributor < b.contributor ? -1 : a.contributor > b.contributor ? 1 : 0) ||
    (a.uuid < b.uuid ? -1 : 1)
  );
}

export class SearchIndex {
  private readonly text: TextIndex;
  /** Asset indices in each order; position[order][index] is an asset's place in it. */
  private readonly orders = {} as Record<OrderKey, Int32Array>;
  private readonly position = {} as Record<OrderKey, Int32Array>;

  private readonly rankedCache = new Map<string, Int32Array>();

  constructor(
    private readonly catalog: Catalog,
    /** How many queries' rankings to keep (0: none, e.g. to measure uncached search). */
    private readonly cacheSize = 128,
  ) {
    const assets = catalog.assets;
    this.text = new TextIndex(assets);
    // One string sort gives every asset a name rank; the three orders then compare numbers only.
    const byNameOrder = Int32Array.from(assets.keys()).sort((a, b) => byName(assets[a]!, assets[b]!));
    const nameRank = new Int32Array(assets.length);
    byNameOrder.forEach((index, place) => {
      nameRank[index] = place;
    });
    const primary: Record<OrderKey, (asset: CatalogAsset) => number> = {
      popular: (asset) => asset.popularity,
      latest: (asset) => asset.recency,
      featured: (asset) => asset.featured,
    };
    for (const key of Object.keys(primary) as OrderKey[]) {
      const keyOf = Float64Array.from(assets, primary[key]);
      const order = Int32Array.from(assets.keys()).sort(
        (a, b) => keyOf[b]! - keyOf[a]! || nameRank[a]! - nameRank[b]!,
      );
      const position = new Int32Array(assets.length);
      order.forEach((index, place) => {
        position[index] = place;
      });
      this.orders[key] = order;
      this.position[key] = position;
    }
  }

  /** Runs validated parameters; page and per_page are trusted to lie inside the window. */
  search(params: SearchParams): SearchPage {
    const type: AssetType = params.asset ?? SEARCH_DEFAULT_ASSET;
    const sort = params.sort ?? "relevant";
    const perPage = params.per_page ?? PER_PAGE_DEFAULT;
    const start = ((params.page ?? 1) - 1) * perPage;
    const accept = filterFor(params, type);
    const assets = this.catalog.assets;
    const query = params.query?.trim() ?? "";
    if (query === "") {
      // Browsing: walk the precomputed order, counting every match and keeping only the page.
      const order = this.orders[sort === "relevant" ? "featured" : sort];
      const items: CatalogAsset[] = [];
      let total = 0;
      for (const index of order) {
        const asset = assets[index]!;
        if (!accept(asset)) continue;
        if (total >= start && items.length < perPage) items.push(asset);
        total += 1;
      }
      return { total, items };
    }
    const ranked = this.ranked(query, sort);
    const matches: number[] = [];
    for (const index of ranked) if (accept(assets[index]!)) matches.push(index);
    return {
      total: matches.length,
      items: matches.slice(start, start + perPage).map((index) => assets[index]!),
    };
  }

  /**
   * The assets matching `query`, in `sort` order, before filters. Kept for the latest queries:
   * paging and re-filtering one query is what a designer does most, and short prefixes ("a") match
   * thousands of assets.
   */
  private ranked(query: string, sort: Sort): Int32Array {
    const key = `${sort}\u0000${query.toLowerCase()}`;
    const hit = this.rankedCache.get(key);
    if (hit) {
      this.rankedCache.delete(key);
      this.rankedCache.set(key, hit);
      return hit;
    }
    const matches = this.text.match(query);
    const featured = this.position.featured;
    if (sort === "relevant") {
      matches.sort((a, b) => b.score - a.score || featured[a.index]! - featured[b.index]!);
      alternateSetsWithinTies(matches, this.catalog.assets);
    } else {
      const position = this.position[sort];
      matches.sort((a, b) => position[a.index]! - position[b.index]!);
    }
    const ranked = Int32Array.from(matches, (match) => match.index);
    if (this.cacheSize > 0) {
      this.rankedCache.set(key, ranked);
      if (this.rankedCache.size > this.cacheSize)
        this.rankedCache.delete(this.rankedCache.keys().next().value!);
    }
    return ranked;
  }
}
