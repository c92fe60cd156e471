// The whole catalogue: the packaged icon sets plus (or instead of) an operator's JSON-lines file,
// with ordering keys made comparable across sets.

import type { AssetType } from "../../api/contract/tables";
import { EDITORIAL_PICKS, editorialPlaces, editorialStart } from "./editorial-order";
import { loadFluentEmoji } from "./fluent-emoji";
import { loadFluentEmoji3d } from "./fluent-emoji-3d";
import { loadCatalogFile } from "./jsonl";
import { loadOpenmoji } from "./openmoji";
import { loadPhosphor } from "./phosphor";
import { loadTabler } from "./tabler";
import type { AssetLicense, CatalogAsset } from "./types";
import { loadUseAnimations } from "./useanimations";

export interface Catalog {
  assets: readonly CatalogAsset[];
  byUuid: ReadonlyMap<string, CatalogAsset>;
  /** Licence per contributor (set), served at /licenses/{contributor}. */
  licenses: ReadonlyMap<string, AssetLicense>;
  countByType(): Record<AssetType, number>;
}

let builtin: CatalogAsset[] | undefined;

/** The packaged sets, read once per process (several instances, e.g. in tests, share them read-only). */
function builtinAssets(): CatalogAsset[] {
  builtin ??= [
    ...loadTabler(),
    ...loadPhosphor(),
    ...loadOpenmoji(),
    ...loadFluentEmoji(),
    ...loadFluentEmoji3d(),
    ...loadUseAnimations(),
  ];
  return builtin;
}

export function buildCatalog(options: { catalogFile?: string } = {}): Catalog {
  const custom = options.catalogFile ? loadCatalogFile(options.catalogFile) : undefined;
  const assets = [...(custom?.replaceBuiltin ? [] : builtinAssets()), ...(custom?.assets ?? [])];
  return catalogOf(assets);
}

export function catalogOf(assets: CatalogAsset[]): Catalog {
  const byUuid = new Map<string, CatalogAsset>();
  const licenses = new Map<string, AssetLicense>();
  for (const asset of assets) {
    // A later line with the same uuid replaces the earlier one: operators may override an icon.
    byUuid.set(asset.uuid, asset);
    if (!licenses.has(asset.contributor)) licenses.set(asset.contributor, asset.license);
  }
  const unique = [...byUuid.values()];
  normaliseOrderingKeys(unique);
  return {
    assets: unique,
    byUuid,
    licenses,
    countByType() {
      const counts: Record<AssetType, number> = {
        icon: 0,
        illustration: 0,
        "3d": 0,
        lottie: 0,
        "ai-image": 0,
      };
      for (const asset of unique) counts[asset.type] += 1;
      return counts;
    },
  };
}

/**
 * Sets' own keys are not comparable (tabler's release 3.4 is not phosphor's 2.1), so popularity and
 * recency become ranks in 0..1 within each set, and `featured` a position within the set (see
 * editorial-order.ts): sorting by it interleaves the sets, so a browse shows every set on its first page.
 */
function normaliseOrderingKeys(assets: CatalogAsset[]): void {
  const bySet = new Map<string, CatalogAsset[]>();
  for (const asset of assets) {
    const group = bySet.get(asset.contributor) ?? [];
    group.push(asset);
    bySet.set(asset.contributor, group);
  }
  // Sets by name: which set starts the editorial list where does not hang on the files' order.
  const setNames = [...bySet.keys()].sort();
  // A browse shows one type, so only the sets of that type share out the list's starting places.
  const peersOf = (type: AssetType) => setNames.filter((name) => bySet.get(name)?.[0]?.type === type);
  for (const [set, group] of bySet) {
    for (const key of ["popularity", "recency"] as const) {
      const distinct = [...new Set(group.map((asset) => asset[key]))].sort((a, b) => a - b);
      const rank = new Map(
        distinct.map((value, index) => [value, distinct.length > 1 ? index / (distinct.length - 1) : 0]),
      );
      for (const asset of group) asset[key] = rank.get(asset[key]) ?? 0;
    }
    // A set's own featured order first (an operator's catalogue may state one; packaged sets give
    // every icon 0), then per variant (regular before bold: a browse meets each design once early),
    // the editorial picks, then the set's popularity (its rank just above), and names only to break ties.
    // Each set starts the list at its own idea, so the interleaved sets never pair one idea.
    const peers = peersOf(group[0]!.type);
    const start = editorialStart(peers.indexOf(set), peers.length);
    // The editorial list names interface ideas (home, search, settings): icons and the interface
    // animations; emoji drawn as illustrations or 3D keep Unicode's order (smileys first).
    const picks =
      group[0]!.type === "icon" || group[0]!.type === "lottie"
        ? editorialPlaces(new Set(group.map((asset) => asset.name)), start)
        : new Map();
    const editorialPlace = (name: string) => picks.get(name) ?? EDITORIAL_PICKS;
    group.sort(
      (a, b) =>
        b.featured - a.featured ||
        a.variantRank - b.variantRank ||
        editorialPlace(a.name) - editorialPlace(b.name) ||
        b.popularity - a.popularity ||
        (a.name < b.name ? -1 : 1),
    );
    group.forEach((asset, index) => {
      asset.featured = -index;
    });
  }
}
