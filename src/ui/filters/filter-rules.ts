// Which of the spec's search filters apply to which asset type. The filter panel shows only these,
// and the search sends only these, so a type switch never leaves a filter behind that the service
// would ignore or refuse.

import {
  ASSET_TYPES,
  type AssetType,
  FORMATS_BY_ASSET,
  type Format,
  STYLED_ASSETS,
} from "../../api/contract/tables";

export type FilterName =
  | "price"
  | "sort"
  | "styles"
  | "formats"
  | "orientation"
  | "icon_grid"
  | "categories"
  | "tags"
  | "dates";

const EVERY_TYPE: readonly FilterName[] = ["price", "sort", "categories", "tags"];

/**
 * Icons come as SVG or PNG on request whatever the filter says, and an icon set's publication date
 * tells a designer nothing: formats and dates are offered (and sent) only for the other types.
 */
export function filtersFor(asset: AssetType): FilterName[] {
  const names: FilterName[] = [...EVERY_TYPE];
  if (STYLED_ASSETS.includes(asset)) names.push("styles");
  if (asset === "icon") names.push("icon_grid");
  else names.push("orientation", "formats", "dates");
  return names;
}

/** Formats are a filter only where the type comes in more than the picture the grid shows. */
export const formatsFiltered = (asset: AssetType) => asset !== "icon";

export function formatsFor(asset: AssetType): readonly Format[] {
  return FORMATS_BY_ASSET[asset];
}

export const ASSET_TYPE_LABELS: Readonly<Record<AssetType, string>> = {
  icon: "Icons",
  illustration: "Illustrations",
  "3d": "3D",
  lottie: "Lottie",
  "ai-image": "AI images",
};

/** The same types as a noun inside a sentence ("No 3D icons for …", "Search Lottie animations"). */
export const ASSET_TYPE_NOUNS: Readonly<Record<AssetType, string>> = {
  icon: "icons",
  illustration: "illustrations",
  "3d": "3D icons",
  lottie: "Lottie animations",
  "ai-image": "AI images",
};

export const ICON_GRIDS = [16, 20, 24, 32, 48] as const;

export function isAssetType(value: unknown): value is AssetType {
  return typeof value === "string" && (ASSET_TYPES as readonly string[]).includes(value);
}
