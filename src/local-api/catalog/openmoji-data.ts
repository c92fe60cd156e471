// OpenMoji's data/openmoji.json, read once per process: the OpenMoji set itself, and the Unicode
// keywords (CLDR annotations) that Fluent's emoji share through their code points.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageDir } from "./package-dir";
import { slugify } from "./text";

export interface OpenmojiEntry {
  hexcode: string;
  group: string;
  subgroups: string;
  annotation: string;
  /** Comma-separated Unicode keywords. */
  tags: string;
  /** Comma-separated keywords OpenMoji added. */
  openmoji_tags: string;
  openmoji_date: string;
  skintone: string;
  /** Unicode's emoji order (smileys first); "" for OpenMoji's own extras. */
  order: number | "";
}

let entries: OpenmojiEntry[] | undefined;

export function openmojiEntries(): OpenmojiEntry[] {
  entries ??= JSON.parse(
    readFileSync(join(packageDir("openmoji"), "data", "openmoji.json"), "utf8"),
  ) as OpenmojiEntry[];
  return entries;
}

/** An entry's keywords as tag slugs, Unicode's first, without repeats. */
export function keywordsOf(entry: Pick<OpenmojiEntry, "tags" | "openmoji_tags">): string[] {
  const words = `${entry.tags},${entry.openmoji_tags}`.split(",").map((word) => slugify(word.trim()));
  return [...new Set(words.filter((word) => word.length > 0))];
}

/**
 * Unicode's emoji groups by the slug OpenMoji's data uses, as Unicode names them. Both sets' groups
 * become slugs of these names ("animals-and-nature"), as the icon sets' "Maps & Travel" does.
 */
export const UNICODE_GROUPS: Readonly<Record<string, string>> = {
  "smileys-emotion": "Smileys & Emotion",
  "people-body": "People & Body",
  component: "Component",
  "animals-nature": "Animals & Nature",
  "food-drink": "Food & Drink",
  "travel-places": "Travel & Places",
  activities: "Activities",
  objects: "Objects",
  symbols: "Symbols",
  flags: "Flags",
};
