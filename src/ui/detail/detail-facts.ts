// The details' rows in a designer's words (price and set sit above them): the licence said plainly,
// tags and categories as words, size and timing in units. Technical fields (file size, view box,
// raw field names) are not for designers and are left out.

import type { AssetFacts } from "../../api/client/asset-facts";
import { humanName, setLabel, styleLabel } from "../../api/client/asset-names";
import type { AssetType } from "../../api/contract/tables";

/** What the rows need of the asset beyond its facts: its type (an icon's size is its grid) and name. */
export interface RowsAbout {
  type: AssetType;
  name?: string | undefined;
  /** The style word the subtitle already says: a Style fact saying the same again is left out. */
  shownStyle?: string | undefined;
}

/** What a licence lets a designer do, for the licences icon sets use most. */
const LICENCES: Readonly<Record<string, string>> = {
  mit: "Free for any use, commercial too (MIT)",
  isc: "Free for any use, commercial too (ISC)",
  "apache-2.0": "Free for any use, commercial too (Apache 2.0)",
  cc0: "Free for any use, no credit needed (CC0)",
  "cc0-1.0": "Free for any use, no credit needed (CC0)",
  "cc-by-4.0": "Free for any use, credit the author (CC BY 4.0)",
  "cc-by-sa-4.0": "Free for any use, credit the author; changes shared under the same licence (CC BY-SA 4.0)",
};

/** Creative Commons "BY" licences ask for the credit line a designer copies beside their work. */
const ATTRIBUTION = /^cc[\s-]by\b/i;

export function licenceInWords(name: string): string {
  return LICENCES[name.trim().toLowerCase().replace(/\s+/g, "-")] ?? name;
}

/** "free" -> "Free", "premium" -> "Premium". */
export function priceInWords(price: string): string {
  return humanName(price);
}

/** Fields of additional_informations shown elsewhere or meaningless to a designer. */
const HIDDEN = new Set(["svg bytes", "view box", "formats", "variant", "price", "license", "licence"]);

/** "0.5166666666666667" -> "0.52"; "2" -> "2". */
function seconds(value: string): string {
  const n = Number(value);
  return Number.isFinite(n) ? String(Math.round(n * 100) / 100) : value;
}

/**
 * The size row. An icon's square is the grid it was drawn on, not the size it lands at (that is the
 * bar's). A vector picture (an SVG illustration) has no size of its own worth saying: its view box
 * is not a size a designer places it at. A raster has its pixels, said as the original's so they do
 * not read as the size chosen above; an animation is drawn in vectors at any size, so its frame is
 * the animation's size, not the GIF's.
 */
function sizeRow(width: string, height: string, facts: AssetFacts, type: AssetType): [string, string][] {
  const pixels = `${width} × ${height} px`;
  if (type === "icon") {
    return [width === height ? ["Drawn on", `a ${width} px grid`] : ["Size", pixels]];
  }
  if (type === "illustration" && facts.formats.includes("svg")) return [];
  if (type === "lottie") return [["Animation size", `${pixels}, sharp at any size`]];
  return [["Original", pixels]];
}

function extraRows(facts: AssetFacts, type: AssetType): [string, string][] {
  const { additional, contributor: set } = facts;
  const by = new Map(additional.map(([k, v]) => [k.toLowerCase(), v]));
  const rows: [string, string][] = [];
  const width = by.get("width");
  const height = by.get("height");
  if (width && height) rows.push(...sizeRow(width, height, facts, type));
  const rate = by.get("frame rate");
  if (rate) rows.push(["Frame rate", `${rate} fps`]);
  const duration = by.get("duration seconds");
  if (duration) rows.push(["Duration", `${seconds(duration)} s`]);
  const frames = by.get("frames");
  if (frames) rows.push(["Frames", frames]);
  const release = by.get("released in");
  // "Added in Phosphor 1.0"; a bare version number says nothing without its set.
  if (release && set)
    rows.push(["Added in", `${setLabel(set)} ${/^\d+$/.test(release) ? `${release}.0` : release}`]);
  const known = new Set(["width", "height", "frame rate", "duration seconds", "frames", "released in"]);
  for (const [key, value] of additional) {
    const k = key.toLowerCase();
    // A file's byte count (svg bytes, json bytes) is a technical fact, not a designer's.
    if (HIDDEN.has(k) || known.has(k) || k.endsWith(" bytes")) continue;
    rows.push([humanName(key), value]);
  }
  return rows;
}

/** "“Cat” by OpenMoji, CC BY-SA 4.0": title, author, licence, as Creative Commons asks. */
function creditLine(facts: AssetFacts, name: string | undefined): string | undefined {
  if (!facts.license || !ATTRIBUTION.test(facts.license.trim())) return undefined;
  const by = facts.contributor ? ` by ${setLabel(facts.contributor)}` : "";
  return `${name ? `\u201c${name}\u201d` : "This asset"}${by}, ${facts.license.trim()}`;
}

function styleRow(styles: readonly string[], shown: string | undefined): string {
  const words = styles.map(styleLabel).join(", ");
  return words === shown ? "" : words;
}

/**
 * Label and value pairs, in the order a designer reads them; empty values left out. `about` says
 * the asset's type (an icon when not given) and its name, for the credit line.
 */
export function detailRows(facts: AssetFacts, about: RowsAbout = { type: "icon" }): [string, string][] {
  const words = (list: string[]) => list.map((v) => humanName(v).toLowerCase()).join(", ");
  const rows: [string, string | undefined][] = [
    ["Licence", facts.license && licenceInWords(facts.license)],
    ["Credit", creditLine(facts, about.name)],
    ["Style", styleRow(facts.styles, about.shownStyle)],
    ["Categories", facts.categoryNames.map(humanName).join(", ")],
    ["Tags", words(facts.tags)],
    ["Published", facts.publishedAt],
    ...extraRows(facts, about.type),
  ];
  return rows
    .filter((row): row is [string, string] => !!row[1])
    .filter((row, i, all) => all.findIndex((r) => r[0] === row[0]) === i);
}
