// What every illustration from a packaged set has in common: free, SVG and PNG (the PNG drawn from
// the SVG at the size asked), no icon grid, an orientation from its drawing's proportions.

import type { Style } from "../../api/contract/tables";
import { orientationOf } from "./orientation";
import type { AssetLicense, AssetSource, CatalogAsset } from "./types";
import { stableUuid } from "./uuid";

export interface PackagedIllustration {
  set: string;
  /** The set's own key for the drawing (a file name or an icon-set key): keeps the uuid stable. */
  key: string;
  name: string;
  variant: string;
  style: Style;
  tags: string[];
  categories: string[];
  /** The set's words for its category slugs, when it has any. */
  categoryNames?: ReadonlyMap<string, string>;
  width: number;
  height: number;
  license: AssetLicense;
  popularity: number;
  recency: number;
  published_at?: string;
  source: AssetSource;
}

export function packagedIllustration(item: PackagedIllustration): CatalogAsset {
  return {
    uuid: stableUuid(item.set, item.key, item.variant),
    name: item.name,
    type: "illustration",
    contributor: item.set,
    variant: item.variant,
    styles: [item.style],
    tags: item.tags,
    categories: item.categories,
    ...(item.categoryNames ? { categoryNames: item.categoryNames } : {}),
    orientation: orientationOf(item.width, item.height),
    price: "free",
    ...(item.published_at !== undefined ? { published_at: item.published_at } : {}),
    formats: ["svg", "png"],
    license: item.license,
    popularity: item.popularity,
    recency: item.recency,
    featured: 0,
    variantRank: 0,
    source: item.source,
  };
}
