// A scripted catalogue whose assets name their set (contributor), style, tags and category, searched
// with the spec's filters: what the set filter, the home and the filter suggestions are built from.

import { json, PROXY, type Route } from "./fake-service";

export interface CatalogueAsset {
  uuid: string;
  name: string;
  contributor: string;
  styles: string[];
  tags: string[];
  categories: string[];
  urls: Record<string, string>;
}

/** `sizes` assets per set: every asset "line" but a third "glyph"; tags by position. */
export function catalogue(sizes: Record<string, number>): CatalogueAsset[] {
  return Object.entries(sizes).flatMap(([set, size]) =>
    Array.from({ length: size }, (_, i) => ({
      uuid: `${set}-${i}`,
      name: `${set} ${i}`,
      contributor: set,
      styles: [i % 3 === 0 ? "glyph" : "line"],
      tags: i % 2 === 0 ? ["arrow", "round"] : ["arrow"],
      categories: [i % 4 === 0 ? "travel" : "business"],
      urls: { svg: `${PROXY}/previews/${set}-${i}.svg` },
    })),
  );
}

/** Every set's first, then every set's second, ...: the "featured" order mixes sets, as the local API's. */
function interleaved<T extends { contributor: string }>(found: T[]): T[] {
  const rank = new Map<string, number>();
  const keyed = found.map((a) => {
    const r = rank.get(a.contributor) ?? 0;
    rank.set(a.contributor, r + 1);
    return [r, a] as const;
  });
  return keyed.sort((x, y) => x[0] - y[0]).map(([, a]) => a);
}

/**
 * /v3/search over `assets`: query (in the name), contributors[], styles[], include_tags[], paged; in
 * catalogue order (one set after another), or mixed for sort=featured.
 */
export function catalogueRoute(assets: readonly CatalogueAsset[]): Route {
  return (url) => {
    if (url.pathname !== "/v3/search") return undefined;
    const p = url.searchParams;
    const query = p.get("query") ?? "";
    const sets = p.getAll("contributors[]");
    const styles = p.getAll("styles[]");
    const tags = p.getAll("include_tags[]");
    const matching = assets.filter(
      (a) =>
        (!query || a.name.includes(query)) &&
        (!sets.length || sets.includes(a.contributor)) &&
        (!styles.length || a.styles.some((s) => styles.includes(s))) &&
        tags.every((t) => a.tags.includes(t)),
    );
    const found = p.get("sort") === "featured" ? interleaved(matching) : matching;
    const page = Number(p.get("page") ?? 1);
    const perPage = Number(p.get("per_page") ?? 60);
    return json({ items: { total: found.length, data: found.slice((page - 1) * perPage, page * perPage) } });
  };
}
