// What every icon from an npm icon set has in common: free, SVG and PNG, ordered by the release
// that added it (newer first for "latest", older first for "popular": the set's long-standing
// icons are the ones designers know), never featured, and served from its file in the package.

import type { Style } from "../../api/contract/tables";
import { versionKey } from "./text";
import type { AssetLicense, CatalogAsset } from "./types";
import { stableUuid } from "./uuid";

export interface PackagedIcon {
  set: string;
  name: string;
  variant: string;
  style: Style;
  /** Order among the variants of one design (outline before filled, regular before bold). */
  variantRank: number;
  tags: string[];
  categories: string[];
  /** The set's words for its category slugs, one map shared by the set. */
  categoryNames?: ReadonlyMap<string, string>;
  version: string;
  license: AssetLicense;
  svgPath: string;
  icon_grid?: number;
}

export function packagedIcon(icon: PackagedIcon): CatalogAsset {
  const versionRank = versionKey(icon.version);
  return {
    uuid: stableUuid(icon.set, icon.name, icon.variant),
    name: icon.name,
    type: "icon",
    contributor: icon.set,
    variant: icon.variant,
    styles: [icon.style],
    tags: icon.tags,
    categories: icon.categories,
    ...(icon.categoryNames ? { categoryNames: icon.categoryNames } : {}),
    ...(icon.icon_grid !== undefined ? { icon_grid: icon.icon_grid } : {}),
    price: "free",
    version: icon.version,
    formats: ["svg", "png"],
    license: icon.license,
    popularity: -versionRank,
    recency: versionRank,
    featured: 0,
    variantRank: icon.variantRank,
    source: { svgPath: icon.svgPath },
  };
}
