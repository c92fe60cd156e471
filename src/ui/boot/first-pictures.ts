// A first-ever home's pictures, asked for by the page's first script rather than by the views once
// the main script has been parsed and has rendered (~100 ms on a designer's laptop, longer on a busy
// one): the recent strip's from the boot data at once, and each set card's samples as soon as its
// sample search answers (first-sets.ts). Each is the very link the view's
// <img> will show (the same rules pick it: set-samples.ts, preview-source.ts), so the browser hands
// the view the picture it has loaded, or is loading, rather than asking again. Only the service's own
// drawings: a stroke width chosen in the insert bar shows redrawn pictures instead, so none are asked.

import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import { linkExpired, previewOf } from "../grid/preview-source";
import { RECENT_SHOWN } from "../recent/recent-shown";
import { SET_SAMPLES } from "../sets/home-searches";
import { setSamples } from "../sets/set-samples";
import type { Boot } from "./boot-data";

/** Starts loading a picture; the element is kept by the caller until the window is up. */
export type LoadPicture = (url: string) => void;

/** A detached <img> per link: the browser's image cache keeps what it loads for the view's own. */
export function pictureLoader(pictures: unknown[] = []): LoadPicture {
  return (url) => {
    const image = new Image();
    image.decoding = "async";
    // Out of the document a picture keeps the low priority of one out of view; these are in view in
    // the first frame, where the views' own would be raised to high.
    image.fetchPriority = "high";
    image.src = url;
    // Kept, or the request may be dropped with the element.
    pictures.push(image);
  };
}

/** Whether the home's pictures are the service's own drawings (no stroke width chosen). */
export function drawnAsServed(boot: Boot): boolean {
  const width = boot.settings?.iconStrokeWidth;
  return width === undefined || width === null;
}

/** The links of the pictures a set card shows, from its sample page (Home.tsx, sets-store.ts). */
export function setCardPictures(type: AssetType, items: readonly Asset[]): string[] {
  return setSamples(items, SET_SAMPLES).flatMap((asset) => imageLink(asset, type));
}

/** The links of the recent strip's pictures for `type` (RecentStrip.tsx), live ones only. */
export function recentPictures(boot: Boot, type: AssetType): string[] {
  return (boot.recentAssets ?? [])
    .filter((ref) => ref.type === type)
    .slice(0, RECENT_SHOWN)
    .flatMap((ref) =>
      typeof ref.previewUrl === "string" && ref.previewUrl
        ? imageLink({ uuid: ref.uuid, name: ref.name, urls: { preview: ref.previewUrl } }, type)
        : [],
    );
}

function imageLink(asset: Asset, type: AssetType): string[] {
  const preview = previewOf(asset, type);
  return preview.kind === "image" && !linkExpired(preview.url) ? [preview.url] : [];
}
