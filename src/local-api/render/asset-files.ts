// Reading an asset's bytes: its SVG (inline or on disk) or a file per format from an operator's
// catalogue, with the Content-Type each format is served with.

import { readFile } from "node:fs/promises";
import type { Format } from "../../api/contract/tables";
import type { CatalogAsset } from "../catalog/types";

export const CONTENT_TYPES: Record<Format, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  eps: "application/postscript",
  jpg: "image/jpeg",
  json: "application/json",
  lottie: "application/zip",
  gif: "image/gif",
  mp4: "video/mp4",
  gltf: "model/gltf+json",
  glb: "model/gltf-binary",
  obj: "model/obj",
  fbx: "application/octet-stream",
  blend: "application/octet-stream",
};

export function hasSvg(asset: CatalogAsset): boolean {
  return (
    asset.source.svgText !== undefined ||
    asset.source.svgPath !== undefined ||
    asset.source.svgLoad !== undefined
  );
}

export async function readSvg(asset: CatalogAsset): Promise<string | undefined> {
  if (asset.source.svgText !== undefined) return asset.source.svgText;
  if (asset.source.svgPath !== undefined) return readFile(asset.source.svgPath, "utf8");
  if (asset.source.svgLoad !== undefined) return asset.source.svgLoad();
  return undefined;
}

/** The stored file for a format, when the catalogue gave one. */
export async function readFormatFile(asset: CatalogAsset, format: Format): Promise<Uint8Array | undefined> {
  const path = asset.source.files?.[format];
  return path === undefined ? undefined : readFile(path);
}
