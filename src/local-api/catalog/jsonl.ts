// An operator's own catalogue: one JSON object per line (format in the README's local-API section).
// A line `{"replace_builtin": true}` drops the packaged icon sets; otherwise the lines extend them.
// A malformed line stops the start with its line number: a half-loaded catalogue would mislead.

import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import * as v from "valibot";
import {
  ASSET_TYPES,
  FORMATS,
  FORMATS_BY_ASSET,
  type Format,
  ORIENTATIONS,
  PRICES,
  STYLES,
} from "../../api/contract/tables";
import { slugify } from "./text";
import type { CatalogAsset } from "./types";
import { stableUuid, UUID_PATTERN } from "./uuid";

const LineSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  type: v.picklist(ASSET_TYPES),
  uuid: v.optional(v.pipe(v.string(), v.regex(UUID_PATTERN))),
  contributor: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
  variant: v.optional(v.string()),
  styles: v.optional(v.array(v.picklist(STYLES))),
  tags: v.optional(v.array(v.string())),
  categories: v.optional(v.array(v.string())),
  icon_grid: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  orientation: v.optional(v.picklist(ORIENTATIONS)),
  price: v.optional(v.picklist(PRICES)),
  published_at: v.optional(v.pipe(v.string(), v.isoDate())),
  formats: v.optional(v.array(v.picklist(FORMATS))),
  svg: v.optional(v.string()),
  svg_file: v.optional(v.string()),
  files: v.optional(v.record(v.picklist(FORMATS), v.string())),
  license: v.optional(v.object({ name: v.string(), url: v.string(), text: v.optional(v.string()) })),
  popularity: v.optional(v.number()),
  featured: v.optional(v.number()),
});

export interface LoadedCatalogFile {
  replaceBuiltin: boolean;
  assets: CatalogAsset[];
}

const DAY_MS = 86_400_000;

export function loadCatalogFile(path: string): LoadedCatalogFile {
  const base = dirname(resolve(path));
  const lines = readFileSync(path, "utf8").split(/\r?\n/);
  const assets: CatalogAsset[] = [];
  let replaceBuiltin = false;
  lines.forEach((text, index) => {
    if (text.trim() === "") return;
    const where = `${path} line ${index + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${where}: not valid JSON.`);
    }
    if (typeof json === "object" && json !== null && "replace_builtin" in json) {
      replaceBuiltin = (json as { replace_builtin: unknown }).replace_builtin === true;
      return;
    }
    const parsed = v.safeParse(LineSchema, json);
    if (!parsed.success) throw new Error(`${where}: ${v.summarize(parsed.issues)}`);
    assets.push(toAsset(parsed.output, base, where));
  });
  return { replaceBuiltin, assets };
}

function toAsset(line: v.InferOutput<typeof LineSchema>, base: string, where: string): CatalogAsset {
  const files: Partial<Record<Format, string>> = {};
  for (const [format, file] of Object.entries(line.files ?? {}))
    files[format as Format] = resolve(base, file);
  const svgPath = line.svg_file === undefined ? undefined : resolve(base, line.svg_file);
  const hasSvg = line.svg !== undefined || svgPath !== undefined;
  const valid = FORMATS_BY_ASSET[line.type];
  // An SVG can always be served as itself and rasterised to PNG.
  const available = new Set<Format>([
    ...(Object.keys(files) as Format[]),
    ...(hasSvg ? (["svg", "png"] as const) : []),
  ]);
  // A Lottie's JSON can be drawn as an animated GIF and packed as dotLottie when asked: listed in
  // `formats`, they need no file of their own (render/made-on-demand.ts).
  const madeFromJson: Format[] = line.type === "lottie" && files.json ? ["gif", "lottie"] : [];
  const formats = (line.formats ?? [...available]).filter((format) => valid.includes(format));
  const missing = formats.filter((format) => !available.has(format) && !madeFromJson.includes(format));
  if (missing.length > 0) throw new Error(`${where}: no file for format(s) ${missing.join(", ")}.`);
  if (formats.length === 0)
    throw new Error(`${where}: no format valid for ${line.type} (${valid.join(", ")}).`);
  const contributor = line.contributor ?? "local";
  const published = line.published_at ? Date.parse(line.published_at) / DAY_MS : 0;
  return {
    uuid: line.uuid ?? stableUuid(contributor, line.name, line.variant ?? "", line.type),
    name: line.name,
    type: line.type,
    contributor,
    ...(line.variant ? { variant: line.variant } : {}),
    styles: line.styles ?? [],
    tags: [...new Set((line.tags ?? []).map(slugify).filter(Boolean))],
    categories: [...new Set((line.categories ?? []).map(slugify).filter(Boolean))],
    ...(line.icon_grid ? { icon_grid: line.icon_grid } : {}),
    ...(line.orientation ? { orientation: line.orientation } : {}),
    price: line.price ?? "free",
    ...(line.published_at ? { published_at: line.published_at } : {}),
    formats,
    license: line.license ?? { name: "unspecified", url: `/licenses/${encodeURIComponent(contributor)}` },
    popularity: line.popularity ?? 0,
    recency: published,
    featured: line.featured ?? 0,
    variantRank: 0,
    source: {
      ...(line.svg !== undefined ? { svgText: line.svg } : {}),
      ...(svgPath ? { svgPath } : {}),
      files,
    },
  };
}
