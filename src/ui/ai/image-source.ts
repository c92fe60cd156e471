// An image for generation (image_url) taken from the selection: a layer placed by Assetport carries
// its asset's uuid, and the asset's public preview URL is what the service can fetch. The window
// shows previews by links to the proxy and keeps the service's own URLs under `source_urls`
// (services/preview-links.ts): the service fetches those, not our proxy. Any other layer exists only in this file, out of reach.

import type { Asset } from "../../api/contract/spec-objects";
import type { SelectionInfo } from "../../messages/types";
import type { AssetsApi } from "../services/assets-api";

/** Raster previews first (every generator reads those), the largest first; an SVG only as the last resort. */
const PREFERRED = ["png_512", "png", "png_256", "jpg", "webp", "preview", "thumbnail", "png_128", "png_64"];
const RASTER = /\.(png|jpe?g|webp)(\?|#|$)/i;

function urlsOf(asset: Asset): Record<string, unknown> {
  const sources = Object(asset.source_urls) as Record<string, unknown>;
  return Object.keys(sources).length > 0 ? sources : (asset.urls ?? {});
}

/** The asset's public preview URL, raster when it has one; undefined when it has no http(s) preview. */
export function publicImageUrl(asset: Asset): string | undefined {
  const urls = urlsOf(asset);
  const usable = (value: unknown): value is string =>
    typeof value === "string" && /^https?:\/\//i.test(value);
  for (const key of PREFERRED) if (usable(urls[key])) return urls[key];
  for (const value of Object.values(urls)) if (usable(value) && RASTER.test(value)) return value;
  return usable(urls.svg) ? urls.svg : undefined;
}

export type SelectionImage =
  | { kind: "asset"; nodeId: string; nodeName: string; uuid: string }
  | { kind: "problem"; message: string };

/** What the selection offers as an image input, known without asking the service. */
export function selectionImage(selection: SelectionInfo | null): SelectionImage {
  if (!selection || selection.count === 0) {
    return { kind: "problem", message: "Select a layer placed from Assetport, or give an image URL." };
  }
  const node = selection.nodes.find((n) => n.assetUuid);
  if (!node?.assetUuid) {
    return {
      kind: "problem",
      message:
        "The selected layer was not placed from Assetport, so the service cannot reach it by URL. " +
        "Select an asset placed from Assetport, or give the URL of a public image.",
    };
  }
  return { kind: "asset", nodeId: node.id, nodeName: node.name, uuid: node.assetUuid };
}

export class ImageSourceError extends Error {
  readonly reason = "invalid_request";
}

/** The selected asset's public preview URL (asked from GET /v3/items/{uuid}). */
export async function imageUrlOfAsset(api: Pick<AssetsApi, "item">, uuid: string): Promise<string> {
  const { item } = await api.item(uuid);
  const url = publicImageUrl(item);
  if (!url) {
    throw new ImageSourceError(
      `“${item.name}” has no public preview the service can fetch. Give the URL of a public image instead.`,
    );
  }
  return url;
}
