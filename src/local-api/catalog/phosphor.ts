// @phosphor-icons/core: the `icons` catalogue gives name, categories, tags and the release that
// added each icon; the SVGs come in six weights. Thin, light, regular and bold are stroked line
// drawings, fill is a solid glyph, duotone a line drawing over a tinted fill. The package states no
// design grid (its SVGs use a 256-unit viewBox), so icon_grid is left out rather than guessed.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { icons } from "@phosphor-icons/core";
import type { Style } from "../../api/contract/tables";
import { namesOfTitles } from "./category-names";
import { packageDir } from "./package-dir";
import { packagedIcon } from "./packaged-icon";
import { slugify } from "./text";
import type { CatalogAsset } from "./types";

const WEIGHTS: { weight: string; style: Style; suffix: string }[] = [
  { weight: "regular", style: "line", suffix: "" },
  { weight: "bold", style: "line", suffix: "-bold" },
  { weight: "light", style: "line", suffix: "-light" },
  { weight: "thin", style: "line", suffix: "-thin" },
  { weight: "fill", style: "glyph", suffix: "-fill" },
  { weight: "duotone", style: "dualtone", suffix: "-duotone" },
];

export function loadPhosphor(): CatalogAsset[] {
  const dir = packageDir("@phosphor-icons/core");
  const license = {
    name: "MIT",
    url: "/licenses/phosphor",
    text: readFileSync(join(dir, "LICENSE"), "utf8"),
  };
  const assets: CatalogAsset[] = [];
  // Per-icon metadata is shared by its six weights: computed once.
  const shared = icons.map((icon) => {
    const version = String(icon.published_in);
    return {
      icon,
      version,
      // "*new*" and similar markers are release notes, not subjects.
      tags: [
        ...new Set(icon.tags.filter((tag) => !tag.startsWith("*")).flatMap((tag) => slugify(tag) || [])),
      ],
      categories: [...new Set(icon.categories.map((category) => slugify(category)))],
    };
  });
  // "maps & travel" in the details, not "Maps and travel" spelt back from its slug.
  const categoryNames = namesOfTitles(icons.flatMap((icon) => icon.categories));
  WEIGHTS.forEach(({ weight, style, suffix }, rank) => {
    const folder = join(dir, "assets", weight);
    const present = new Set(readdirSync(folder));
    for (const { icon, version, tags, categories } of shared) {
      const file = `${icon.name}${suffix}.svg`;
      if (!present.has(file)) continue;
      assets.push(
        packagedIcon({
          set: "phosphor",
          name: icon.name,
          variant: weight,
          style,
          variantRank: rank,
          tags,
          categories,
          categoryNames,
          version,
          license,
          svgPath: `${folder}/${file}`,
        }),
      );
    }
  });
  return assets;
}
