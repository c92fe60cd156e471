// The local catalogue's own record of an asset: what search filters on and what the routes serve.
// The wire shape (see ../http/asset-json.ts) is derived from it, never stored.

import type { AssetType, Format, Orientation, Price, Style } from "../../api/contract/tables";

export interface AssetLicense {
  name: string;
  /** Where the full text is served (a path on the local API, or an operator's absolute URL). */
  url: string;
  /** The full licence text, returned in item detail. */
  text?: string;
}

/** Where an asset's bytes come from: an SVG on disk or inline, plus files per format. */
export interface AssetSource {
  svgPath?: string;
  svgText?: string;
  /** An SVG read on first use (a packaged set keeping its drawings in one large file). */
  svgLoad?: () => Promise<string>;
  /** Files on disk by format (operators' catalogues), e.g. { json: "/abs/anim.json" }. */
  files?: Partial<Record<Format, string>>;
  /** A raster picture on disk (any format sharp reads, e.g. WebP), served as PNG at the asked size. */
  rasterPath?: string;
}

export interface CatalogAsset {
  uuid: string;
  name: string;
  type: AssetType;
  /** The set (and the contributor username): "tabler", "phosphor", or an operator's. */
  contributor: string;
  /** The set's own name for this variant (tabler outline/filled, phosphor's six weights). */
  variant?: string;
  styles: Style[];
  tags: string[];
  /** Category slugs. */
  categories: string[];
  /** The set's own words for its category slugs, one map shared by the set's assets. */
  categoryNames?: ReadonlyMap<string, string>;
  icon_grid?: number;
  orientation?: Orientation;
  price: Price;
  /** YYYY-MM-DD, only where the source states a date. */
  published_at?: string;
  /** The set's release in which the asset appeared, as the package states it. */
  version?: string;
  formats: Format[];
  license: AssetLicense;
  /** Ordering keys, higher first; deterministic (see orders.ts for what they mean per source). */
  popularity: number;
  recency: number;
  featured: number;
  /** Tie-break among variants of one design (regular before bold, outline before filled). */
  variantRank: number;
  source: AssetSource;
}
