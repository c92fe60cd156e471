// What an asset's detail shows beyond uuid, name and urls. The spec shows none of these fields, so
// every name read here is a guess (the local API's names first, then other plausible spellings);
// anything missing is simply left out.

import { FORMATS, type Format } from "./contract";
import type { Asset } from "./types";

export interface AssetFacts {
  type?: string;
  formats: Format[];
  price?: string;
  license?: { name: string; url?: string };
  contributor?: string;
  tags: string[];
  categories: string[];
  styles: string[];
  publishedAt?: string;
  /** `additional_informations` flattened to label -> printable value. */
  additional: [string, string][];
}

function text(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Guess: lists may hold strings or objects carrying a name, slug or label. */
function names(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map(
      (v) =>
        text(v) ??
        (typeof v === "object" && v !== null
          ? text(
              (v as Record<string, unknown>).name ??
                (v as Record<string, unknown>).slug ??
                (v as Record<string, unknown>).label,
            )
          : undefined),
    )
    .filter((v): v is string => v !== undefined);
}

function printable(value: unknown): string {
  if (Array.isArray(value)) return value.map(printable).join(", ");
  if (typeof value === "object" && value !== null)
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${printable(v)}`)
      .join(", ");
  return String(value);
}

export function readAssetFacts(asset: Asset): AssetFacts {
  const a = asset as Record<string, unknown>;
  // Guess: the contributor may be a username string or an object with username or name.
  const contributorField = a.contributor ?? a.author ?? a.creator;
  const contributor =
    text(contributorField) ??
    (typeof contributorField === "object" && contributorField !== null
      ? text(
          (contributorField as Record<string, unknown>).username ??
            (contributorField as Record<string, unknown>).name,
        )
      : undefined);
  // Guess: the licence may be a string or { name, url }, spelled license or licence.
  const licenseField = a.license ?? a.licence;
  const license =
    text(licenseField) !== undefined
      ? { name: text(licenseField) as string }
      : typeof licenseField === "object" &&
          licenseField !== null &&
          text((licenseField as Record<string, unknown>).name)
        ? {
            name: text((licenseField as Record<string, unknown>).name) as string,
            ...(text((licenseField as Record<string, unknown>).url)
              ? { url: text((licenseField as Record<string, unknown>).url) as string }
              : {}),
          }
        : undefined;
  // Guess: formats may be listed; otherwise the keys of `urls` that are formats say which exist.
  const listed = names(a.formats).filter((f): f is Format => (FORMATS as readonly string[]).includes(f));
  const fromUrls = Object.keys(asset.urls ?? {}).filter((f): f is Format =>
    (FORMATS as readonly string[]).includes(f),
  );
  const extra = a.additional_informations;
  const price = text(a.price) ?? (a.premium === true ? "premium" : a.premium === false ? "free" : undefined);
  const type = text(a.type ?? a.asset);
  const publishedAt = text(a.published_at ?? a.created_at);
  return {
    ...(type ? { type } : {}),
    formats: listed.length ? listed : fromUrls,
    ...(price ? { price } : {}),
    ...(license ? { license } : {}),
    ...(contributor ? { contributor } : {}),
    tags: names(a.tags),
    categories: names(a.categories),
    styles: names(a.styles ?? (text(a.style) ? [a.style] : [])),
    ...(publishedAt ? { publishedAt } : {}),
    additional:
      typeof extra === "object" && extra !== null && !Array.isArray(extra)
        ? Object.entries(extra).map(([k, v]) => [k.replaceAll("_", " "), printable(v)])
        : [],
  };
}
