// Category slugs in words a designer reads ("animal-mammal" -> "Mammals"). The slugs stay what the
// filters match; the names travel beside them (asset-json's category_names). Emoji sets take
// emojibase-data's own English names for Unicode's groups and subgroups; any other slug reads as
// its words, first letter capital.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { UNICODE_GROUPS } from "./openmoji-data";
import { packageDir } from "./package-dir";
import { slugify } from "./text";

export type CategoryNames = ReadonlyMap<string, string>;

interface EmojibaseMessages {
  groups: { key: string; message: string }[];
  subgroups: { key: string; message: string }[];
}

const sentence = (text: string) => (text[0]?.toUpperCase() ?? "") + text.slice(1);

let emoji: CategoryNames | undefined;

/**
 * Unicode's group and subgroup names for every slug the emoji sets write: a group under both its
 * key ("animals-nature", the 3D set's) and its name's slug ("animals-and-nature", OpenMoji's), as
 * Unicode titles it ("Animals & Nature"); a subgroup as emojibase words it ("Mammals").
 * Read once per process and shared by every emoji asset.
 */
export function emojiCategoryNames(): CategoryNames {
  if (emoji) return emoji;
  const file = join(packageDir("emojibase-data"), "en", "messages.json");
  const messages = JSON.parse(readFileSync(file, "utf8")) as EmojibaseMessages;
  const names = new Map<string, string>();
  for (const { key, message } of messages.subgroups) names.set(slugify(key), sentence(message));
  for (const { key, message } of messages.groups) {
    const name = UNICODE_GROUPS[key] ?? sentence(message);
    names.set(slugify(key), name);
    names.set(slugify(name), name);
  }
  emoji = names;
  return names;
}

/** A set's own category titles ("maps & travel") by the slug the filters take, first letter capital. */
export function namesOfTitles(titles: Iterable<string>): CategoryNames {
  const names = new Map<string, string>();
  for (const title of titles) names.set(slugify(title), sentence(title.trim()));
  return names;
}

/** A slug's name: the set's own when it has one, else its words ("version-control" -> "Version control"). */
export function categoryName(slug: string, names: CategoryNames | undefined): string {
  return names?.get(slug) ?? sentence(slug.replaceAll("-", " "));
}
