// The filters search and reverse search share ("as in search"), and the rules that tie them to the
// asset type: formats from the asset's table, styles only for icons and illustrations.

import { invalidRequest } from "../errors";
import type { ReverseSearchFilters } from "../spec-objects";
import {
  ASSET_TYPES,
  type AssetType,
  FORMATS,
  FORMATS_BY_ASSET,
  PRICES,
  SEARCH_DEFAULT_ASSET,
  STYLED_ASSETS,
  STYLES,
} from "../tables";
import { checkEnum, checkInteger, checkList } from "./values";

/** List parameters whose values are free-form slugs or usernames. */
export const SLUG_LISTS = [
  "categories",
  "contributors",
  "include_tags",
  "exclude_tags",
  "include_categories",
  "exclude_categories",
] as const;

/** Checks the fields search and reverse search share; returns the asset type in effect. */
export function checkSharedFilters(params: ReverseSearchFilters): AssetType {
  const asset =
    params.asset === undefined ? SEARCH_DEFAULT_ASSET : checkEnum("asset", params.asset, ASSET_TYPES);
  if (params.price !== undefined) checkEnum("price", params.price, PRICES);
  if (params.formats !== undefined) {
    const valid = FORMATS_BY_ASSET[asset];
    for (const format of checkList("formats[]", params.formats, FORMATS)) {
      if (!valid.includes(format)) {
        throw invalidRequest(
          `formats[] value ${format} does not apply to asset ${asset}; valid formats: ${valid.join(", ")}.`,
        );
      }
    }
  }
  if (params.styles !== undefined) {
    checkList("styles[]", params.styles, STYLES);
    if (params.styles.length > 0 && !STYLED_ASSETS.includes(asset)) {
      throw invalidRequest(`styles[] applies only to ${STYLED_ASSETS.join(" and ")}, not to asset ${asset}.`);
    }
  }
  const lists = params as Partial<Record<(typeof SLUG_LISTS)[number], unknown>>;
  for (const name of SLUG_LISTS) {
    if (lists[name] !== undefined) checkList(`${name}[]`, lists[name]);
  }
  if (params.page !== undefined) checkInteger("page", params.page, 1);
  return asset;
}
