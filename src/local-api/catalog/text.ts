// Normalising the words of names, tags and categories so that search, filters and slugs agree.

const SIMPLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NON_ASCII = /[^\x20-\x7e]/;

/** "Maps & Travel" -> "maps-and-travel"; "Version control" -> "version-control". */
export function slugify(text: string): string {
  // Most tags already are slugs; the Unicode-aware path below is several times slower.
  if (SIMPLE_SLUG.test(text)) return text;
  return text
    .toLowerCase()
    .replaceAll("&", " and ")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** Lower-case word tokens: "arrow-up-right" and "Arrow up right" both give arrow, up, right. */
export function tokenize(text: string): string[] {
  // Printable ASCII (nearly every name and tag) splits faster without Unicode classes.
  const pattern = NON_ASCII.test(text) ? /[^\p{L}\p{N}]+/u : /[^a-z0-9]+/;
  return text
    .toLowerCase()
    .split(pattern)
    .filter((token) => token.length > 0);
}

/** Ranks a dotted release ("1.107" > "1.76") as a comparable number within one set. */
export function versionKey(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split(".").map((part) => Number.parseInt(part, 10) || 0);
  return major * 1_000_000 + minor * 1_000 + patch;
}
