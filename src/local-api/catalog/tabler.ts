// @tabler/icons: icons.json gives name, category, tags and, per style, the release that added it.
// outline is a 2px-stroke line icon and filled a solid glyph, both on a 24x24 grid (the package's
// README: "Each icon is designed on a 24x24 grid with a 2px stroke").

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Style } from "../../api/contract/tables";
import { packageDir } from "./package-dir";
import { packagedIcon } from "./packaged-icon";
import { slugify } from "./text";
import type { CatalogAsset } from "./types";

interface TablerEntry {
  name: string;
  category?: string;
  tags?: unknown[];
  styles?: Record<string, { version?: string }>;
}

const STYLE_OF: Record<string, { style: Style; rank: number }> = {
  outline: { style: "line", rank: 0 },
  filled: { style: "glyph", rank: 1 },
};

export function loadTabler(): CatalogAsset[] {
  const dir = packageDir("@tabler/icons");
  const entries = JSON.parse(readFileSync(join(dir, "icons.json"), "utf8")) as Record<string, TablerEntry>;
  const license = { name: "MIT", url: "/licenses/tabler", text: readFileSync(join(dir, "LICENSE"), "utf8") };
  const present: Record<string, Set<string>> = {};
  for (const variant of Object.keys(STYLE_OF)) {
    present[variant] = new Set(readdirSync(join(dir, "icons", variant)));
  }
  const assets: CatalogAsset[] = [];
  for (const entry of Object.values(entries)) {
    const tags = [...new Set((entry.tags ?? []).map(String).flatMap((tag) => slugify(tag) || []))];
    const categories = entry.category ? [slugify(entry.category)] : [];
    for (const [variant, info] of Object.entries(entry.styles ?? {})) {
      const mapped = STYLE_OF[variant];
      const file = `${entry.name}.svg`;
      if (!mapped || !present[variant]?.has(file)) continue;
      assets.push(
        packagedIcon({
          set: "tabler",
          name: entry.name,
          variant,
          style: mapped.style,
          variantRank: mapped.rank,
          tags,
          categories,
          version: info.version ?? "0",
          license,
          svgPath: `${dir}/icons/${variant}/${file}`,
          icon_grid: 24,
        }),
      );
    }
  }
  return assets;
}
