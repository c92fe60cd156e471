// The details' rows in a designer's words (price and set sit above them): the licence said plainly,
// tags and categories as words, size and timing in units. Technical fields (file size, view box,
// raw field names) are not for designers and are left out.

import type { AssetFacts } from "../../api/asset-facts";
import { humanName, setLabel, styleLabel } from "../../api/asset-names";

/** What a licence lets a designer do, for the licences icon sets use most. */
const LICENCES: Readonly<Record<string, string>> = {
  mit: "Free for any use, commercial too (MIT)",
  isc: "Free for any use, commercial too (ISC)",
  "apache-2.0": "Free for any use, commercial too (Apache 2.0)",
  cc0: "Free for any use, no credit needed (CC0)",
  "cc0-1.0": "Free for any use, no credit needed (CC0)",
  "cc-by-4.0": "Free for any use, credit the author (CC BY 4.0)",
};

export function licenceInWords(name: string): string {
  return LICENCES[name.trim().toLowerCase().replace(/\s+/g, "-")] ?? name;
}

/** "free" -> "Free", "premium" -> "Premium". */
export function priceInWords(price: string): string {
  return humanName(price);
}

/** Fields of additional_informations shown elsewhere or meaningless to a designer. */
const HIDDEN = new Set(["svg bytes", "view box", "formats", "variant", "price", "license", "licence"]);

function extraRows(additional: [string, string][], set: string | undefined): [string, string][] {
  const by = new Map(additional.map(([k, v]) => [k.toLowerCase(), v]));
  const rows: [string, string][] = [];
  const width = by.get("width");
  const height = by.get("height");
  // A square is the grid the icon was drawn on, not the size it lands at (that is the bar's).
  if (width && height)
    rows.push(width === height ? ["Drawn on", `a ${width} px grid`] : ["Size", `${width} × ${height} px`]);
  const rate = by.get("frame rate");
  if (rate) rows.push(["Frame rate", `${rate} fps`]);
  const seconds = by.get("duration seconds");
  if (seconds) rows.push(["Duration", `${seconds} s`]);
  const frames = by.get("frames");
  if (frames) rows.push(["Frames", frames]);
  const release = by.get("released in");
  // "Added in Phosphor 1.0"; a bare version number says nothing without its set.
  if (release && set)
    rows.push(["Added in", `${setLabel(set)} ${/^\d+$/.test(release) ? `${release}.0` : release}`]);
  const known = new Set(["width", "height", "frame rate", "duration seconds", "frames", "released in"]);
  for (const [key, value] of additional) {
    const k = key.toLowerCase();
    if (HIDDEN.has(k) || known.has(k)) continue;
    rows.push([humanName(key), value]);
  }
  return rows;
}

/** Label and value pairs, in the order a designer reads them; empty values left out. */
export function detailRows(facts: AssetFacts): [string, string][] {
  const words = (list: string[]) => list.map((v) => humanName(v).toLowerCase()).join(", ");
  const rows: [string, string | undefined][] = [
    ["Licence", facts.license && licenceInWords(facts.license)],
    ["Style", facts.styles.map(styleLabel).join(", ")],
    ["Categories", facts.categories.map(humanName).join(", ")],
    ["Tags", words(facts.tags)],
    ["Published", facts.publishedAt],
    ...extraRows(facts.additional, facts.contributor),
  ];
  return rows
    .filter((row): row is [string, string] => !!row[1])
    .filter((row, i, all) => all.findIndex((r) => r[0] === row[0]) === i);
}
