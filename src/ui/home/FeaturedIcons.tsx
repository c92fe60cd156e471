// The home's "Featured" grid: icons from the page the window already searched at open (an empty
// query over every set, in the service's own order), one cell per icon whatever its weights. It
// fills the room under the set cards without a request of its own; a click inserts the icon.

import type { ReadonlySignal } from "@preact/signals";
import { describeAsset } from "../../api/asset-names";
import type { AssetType } from "../../api/contract";
import type { Asset } from "../../api/types";
import { Preview } from "../grid/Preview";
import { groupVariants } from "../variants/group-variants";

/** Enough to fill a tall window's home; the grid of results is one click away for more. */
export const FEATURED_SHOWN = 36;

/** One of each icon (its first drawing, as the service ranked them), at most `max`. */
export function featuredIcons(items: readonly Asset[], max = FEATURED_SHOWN): Asset[] {
  return groupVariants(items)
    .slice(0, max)
    .map((group) => group.members[0]!);
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
