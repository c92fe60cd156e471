// How an asset is named to a designer, and which icon it is a variant of. The spec shows neither a
// set nor a variant field: every read here is a guess (the local API's `contributor` and `variant`,
// and a plausible alternative or two), parsed defensively. An asset whose variant is unknown is
// nobody's variant: it keeps a cell of its own.

import type { Asset } from "../contract/spec-objects";

type Json = Record<string, unknown>;

/** Guess: a string, or an object carrying it as name, username, slug or label. */
function word(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const v = value as Json;
    return word(v.name ?? v.username ?? v.slug ?? v.label);
  }
  return undefined;
}

/** "rocket-launch" or "rocket_launch" -> "Rocket launch"; a name already in words keeps its case. */
export function humanName(raw: string): string {
  const spaced = raw.replace(/[-_]+/g, " ").replace(/\s+/g, " ").trim();
  if (!spaced) return "";
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Guess: the set is `contributor` (the local API's), else `author` or `set`. */
export function readSet(asset: Asset): string | undefined {
  const a = asset as Json;
  return word(a.contributor ?? a.set ?? a.author);
}

/** A variant's name is a word or two ("duotone", "outline"); anything longer is not one. */
const VARIANT_MAX = 40;

/** Guess: the set's own name for the drawing is `variant`, else `weight`. Lower case, or undefined. */
export function readVariant(asset: Asset): string | undefined {
  const a = asset as Json;
  const variant = word(a.variant ?? a.weight)?.toLowerCase();
  return variant && variant.length <= VARIANT_MAX ? variant : undefined;
}

/** Sets whose own spelling is not a plain capital first. */
const SET_NAMES: Readonly<Record<string, string>> = {
  iconify: "Iconify",
  "material-symbols": "Material Symbols",
  openmoji: "OpenMoji",
  "fluent-emoji": "Fluent Emoji",
  "fluent-emoji-3d": "Fluent Emoji 3D",
  useanimations: "useAnimations",
};

/** "phosphor" -> "Phosphor": the set as its makers write it. */
export function setLabel(set: string): string {
  return SET_NAMES[set.toLowerCase()] ?? humanName(set);
}

/**
 * One spelling for what a designer reads: the spec's style "dualtone" is Phosphor's "Duotone", and
 * a style or variant value is a word, not a slug ("line" draws with lines: "Line").
 */
const WORDS: Readonly<Record<string, string>> = {
  dualtone: "Duotone",
  duotone: "Duotone",
  "3d": "3D",
};

/** "duotone" -> "Duotone", "filled" -> "Filled". */
export function variantLabel(variant: string): string {
  return WORDS[variant.toLowerCase()] ?? humanName(variant);
}

/** A style value as the details show it: "dualtone" -> "Duotone", "glyph" (a filled shape) -> "Solid". */
export function styleLabel(style: string): string {
  return style.toLowerCase() === "glyph" ? "Solid" : variantLabel(style);
}

/**
 * The family a variant belongs to across sets, so one choice reaches every set: Tabler's "outline"
 * is Phosphor's "regular", "filled" is "fill". Anything else is its own family.
 */
export function variantFamily(variant: string): string {
  const v = variant.toLowerCase();
  if (v === "outline" || v === "outlined" || v === "line" || v === "stroke") return "regular";
  if (v === "filled" || v === "solid" || v === "glyph") return "fill";
  if (v === "dualtone") return "duotone";
  return v;
}

/**
 * Which icon an asset draws (set, type and name) when its variant is known; undefined for an asset
 * that is nobody's variant (no variant, set or name), which keeps a cell of its own.
 */
export function iconKey(asset: Asset): string | undefined {
  const set = readSet(asset);
  const a = asset as Json;
  const type = typeof a.type === "string" ? a.type : "";
  if (!readVariant(asset) || !set || !asset.name) return undefined;
  return `icon\u0000${set}\u0000${type}\u0000${asset.name}`;
}

export interface AssetNaming {
  /** "Rocket launch". */
  name: string;
  /** "Phosphor", when known. */
  set?: string;
  /** "Bold", when known. */
  variant?: string;
}

export function nameAsset(asset: Asset): AssetNaming {
  const naming: AssetNaming = { name: humanName(asset.name ?? "") || "Untitled" };
  const set = readSet(asset);
  const variant = readVariant(asset);
  if (set) naming.set = setLabel(set);
  if (variant) naming.variant = variantLabel(variant);
  return naming;
}

/** "Rocket launch, Phosphor, Bold": what a cell's label and tooltip read. */
export function describeAsset(asset: Asset): string {
  const { name, set, variant } = nameAsset(asset);
  return [name, set, variant].filter(Boolean).join(", ");
}
