// @lobehub/fluent-emoji-3d: Microsoft's Fluent Emoji in their 3D style, one 256x256 WebP with alpha
// per emoji, named only by code points ("1f600.webp"). Names, tags and groups come from
// emojibase-data's English dataset, matched on the code points without the presentation selector
// FE0F (the package writes keycaps both with and without leading zeros). Only the pictures are
// listed here; nothing is decoded until a preview or download asks for it (render/asset-stills.ts).
// Skin-tone variants are left out: six look-alike cells per hand would crowd every search.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { emojiCategoryNames } from "./category-names";
import { codepointKey } from "./codepoints";
import { mitLicenseText } from "./mit-license";
import { packageDir } from "./package-dir";
import { slugify, versionKey } from "./text";
import type { CatalogAsset } from "./types";
import { stableUuid } from "./uuid";

/** Its own set, apart from the flat illustrations: another package, another licence holder line. */
export const FLUENT_EMOJI_SET = "fluent-emoji-3d";

interface EmojibaseEntry {
  label: string;
  hexcode: string;
  tags?: string[];
  group?: number;
  subgroup?: number;
  order?: number;
  version?: number;
}

interface EmojibaseMessages {
  groups: { key: string; order: number }[];
  subgroups: { key: string; order: number }[];
}

/** emojibase's "component" group: skin-tone swatches and hair parts, not pictures on their own. */
const COMPONENT_GROUP = "component";

export function loadFluentEmoji3d(): CatalogAsset[] {
  const assetsDir = join(packageDir("@lobehub/fluent-emoji-3d"), "assets");
  const dataDir = join(packageDir("emojibase-data"), "en");
  const entries = JSON.parse(readFileSync(join(dataDir, "data.json"), "utf8")) as EmojibaseEntry[];
  const messages = JSON.parse(readFileSync(join(dataDir, "messages.json"), "utf8")) as EmojibaseMessages;
  const groupKey = new Map(messages.groups.map((group) => [group.order, group.key]));
  const subgroupKey = new Map(messages.subgroups.map((subgroup) => [subgroup.order, subgroup.key]));
  const fileOf = new Map<string, string>();
  for (const file of readdirSync(assetsDir).sort()) {
    if (!file.endsWith(".webp")) continue;
    const key = codepointKey(file.slice(0, -".webp".length));
    if (!fileOf.has(key)) fileOf.set(key, join(assetsDir, file));
  }
  const license = {
    name: "MIT",
    url: `/licenses/${FLUENT_EMOJI_SET}`,
    text: mitLicenseText("Copyright (c) Microsoft Corporation (Fluent Emoji)\nCopyright (c) 2023 LobeHub"),
  };
  const categoryNames = emojiCategoryNames();
  const assets: CatalogAsset[] = [];
  for (const entry of entries) {
    const group = entry.group === undefined ? undefined : groupKey.get(entry.group);
    const path = fileOf.get(codepointKey(entry.hexcode));
    if (!group || group === COMPONENT_GROUP || !path) continue;
    const subgroup = entry.subgroup === undefined ? undefined : subgroupKey.get(entry.subgroup);
    const emojiVersion = String(entry.version ?? 0);
    assets.push({
      uuid: stableUuid(FLUENT_EMOJI_SET, entry.hexcode),
      name: entry.label,
      type: "3d",
      contributor: FLUENT_EMOJI_SET,
      styles: [],
      tags: [...new Set((entry.tags ?? []).flatMap((tag) => slugify(tag) || []))],
      categories: subgroup ? [slugify(group), slugify(subgroup)] : [slugify(group)],
      categoryNames,
      orientation: "square",
      price: "free",
      version: emojiVersion,
      formats: ["png"],
      license,
      // Unicode's order (smileys first) is the order people know emoji in; newer emoji are "latest".
      popularity: -(entry.order ?? Number.MAX_SAFE_INTEGER),
      recency: versionKey(emojiVersion),
      featured: 0,
      variantRank: 0,
      source: { rasterPath: path },
    });
  }
  return assets;
}
