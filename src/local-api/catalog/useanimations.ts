// react-useanimations: 79 small interface animations as Lottie JSON, one folder per animation
// (lib/{key}/{key}.json). The package gives only the camelCase key, so the name and tags are its
// words. Each file's header (a few numbers) is read at start for the orientation; the animation
// itself is read only when a preview, detail or download asks for it. dotLottie and GIF are made
// from it on download (render/asset-stills.ts).

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Orientation } from "../../api/contract/tables";
import { mitLicenseText } from "./mit-license";
import { orientationOf } from "./orientation";
import { packageDir } from "./package-dir";
import type { CatalogAsset } from "./types";
import { stableUuid } from "./uuid";

export const USEANIMATIONS_SET = "useanimations";

/** "alertCircle" -> "alert circle"; "arrowDownCircle" -> "arrow down circle". */
function wordsOf(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .toLowerCase();
}

/** The animation's orientation from the size its header states, when it states one. */
function headerOrientation(width: unknown, height: unknown): Orientation | undefined {
  if (typeof width !== "number" || typeof height !== "number" || !(width > 0) || !(height > 0))
    return undefined;
  return orientationOf(width, height);
}

export function loadUseAnimations(): CatalogAsset[] {
  const dir = join(packageDir("react-useanimations"), "lib");
  const license = {
    name: "MIT",
    url: `/licenses/${USEANIMATIONS_SET}`,
    text: mitLicenseText("Copyright (c) Tuan Phung, Marek Feikus (useAnimations)"),
  };
  const assets: CatalogAsset[] = [];
  for (const key of readdirSync(dir).sort()) {
    const path = join(dir, key, `${key}.json`);
    let header: { w?: unknown; h?: unknown };
    try {
      header = JSON.parse(readFileSync(path, "utf8")) as { w?: unknown; h?: unknown };
    } catch {
      continue; // a folder without its animation is not an asset
    }
    const name = wordsOf(key);
    const orientation = headerOrientation(header.w, header.h);
    assets.push({
      uuid: stableUuid(USEANIMATIONS_SET, key),
      name,
      type: "lottie",
      contributor: USEANIMATIONS_SET,
      styles: [],
      tags: [...new Set(name.split(" "))],
      categories: [],
      ...(orientation ? { orientation } : {}),
      price: "free",
      formats: ["json", "lottie", "gif"],
      license,
      // The package states no dates or popularity: every animation ties, and names order them.
      popularity: 0,
      recency: 0,
      featured: 0,
      variantRank: 0,
      source: { files: { json: path } },
    });
  }
  return assets;
}
