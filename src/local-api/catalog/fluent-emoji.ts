// Microsoft's Fluent Emoji, flat edition (MIT), as packaged by @iconify-json/fluent-emoji-flat:
// ~3,000 flat-colour drawings on a 32-unit grid. Names and categories come from metadata.json,
// code points from chars.json; the Unicode keywords for those code points (openmoji-data.ts) are the
// tags. The drawings live in one 9 MB icons.json, read on the first request for one, not at start.

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { namesOfTitles } from "./category-names";
import { codepointKey } from "./codepoints";
import { mitLicenseText } from "./mit-license";
import { keywordsOf, type OpenmojiEntry, openmojiEntries } from "./openmoji-data";
import { packageDir } from "./package-dir";
import { packagedIllustration } from "./packaged-illustration";
import { slugify } from "./text";
import type { CatalogAsset } from "./types";

const PACKAGE = "@iconify-json/fluent-emoji-flat";
/** The set's grid (info.json's height, icons.json's width); the tests check every drawing against it. */
const GRID = 32;
/** Skin-tone variants repeat a drawing five times; the base drawing stays. */
/** After every Unicode emoji order (about 4,000 places). */
const UNLISTED = 100_000;
const SKIN_TONE = /-(?:light|medium-light|medium|medium-dark|dark)$/;

// The package ships no licence file: its package.json and info.json state MIT and name Microsoft
// Corporation as the author; this is the MIT text with that holder, as the upstream project has it.
const MIT_TEXT = mitLicenseText("Copyright (c) Microsoft Corporation.");

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
}
interface IconifySet {
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, { parent: string; hFlip?: boolean }>;
  width?: number;
  height?: number;
}

export function loadFluentEmoji(): CatalogAsset[] {
  const dir = packageDir(PACKAGE);
  const metadata = readJson<{ categories: Record<string, string[]> }>(join(dir, "metadata.json"));
  const chars = readJson<Record<string, string>>(join(dir, "chars.json"));
  const unicode = unicodeByName(chars);
  const license = { name: "MIT", url: "/licenses/fluent-emoji", text: MIT_TEXT };
  const drawings = lazySet(join(dir, "icons.json"));
  const names = new Set(Object.values(metadata.categories).flat());
  // The package's own category titles, by the slug the filters take.
  const categoryNames = namesOfTitles(Object.keys(metadata.categories));
  const assets: CatalogAsset[] = [];
  let order = 0;
  for (const [category, members] of Object.entries(metadata.categories)) {
    for (const key of members) {
      order += 1;
      if (SKIN_TONE.test(key) && names.has(key.replace(SKIN_TONE, ""))) continue;
      const name = key.replaceAll("-", " ");
      const entry = unicode.get(key);
      assets.push(
        packagedIllustration({
          set: "fluent-emoji",
          key,
          name,
          variant: "flat",
          style: "flat",
          // Unicode's keywords only: OpenMoji's own tags describe OpenMoji's drawings.
          tags: entry ? keywordsOf({ tags: entry.tags, openmoji_tags: "" }) : [],
          categories: [slugify(category)],
          categoryNames,
          width: GRID,
          height: GRID,
          license,
          // Unicode's emoji order (smileys first), as OpenMoji's; drawings it does not list come after.
          popularity: -(typeof entry?.order === "number" ? entry.order : UNLISTED + order),
          recency: 0,
          source: { svgLoad: async () => svgOf(await drawings(), key) },
        }),
      );
    }
  }
  return assets;
}

/** Fluent's name -> Unicode's entry for its code point (keywords and emoji order). */
function unicodeByName(chars: Record<string, string>): Map<string, OpenmojiEntry> {
  const byCodepoint = new Map(openmojiEntries().map((entry) => [codepointKey(entry.hexcode), entry]));
  const result = new Map<string, OpenmojiEntry>();
  for (const [hex, name] of Object.entries(chars)) {
    const entry = byCodepoint.get(codepointKey(hex));
    if (entry && !result.has(name)) result.set(name, entry);
  }
  return result;
}

/** The set's drawings, parsed on first use and kept (one read for every later preview). */
export function lazySet(path: string): () => Promise<IconifySet> {
  let loading: Promise<IconifySet> | undefined;
  return () => {
    loading ??= readFile(path, "utf8")
      .then((text) => JSON.parse(text) as IconifySet)
      .catch((error: unknown) => {
        loading = undefined; // a failed read is tried again next time
        throw error;
      });
    return loading;
  };
}

/** A standalone SVG for one drawing; an alias draws its parent, mirrored where it says so. */
export function svgOf(set: IconifySet, key: string): string {
  const alias = set.aliases?.[key];
  const icon = set.icons[alias?.parent ?? key];
  if (!icon) throw new Error(`Fluent Emoji has no drawing named ${key}.`);
  const width = icon.width ?? set.width ?? GRID;
  const height = icon.height ?? set.height ?? GRID;
  const body = alias?.hFlip ? `<g transform="translate(${width} 0) scale(-1 1)">${icon.body}</g>` : icon.body;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}
