// The details' rows in a designer's words (price and set sit above them): the licence said plainly,
// tags and categories as words, size and timing in units. Technical fields (file size, view box,
// raw field names) are not for designers and are left out.

import type { AssetFacts } from "../../api/asset-facts";
import { humanName } from "../../api/asset-names";

/** What a licence lets a designer do, for the licences icon sets use most. */
const LICENCES: Readonly<Record<string, string>> = {
  mit: "MIT: free for any use, credit kept in the code",
  isc: "ISC: free for any use, credit kept in the code",
  "apache-2.0": "Apache 2.0: free for any use, credit kept in the code",
  cc0: "CC0: free for any use, no credit needed",
  "cc0-1.0": "CC0: free for any use, no credit needed",
  "cc-by-4.0": "CC BY 4.0: free for any use with credit to the author",
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

function extraRows(additional: [string, string][]): [string, string][] {
  const by = new Map(additional.map(([k, v]) => [k.toLowerCase(), v]));
  const rows: [string, string][] = [];
  const width = by.get("width");
  const height = by.get("height");
  if (width && height) rows.push(["Size", `${width} × ${height}`]);
  const rate = by.get("frame rate");
  if (rate) rows.push(["Frame rate", `${rate} fps`]);
  const seconds = by.get("duration seconds");
  if (seconds) rows.push(["Duration", `${seconds} s`]);
  const frames = by.get("frames");
  if (frames) rows.push(["Frames", frames]);
  const release = by.get("released in");
  if (release) rows.push(["Added in", `version ${release}`]);
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
    ["Style", words(facts.styles)],
    ["Categories", words(facts.categories)],
    ["Tags", words(facts.tags)],
    ["Published", facts.publishedAt],
    ...extraRows(facts.additional),
  ];
  return rows
    .filter((row): row is [string, string] => !!row[1])
    .filter((row, i, all) => all.findIndex((r) => r[0] === row[0]) === i);
}
