// The search filters as one predicate, with the spec's semantics: categories[], contributors[],
// formats[], styles[] and orientation[] match any listed value; include_* need all, exclude_* none.

import type { SearchParams } from "../../api/contract/spec-objects";
import { type AssetType, STYLED_ASSETS } from "../../api/contract/tables";
import { slugify } from "../catalog/text";
import type { CatalogAsset } from "../catalog/types";

export type AssetFilter = (asset: CatalogAsset) => boolean;

const nonEmpty = <T>(list: T[] | undefined): list is T[] => list !== undefined && list.length > 0;

export function filterFor(params: SearchParams, type: AssetType): AssetFilter {
  const checks: AssetFilter[] = [(asset) => asset.type === type];
  const { price, formats, styles, orientation, icon_grid, start_date, end_date } = params;
  if (price) checks.push((asset) => asset.price === price);
  if (nonEmpty(formats)) checks.push((asset) => formats.some((format) => asset.formats.includes(format)));
  // styles[] applies to icons and illustrations, orientation[] to the other types, icon_grid to icons.
  if (nonEmpty(styles) && STYLED_ASSETS.includes(type)) {
    checks.push((asset) => styles.some((style) => asset.styles.includes(style)));
  }
  if (nonEmpty(orientation) && type !== "icon") {
    checks.push((asset) => asset.orientation !== undefined && orientation.includes(asset.orientation));
  }
  if (icon_grid !== undefined && type === "icon") checks.push((asset) => asset.icon_grid === icon_grid);
  const slugs = (list: string[] | undefined) => (nonEmpty(list) ? list.map(slugify) : undefined);
  const categories = slugs(params.categories);
  if (categories) checks.push((asset) => categories.some((slug) => asset.categories.includes(slug)));
  const includeCategories = slugs(params.include_categories);
  if (includeCategories)
    checks.push((asset) => includeCategories.every((slug) => asset.categories.includes(slug)));
  const excludeCategories = slugs(params.exclude_categories);
  if (excludeCategories)
    checks.push((asset) => !excludeCategories.some((slug) => asset.categories.includes(slug)));
  const includeTags = slugs(params.include_tags);
  if (includeTags) checks.push((asset) => includeTags.every((tag) => asset.tags.includes(tag)));
  const excludeTags = slugs(params.exclude_tags);
  if (excludeTags) checks.push((asset) => !excludeTags.some((tag) => asset.tags.includes(tag)));
  const contributors = nonEmpty(params.contributors)
    ? params.contributors.map((c) => c.toLowerCase())
    : undefined;
  if (contributors) checks.push((asset) => contributors.includes(asset.contributor.toLowerCase()));
  // An asset whose source gives no date cannot be shown to fall inside a date range.
  if (start_date)
    checks.push((asset) => asset.published_at !== undefined && asset.published_at >= start_date);
  if (end_date) checks.push((asset) => asset.published_at !== undefined && asset.published_at <= end_date);
  if (checks.length === 1) return checks[0]!;
  return (asset) => checks.every((check) => check(asset));
}
