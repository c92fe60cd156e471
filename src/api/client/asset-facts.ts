// What an asset's detail shows beyond uuid, name and urls. The spec shows none of these fields, so
// every name read here is a guess (the local API's names, and a plausible alternative or two);
// anything missing is simply left out.

import type { Asset } from "../contract/spec-objects";
import { FORMATS, type Format } from "../contract/tables";

export interface AssetFacts {
  formats: Format[];
  price?: string;
  license?: string;
  contributor?: string;
  tags: string[];
  /** The service's category values (slugs): what a filter asks for. */
  categories: string[];
  /** The same categories in words, for the details (`category_names` when sent; else the slugs). */
  categoryNames: string[];
  styles: string[];
  publishedAt?: string;
  /** `additional_informations` as label -> printable value. */
  additional: [string, string][];
}

type Json = Record<string, unknown>;

/** Guess: a value may be a string, or an object carrying it as name, username, slug or label. */
function text(value: unknown): string | undefined {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return value.trim() || undefined;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const v = value as Json;
    return text(v.name ?? v.username ?? v.slug ?? v.label);
  }
  return undefined;
}

function list(value: unknown): string[] {
  return (Array.isArray(value) ? value : []).map(text).filter((v): v is string => v !== undefined);
}

function printable(value: unknown): string {
  if (Array.isArray(value)) return value.map(printable).join(", ");
  if (typeof value === "object" && value !== null)
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${printable(v)}`)
      .join(", ");
  return String(value);
}

/**
 * The set an asset belongs to, as the `contributors[]` search filter names it. Guess: the spec shows
 * no item field for it; read as `contributor` (a username, or an object carrying one), else `author`.
 */
export function assetSet(asset: Asset): string | undefined {
  const a = asset as Json;
  return text(a.contributor ?? a.author);
}

/** What a layer records of where its asset came from: its set and licence, each when known. */
export interface AssetOrigin {
  set?: string;
  licence?: string;
  licenceUrl?: string;
}

/**
 * The set and licence a placed asset keeps. Guess: the licence is spelled license or licence, a
 * string (its name) or { name, url } (the local API's shape); a url that is not http(s) is dropped.
 */
export function assetOrigin(asset: Asset): AssetOrigin {
  const a = asset as Json;
  const raw = a.license ?? a.licence;
  const origin: AssetOrigin = {};
  const set = assetSet(asset);
  if (set) origin.set = set;
  const name = text(raw);
  if (name) origin.licence = name;
  const url = typeof raw === "object" && raw !== null ? (raw as Json).url : undefined;
  if (name && typeof url === "string" && /^https?:\/\//i.test(url)) origin.licenceUrl = url;
  return origin;
}

/**
 * The categories in words when the service sends them beside the slugs (the local API's
 * `category_names`, same order and length); otherwise the slugs, for the window to word.
 */
function categoryWords(a: Json): string[] {
  const slugs = list(a.categories);
  const names = list(a.category_names);
  return names.length === slugs.length && names.length > 0 ? names : slugs;
}

const isFormat = (f: string): f is Format => (FORMATS as readonly string[]).includes(f);

export function readAssetFacts(asset: Asset): AssetFacts {
  const a = asset as Json;
  // Guess: formats may be listed; otherwise the keys of `urls` that are formats say which exist.
  const listed = list(a.formats).filter(isFormat);
  const extra = a.additional_informations;
  const facts: AssetFacts = {
    formats: listed.length ? listed : Object.keys(asset.urls ?? {}).filter(isFormat),
    tags: list(a.tags),
    categories: list(a.categories),
    categoryNames: categoryWords(a),
    styles: list(a.styles),
    additional:
      typeof extra === "object" && extra !== null && !Array.isArray(extra)
        ? Object.entries(extra).map(([k, v]) => [k.replaceAll("_", " "), printable(v)])
        : [],
  };
  const optional = {
    price: text(a.price),
    // Guess: spelled license or licence, a string or { name, url }.
    license: text(a.license ?? a.licence),
    contributor: assetSet(asset),
    publishedAt: text(a.published_at ?? a.created_at),
  };
  for (const [key, value] of Object.entries(optional)) if (value) Object.assign(facts, { [key]: value });
  return facts;
}
