// Which of the spec's search filters apply to which asset type. The filter panel shows only these,
// and the search sends only these, so a type switch never leaves a filter behind that the service
// would ignore or refuse.

import {
  ASSET_TYPES,
  type AssetType,
  FORMATS_BY_ASSET,
  type Format,
  STYLED_ASSETS,
} from "../../api/contract";

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

const EVERY_TYPE: readonly FilterName[] = ["price", "sort", "formats", "categories", "tags", "dates"];

export function filtersFor(asset: AssetType): FilterName[] {
  const names: FilterName[] = [...EVERY_TYPE];
  if (STYLED_ASSETS.includes(asset)) names.push("styles");
  if (asset !== "icon") names.push("orientation");
  if (asset === "icon") names.push("icon_grid");
  return names;
}

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

export const ICON_GRIDS = [16, 20, 24, 32, 48] as const;

export function isAssetType(value: unknown): value is AssetType {
  return typeof value === "string" && (ASSET_TYPES as readonly string[]).includes(value);
}
