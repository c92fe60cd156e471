// The wire shape of an asset (the fields the spec does not show are this project's choice, listed
// in docs/local-api.md): search results carry the summary with the set's variant (so a window can show
// one cell per icon with its weights beside it), item detail adds the licence text and release.

import type { Format } from "../../api/contract/tables";
import { categoryName } from "../catalog/category-names";
import type { CatalogAsset } from "../catalog/types";
import { hasSvg } from "../render/asset-files";
import { hasStill } from "../render/asset-stills";
import { PREVIEW_SIZES } from "../render/rasterise";

export function absolute(base: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${base}${path}`;
}

export function assetUrls(asset: CatalogAsset, base: string): Record<string, string> {
  const urls: Record<string, string> = {};
  const id = encodeURIComponent(asset.uuid);
  if (hasSvg(asset)) {
    urls.svg = `${base}/previews/${id}.svg`;
    for (const size of PREVIEW_SIZES) urls[`png_${size}`] = `${base}/previews/${id}/${size}.png`;
  } else if (hasStill(asset)) {
    // 3D pictures and Lottie stills: PNG previews drawn from the stored file.
    for (const size of PREVIEW_SIZES) urls[`png_${size}`] = `${base}/previews/${id}/${size}.png`;
  }
  for (const format of Object.keys(asset.source.files ?? {}) as Format[]) {
    urls[format] ??= `${base}/previews/${id}/file.${format}`;
  }
  return urls;
}

export function assetSummary(asset: CatalogAsset, base: string): Record<string, unknown> {
  return {
    uuid: asset.uuid,
    name: asset.name,
    type: asset.type,
    urls: assetUrls(asset, base),
    styles: asset.styles,
    tags: asset.tags,
    categories: asset.categories,
    // The slugs in words, in the same order: what a window shows (the slugs are what filters take).
    category_names: asset.categories.map((slug) => categoryName(slug, asset.categoryNames)),
    contributor: asset.contributor,
    ...(asset.variant !== undefined ? { variant: asset.variant } : {}),
    ...(asset.icon_grid !== undefined ? { icon_grid: asset.icon_grid } : {}),
    ...(asset.orientation !== undefined ? { orientation: asset.orientation } : {}),
    price: asset.price,
    ...(asset.published_at !== undefined ? { published_at: asset.published_at } : {}),
    formats: asset.formats,
    license: { name: asset.license.name, url: absolute(base, asset.license.url) },
  };
}

export function assetDetail(asset: CatalogAsset, base: string): Record<string, unknown> {
  return {
    ...assetSummary(asset, base),
    ...(asset.version !== undefined ? { released_in: asset.version } : {}),
    license: {
      name: asset.license.name,
      url: absolute(base, asset.license.url),
      ...(asset.license.text !== undefined ? { text: asset.license.text } : {}),
    },
  };
}
