// The home's "Featured" grid: icons from the page the window already searched at open (an empty
// query over every set, in the service's own order), one cell per icon whatever its weights. It
// fills the room under the set cards without a request of its own; a click inserts the icon.

import type { ReadonlySignal } from "@preact/signals";
import { describeAsset, readSet } from "../../api/client/asset-names";
import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import { Preview } from "../grid/Preview";
import { groupVariants } from "../variants/group-variants";

/** Enough to fill a tall window's home; the grid of results is one click away for more. */
export const FEATURED_SHOWN = 36;

/** The words an icon answers to: its name, and its tags when the service sends them. */
function ideaWords(asset: Asset): string[] {
  const tags = Array.isArray(asset.tags) ? asset.tags.filter((t): t is string => typeof t === "string") : [];
  return [asset.name, ...tags].map((word) => word.toLowerCase()).filter(Boolean);
}

/**
 * One of each icon (its first drawing, as the service ranked them), at most `max`, and one icon
 * per idea: a service that interleaves its sets may list each set's "house" side by side, which
 * reads as a doubled cell, not a pick. An icon is the same idea as one already shown when they
 * share a name, or its name is among the other's tags (tabler's "home" tagged "house").
 */
export function featuredIcons(items: readonly Asset[], max = FEATURED_SHOWN): Asset[] {
  const shown: Asset[] = [];
  // Each word shown, with the set that showed it: only another set's icon is a double (a set's
  // own "user" and "users" are two designs it chose to draw).
  const names = new Map<string, string>();
  const tags = new Map<string, string>();
  for (const group of groupVariants(items)) {
    if (shown.length >= max) break;
    const first = group.members[0]!;
    const set = readSet(first) ?? "";
    const other = (words: Map<string, string>, word: string) => {
      const by = words.get(word);
      return by !== undefined && by !== set;
    };
    const [name = "", ...own] = ideaWords(first);
    if (other(names, name) || other(tags, name) || own.some((tag) => other(names, tag))) continue;
    shown.push(first);
    if (!names.has(name)) names.set(name, set);
    for (const tag of own) if (!tags.has(tag)) tags.set(tag, set);
  }
  return shown;
}

export function FeaturedIcons({
  items,
  type,
  noun,
  onInsert,
}: {
  items: ReadonlySignal<readonly Asset[]>;
  type: AssetType;
  /** "icons", "illustrations": the section's title. */
  noun: string;
  onInsert(asset: Asset): void;
}) {
  const shown = featuredIcons(items.value);
  if (!shown.length) return null;
  return (
    <section class="home__section" aria-labelledby="home-featured">
      <h2 class="home__title" id="home-featured">
        {`Featured ${noun}`}
      </h2>
      <div class="home__featured">
        {shown.map((asset) => {
          const name = describeAsset(asset);
          return (
            <button
              type="button"
              key={asset.uuid}
              class="home__featured-item"
              aria-label={`Insert ${name}`}
              title={name}
              onClick={() => onInsert(asset)}
            >
              {/* At once, as the set cards' samples: Chromium leaves a lazy picture that a resize
                  brings into view unloaded, and these sit where a window's height decides. */}
              <Preview asset={asset} type={type} eager />
            </button>
          );
        })}
      </div>
    </section>
  );
}
