// The home as this window last painted it, kept for the next one (src/messages/home-snapshot.ts): its
// sets with their counts and a few sample pictures, its featured icons, and the pictures of the
// recently inserted assets it showed, inlined as data: URLs so they paint without a request (their signed links expire within
// the hour; a designer reopens the plugin hours later, and each expired link cost a request).
// The snapshot names the server and account it came from: another one's sets are never shown.

import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import { HOME_SNAPSHOT_MAX_CHARS } from "../../messages/home-snapshot";
import { previewOf } from "../grid/preview-source";
import type { KeptHome, KeptSet } from "../sets/kept-sets";
import type { SetEntry } from "../sets/sets-store";
import type { SetRatio } from "../variants/set-ratios";

/** Bumped when the shape changes: an older snapshot is ignored, never misread. */
export const HOME_SNAPSHOT_VERSION = 1;
/** A picture larger than this is not inlined (an icon's SVG is 0.5-3 kB): its card waits for the link. */
export const PICTURE_MAX_BYTES = 8 * 1024;

interface Snapshot {
  version: number;
  server: string;
  type: AssetType;
  /** The browse's search the counts answer (sets-store's baseKey). */
  key: string;
  /** All sets' count for it, when known. */
  all?: number;
  savedAt: number;
  sets: KeptSet[];
  /** The recent strip's pictures, by asset uuid. */
  recent?: Record<string, string>;
  /** The featured icons, each with its picture inlined (one without a picture is not kept). */
  featured?: Asset[];
}

/** Recent pictures kept at most: the strip shows eight a type. */
const RECENT_KEPT = 24;
/** Featured icons kept at most: what the home's featured grid shows (FeaturedIcons' FEATURED_SHOWN). */
export const FEATURED_KEPT = 36;

/** The fields of a sample the home reads (name, set, variant, style for the tint): nothing more is kept. */
const SAMPLE_FIELDS = ["uuid", "name", "type", "contributor", "set", "author", "variant", "weight", "styles"];

/** 32-bit FNV-1a, as hex: tells accounts apart without keeping their token a second time. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** The server and account a snapshot belongs to. */
export const serverIdentity = (proxyUrl: string, token: string) => `${proxyUrl}#${fingerprint(token)}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function readSample(value: unknown): Asset | undefined {
  if (!isRecord(value) || typeof value.uuid !== "string" || typeof value.name !== "string") return undefined;
  if (!isRecord(value.urls)) return undefined;
  const urls = Object.fromEntries(
    Object.entries(value.urls).filter(([, url]) => typeof url === "string" && url.startsWith("data:image/")),
  );
  return { ...value, urls } as Asset;
}

function readRatio(value: unknown): SetRatio | undefined {
  if (!isRecord(value) || typeof value.perIcon !== "number" || typeof value.exact !== "boolean")
    return undefined;
  // A ratio is at least one drawing an icon: anything else is damaged, and learnt again.
  if (!Number.isFinite(value.perIcon) || value.perIcon < 1 || value.perIcon > 100) return undefined;
  return { perIcon: value.perIcon, exact: value.exact };
}

function readSet(value: unknown): KeptSet | undefined {
  if (!isRecord(value) || typeof value.name !== "string" || typeof value.count !== "number") return undefined;
  if (!Array.isArray(value.samples)) return undefined;
  const ratio = readRatio(value.ratio);
  return {
    name: value.name,
    count: value.count,
    ...(ratio ? { ratio } : {}),
    variants: typeof value.variants === "string" ? value.variants : "",
    samples: value.samples.map(readSample).filter((s): s is Asset => s !== undefined),
  };
}

/** The kept home for this server and account, or undefined (none, damaged, older, another's). */
export function readHomeSnapshot(text: string | undefined, server: string): KeptHome | undefined {
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || parsed.version !== HOME_SNAPSHOT_VERSION || parsed.server !== server)
    return undefined;
  if (typeof parsed.type !== "string" || typeof parsed.key !== "string" || !Array.isArray(parsed.sets))
    return undefined;
  const sets = parsed.sets.map(readSet).filter((s): s is KeptSet => s !== undefined);
  if (!sets.length) return undefined;
  const all = typeof parsed.all === "number" ? { all: parsed.all } : {};
  const recent = isRecord(parsed.recent)
    ? Object.fromEntries(
        Object.entries(parsed.recent)
          .filter(
            (entry): entry is [string, string] =>
              typeof entry[1] === "string" && entry[1].startsWith("data:image/"),
          )
          .slice(0, RECENT_KEPT),
      )
    : {};
  const featured = Array.isArray(parsed.featured)
    ? parsed.featured
        .map(readSample)
        .filter((s): s is Asset => s !== undefined && typeof s.urls?.preview === "string")
        .slice(0, FEATURED_KEPT)
    : [];
  return {
    type: parsed.type as AssetType,
    key: parsed.key,
    ...all,
    sets,
    ...(typeof parsed.savedAt === "number" ? { savedAt: parsed.savedAt } : {}),
    recentPictures: recent,
    ...(featured.length ? { featured } : {}),
  };
}

/** A sample as kept: its readable fields, and its picture inlined (or no picture). */
function keptSample(asset: Asset, type: AssetType, pictures: ReadonlyMap<string, string>): Asset {
  const kept: Record<string, unknown> = {};
  for (const field of SAMPLE_FIELDS) {
    if ((asset as Record<string, unknown>)[field] !== undefined)
      kept[field] = (asset as Record<string, unknown>)[field];
  }
  const preview = previewOf(asset, type);
  const picture =
    preview.kind !== "image"
      ? undefined
      : preview.url.startsWith("data:")
        ? preview.url
        : pictures.get(preview.url);
  return { ...(kept as Asset), urls: picture ? { preview: picture } : {} };
}

/**
 * The snapshot's text, within HOME_SNAPSHOT_MAX_CHARS: cards without their pictures before cards
 * are left out, so the sets and counts are always there.
 */
export function makeHomeSnapshot(input: {
  server: string;
  type: AssetType;
  key: string;
  all?: number | null;
  sets: readonly SetEntry[];
  /** A set's held ratio (drawings per icon): the next window's figures follow from it. */
  ratio: (set: SetEntry) => SetRatio | undefined;
  variants: (set: SetEntry) => string;
  /** Preview link -> data: URL. */
  pictures: ReadonlyMap<string, string>;
  /** The recent strip's pictures: asset uuid -> data: URL. */
  recent?: ReadonlyMap<string, string>;
  /** The home's featured icons, their pictures looked up in `pictures` like the samples'. */
  featured?: readonly Asset[];
  now?: number;
}): string | undefined {
  const cards = (pictures: ReadonlyMap<string, string>): KeptSet[] =>
    input.sets
      .filter((set) => set.count !== null)
      .map((set) => {
        const ratio = input.ratio(set);
        return {
          name: set.name,
          count: set.count ?? 0,
          ...(ratio ? { ratio } : {}),
          variants: input.variants(set),
          samples: set.samples.map((asset) => keptSample(asset, input.type, pictures)),
        };
      });
  const recent = Object.fromEntries([...(input.recent ?? [])].slice(0, RECENT_KEPT));
  // Only the icons whose picture is inlined: a kept cell without one would paint a placeholder.
  const featured = (input.featured ?? [])
    .slice(0, FEATURED_KEPT)
    .map((asset) => keptSample(asset, input.type, input.pictures))
    .filter((asset) => asset.urls?.preview !== undefined);
  const text = (sets: KeptSet[], withRecent: boolean, kept: Asset[]) =>
    JSON.stringify({
      version: HOME_SNAPSHOT_VERSION,
      server: input.server,
      type: input.type,
      key: input.key,
      ...(typeof input.all === "number" ? { all: input.all } : {}),
      savedAt: input.now ?? Date.now(),
      sets,
      ...(withRecent ? { recent } : {}),
      ...(kept.length ? { featured: kept } : {}),
    } satisfies Snapshot);
  // Over the bound, the featured icons go first (half, then all), then every picture: the sets and
  // their counts are always kept.
  const attempts: [ReadonlyMap<string, string>, boolean, Asset[]][] = [
    [input.pictures, true, featured],
    [input.pictures, true, featured.slice(0, Math.floor(featured.length / 2))],
    [input.pictures, true, []],
    [new Map(), false, []],
  ];
  for (const [pictures, withRecent, kept] of attempts) {
    const sets = cards(pictures);
    if (!sets.length) return undefined;
    const whole = text(sets, withRecent, kept);
    if (whole.length <= HOME_SNAPSHOT_MAX_CHARS) return whole;
  }
  return undefined;
}

/** Bytes as base64, in chunks (a spread of a whole file would overflow the call stack). */
function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The samples' pictures as data: URLs, by preview link: fetched again (the browser's cache usually
 * has them), each at most PICTURE_MAX_BYTES; one that fails or is too large is left out.
 */
export async function inlinePictures(
  samples: readonly Asset[],
  type: AssetType,
  fetchFile: (url: string) => Promise<Response>,
): Promise<Map<string, string>> {
  const pictures = new Map<string, string>();
  await Promise.all(
    samples.map(async (asset) => {
      const preview = previewOf(asset, type);
      if (preview.kind !== "image" || pictures.has(preview.url) || preview.url.startsWith("data:")) return;
      try {
        const response = await fetchFile(preview.url);
        const kind = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
        if (!response.ok || !/^image\/(svg\+xml|png|jpeg|gif|webp)$/.test(kind)) return;
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (bytes.byteLength > PICTURE_MAX_BYTES) return;
        pictures.set(preview.url, `data:${kind};base64,${base64(bytes)}`);
      } catch {
        // Left out: its card shows the live link once the service answers.
      }
    }),
  );
  return pictures;
}
