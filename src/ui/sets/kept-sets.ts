// The sets as the last window's home showed them (see home/home-snapshot.ts): what the sets store
// shows for the same browse until the service answers, and the pictures it keeps showing after.

import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import type { SetRatio } from "../variants/set-ratios";

/** A set's card as the last window painted it (see home/home-snapshot.ts). */
export interface KeptSet {
  name: string;
  /** The service's count (drawings) for the browse. */
  count: number;
  /**
   * The set's drawings per icon as that window held it: the next says the same figures (icon-counts)
   * without learning it again. Its variants ("6 weights") as shown.
   */
  ratio?: SetRatio;
  variants: string;
  /** The samples, their pictures inlined where they could be. */
  samples: Asset[];
}

/** The last window's home: its sets for one type's browse (`key`: that browse's search). */
export interface KeptHome {
  type: AssetType;
  key: string;
  /** All sets' count for that browse (the service's total). */
  all?: number;
  sets: KeptSet[];
  /** The recent strip's pictures as that window showed them, by asset uuid (not the sets'). */
  recentPictures?: Record<string, string>;
  /** When that window kept it (ms since the epoch). */
  savedAt?: number;
  /** The home's featured icons as that window showed them, their pictures inlined. */
  featured?: Asset[];
}

/**
 * The live samples, each showing the kept picture of the same asset where there is one: the card
 * does not reload what it already shows (and the picture does not flicker when the answer comes).
 */
export function withKeptPictures(live: Asset[], kept: KeptSet | undefined): Asset[] {
  if (!kept) return live;
  const pictures = new Map(kept.samples.map((sample) => [sample.uuid, sample.urls]));
  return live.map((asset) => {
    const urls = pictures.get(asset.uuid);
    return urls && Object.keys(urls).length ? { ...asset, urls } : asset;
  });
}
