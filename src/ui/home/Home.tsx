// What an empty search opens on: the assets inserted lately, the searches made lately, then a card
// per set (its name, its count and a few of its assets) that searches that set when clicked.

import type { ReadonlySignal } from "@preact/signals";
import { Fragment } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";
import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import type { RecentAsset } from "../../messages/types";
import { ASSET_TYPE_NOUNS } from "../filters/filter-rules";
import { Preview } from "../grid/Preview";
import { RecentStrip } from "../recent/RecentStrip";
import type { RecentStore } from "../recent/recent-store";
import { chipCount } from "../sets/SetsFilter";
import { SET_SAMPLES, type SetEntry, type SetsStore } from "../sets/sets-store";
import { countLabel, type IconCounts } from "../variants/icon-counts";
import type { IconCount } from "../variants/icon-estimate";
import { useAfterFirstPaint } from "./after-first-paint";
import { FeaturedIcons } from "./FeaturedIcons";
import "./home.css";

/**
 * "1,510 icons · 6 weights": icons, never drawings; empty when the number cannot be said. An
 * estimate shows as the set chips show it, rounded with "about" left to the tooltip and the spoken
 * label (`spoken`), so a card and its chip never read differently.
 */
export function cardCount(
  count: IconCount | undefined,
  plural: string,
  variants: string,
  spoken = false,
): string {
  if (!count) return "";
  const figure = spoken ? countLabel(count, plural) : countLabel({ ...count, about: false }, plural);
  const shown = spoken || !count.about ? figure : figure.replace(/^[\d,]+/, chipCount(count));
  return [shown, variants].filter(Boolean).join(" · ");
}

function SetCard({
  set,
  type,
  counts,
  onPick,
}: {
  set: SetEntry;
  type: AssetType;
  counts: Pick<IconCounts, "ofSet" | "variantsOf">;
  onPick(): void;
}) {
  const noun = ASSET_TYPE_NOUNS[type];
  // The last window's words while this one's are still being learnt (the set's variants).
  const count = counts.ofSet(set);
  const counted = count !== null;
  // The samples paint as soon as the set is counted in drawings: only the figure waits for its
  // set's ratio (set-ratios), which a first-ever open may still be learning.
  const sampled = set.count !== null;
  const variants = counts.variantsOf(set.name) || set.kept?.variants || "";
  const text = cardCount(count ?? undefined, noun, variants);
  const words = cardCount(count ?? undefined, noun, variants, true);
  return (
    <button
      type="button"
      class="set-card"
      aria-label={words ? `${set.label}, ${words.replace(" · ", ", ")}` : set.label}
      title={count?.about ? words.charAt(0).toUpperCase() + words.slice(1) : undefined}
      aria-busy={!counted}
      onClick={onPick}
    >
      <span class="set-card__samples" aria-hidden="true">
        {sampled
          ? set.samples.map((asset) => <Preview key={asset.uuid} asset={asset} type={type} eager />)
          : Array.from({ length: SET_SAMPLES }, (_, i) => <span key={i} class="skeleton set-card__sample" />)}
      </span>
      <span class="set-card__name">{set.label}</span>
      <span class="set-card__count">
        {counted
          ? // Each part kept whole: a narrow card puts "6 weights" on a quiet line of its own, its
            // dot hidden (home.css), rather than dropping it or cutting a word.
            text.split(" · ").map((part, i) => (
              <Fragment key={part}>
                {i ? " " : ""}
                <span class="set-card__part">
                  {i ? <span class="set-card__dot">· </span> : null}
                  {part}
                </span>
              </Fragment>
            ))
          : "Counting…"}
      </span>
    </button>
  );
}

function SkeletonCard() {
  return (
    <div class="set-card set-card--loading" aria-hidden="true">
      <span class="set-card__samples">
        {Array.from({ length: SET_SAMPLES }, (_, i) => (
          <span key={i} class="skeleton set-card__sample" />
        ))}
      </span>
      <span class="skeleton set-card__line" />
      <span class="skeleton set-card__line set-card__line--short" />
    </div>
  );
}

/**
 * For the bench's cold start (bench/ui.bench.mjs): the set cards are in the document with their
 * counts and sample pictures (their images may still be loading). Once per window.
 */
function markHomeReady() {
  const perf = globalThis.performance;
  if (!perf?.mark || perf.getEntriesByName("assetport:home-ready").length) return;
  perf.mark("assetport:home-ready");
}

export function Home({
  type,
  sets,
  counts,
  recent,
  onInsert,
  onPreviewFail,
  onSearch,
  onChooseSet,
  featured,
}: {
  type: AssetType;
  sets: Pick<SetsStore, "list">;
  counts: Pick<IconCounts, "ofSet" | "variantsOf">;
  recent: Pick<RecentStore, "assets" | "searches">;
  onInsert(asset: Asset): void;
  onPreviewFail(ref: RecentAsset): void;
  onSearch(query: string): void;
  onChooseSet(name: string): void;
  /** The page searched at open, over every set: shown under the cards (no request of its own). */
  featured?: ReadonlySignal<readonly Asset[]>;
}) {
  const shell = useRef<HTMLDivElement>(null);
  const list = sets.list.value;
  const searches = recent.searches.value.filter((s) => !s.type || s.type === type).slice(0, 6);
  const hasRecent = recent.assets.value.some((a) => a.type === type);
  const ready = list.length > 0 && list.every((set) => set.count !== null);
  // Below the fold waits for the cards with their samples (not their placeholders) to paint.
  const belowFoldReady = useAfterFirstPaint(shell, ready);
  useLayoutEffect(() => {
    if (ready) markHomeReady();
  }, [ready]);
  return (
    <div class="home" data-testid="home" ref={shell}>
      {hasRecent ? (
        <section class="home__section" aria-labelledby="home-recent">
          <h2 class="home__title" id="home-recent">
            Recently inserted
          </h2>
          <RecentStrip recent={recent} type={type} onInsert={onInsert} onPreviewFail={onPreviewFail} />
        </section>
      ) : null}
      {searches.length ? (
        <section class="home__section" aria-labelledby="home-searches">
          <h2 class="home__title" id="home-searches">
            Recent searches
          </h2>
          <div class="home__searches">
            {searches.map((s) => (
              <button type="button" key={s.query} class="home__search" onClick={() => onSearch(s.query)}>
                {s.query}
              </button>
            ))}
          </div>
        </section>
      ) : null}
      <section class="home__section" aria-labelledby="home-sets">
        <h2 class="home__title" id="home-sets">
          Browse sets
        </h2>
        <div class="home__sets">
          {list.length
            ? list.map((set) => (
                <SetCard
                  key={set.name}
                  set={set}
                  type={type}
                  counts={counts}
                  onPick={() => onChooseSet(set.name)}
                />
              ))
            : [0, 1].map((i) => <SkeletonCard key={i} />)}
        </div>
      </section>
      {/* Under the set cards: drawn once the cards, with their samples, and those pictures have
          painted, so the first frames read the cards' pictures only (36 featured pictures more,
          mounted before those loaded, put off their paint by 60 to 100 ms on a kept home, and on a
          first-ever home, whose first frame has only placeholders, were asked before them). */}
      {featured && belowFoldReady ? (
        <FeaturedIcons items={featured} type={type} noun={ASSET_TYPE_NOUNS[type]} onInsert={onInsert} />
      ) : null}
    </div>
  );
}
