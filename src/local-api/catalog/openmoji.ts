// OpenMoji (CC BY-SA 4.0): ~4,000 emoji and extras drawn as flat colour shapes with a black outline
// ("colored-outline"), one 72 x 72 SVG per drawing in color/svg, named by code point. Names, tags,
// categories (Unicode's group and subgroup), dates and order come from data/openmoji.json. Skin-tone
// variants and "component" swatches (hair, skin colours) are left out: a browse would otherwise
// meet each person five times, and a swatch is no picture.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { emojiCategoryNames } from "./category-names";
import { keywordsOf, type OpenmojiEntry, openmojiEntries, UNICODE_GROUPS } from "./openmoji-data";
import { packageDir } from "./package-dir";
import { packagedIllustration } from "./packaged-illustration";
import { slugify } from "./text";
import type { CatalogAsset } from "./types";

/** Every OpenMoji drawing is on a 72 x 72 grid (checked against the files in the tests). */
const GRID = 72;
const ATTRIBUTION =
  "All emojis designed by OpenMoji (https://openmoji.org/), the open-source emoji and icon project. License: CC BY-SA 4.0.";

export function loadOpenmoji(): CatalogAsset[] {
  const dir = packageDir("openmoji");
  const license = {
    name: "CC BY-SA 4.0",
    url: "/licenses/openmoji",
    // CC BY-SA asks for attribution: the line the package's README gives for it, then the licence.
    text: `${ATTRIBUTION}\n\n${readFileSync(join(dir, "LICENSE.txt"), "utf8")}`,
  };
  const folder = join(dir, "color", "svg");
  const categoryNames = emojiCategoryNames();
  return openmojiEntries()
    .filter((entry) => entry.skintone === "" && entry.group !== "component")
    .map((entry) =>
      packagedIllustration({
        set: "openmoji",
        key: entry.hexcode,
        name: entry.annotation,
        variant: "color",
        style: "colored-outline",
        tags: keywordsOf(entry),
        categories: categoriesOf(entry),
        categoryNames,
        width: GRID,
        height: GRID,
        license,
        // Unicode's order puts the emoji people reach for first; OpenMoji's extras come after.
        popularity: -(entry.order === "" ? Number.MAX_SAFE_INTEGER : entry.order),
        recency: Number(entry.openmoji_date.replaceAll("-", "")) || 0,
        ...(/^\d{4}-\d{2}-\d{2}$/.test(entry.openmoji_date) ? { published_at: entry.openmoji_date } : {}),
        source: { svgPath: join(folder, `${entry.hexcode}.svg`) },
      }),
    );
}

/** Unicode's group and subgroups; OpenMoji's extras name their group "extras-…", which says nothing. */
function categoriesOf(entry: OpenmojiEntry): string[] {
  const group = entry.group.startsWith("extras-") ? "" : (UNICODE_GROUPS[entry.group] ?? entry.group);
  const names = [group, ...entry.subgroups.split(",")];
  return [...new Set(names.map((name) => slugify(name.trim())).filter((name) => name.length > 0))];
}
