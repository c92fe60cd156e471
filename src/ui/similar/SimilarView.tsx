// The Find similar tab: what the results look like (the selection's picture), the filters the
// reverse search accepts, and the results in the same grid, placed by the same insert controller as
// the search's (click, drag, keyboard, Shift+Enter replace). The grid and the details panel are
// composed by App (they belong to the results), handed in as a render function and a slot.

import type { ReadonlySignal, Signal } from "@preact/signals";
import type { ComponentChildren, JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import type { SelectionInfo } from "../../messages/types";
import { EmptyState, IconButton } from "../controls";
import { countText } from "../count-text";
import { ErrorNotice } from "../errors/ErrorNotice";
import type { ErrorStore } from "../errors/error-store";
import { ASSET_TYPE_NOUNS } from "../filters/filter-rules";
import type { PlacingLook } from "../grid/placing-look";
import { FilterIcon } from "../icons";
import { insertBarShown } from "../insert-bar/bar-shown";
import { type InkFits, InkFitsContext } from "../preview/ink-fit";
import { groupVariants, resultIcons } from "../variants/group-variants";
import { countWords, type IconCount } from "../variants/icon-estimate";
import { AlikeEnd, filteredPlace } from "./AlikeEnd";
import { filledOnly, filledOnlyWords } from "./filled-only";
import { SelectionPrompt } from "./SelectionPrompt";
import { SimilarFilters } from "./SimilarFilters";
import { SourceBar } from "./SourceBar";
import type { SimilarStore } from "./similar-store";
import "./similar.css";

/** What the tab asks of the results grid App gives it. */
export interface SimilarGridProps {
  items: Asset[];
  type: AssetType;
  focusIndex: Signal<number>;
  onPreviewFail(url: string): void;
  onNearEnd(): void;
  onExitTop(): void;
  resetKey: string;
  /** The first page is on its way: the grid shows placeholder cells. */
  loading: boolean;
  /** A look-alike drawn only filled is no answer under Regular: left out, and said so. */
  lineWeightsOnly: boolean;
  /** Where the weight menu goes: the end of the count line, not a row of its own. */
  weightsAt: HTMLElement | null;
}

export interface SimilarViewProps {
  similar: SimilarStore;
  errors: ErrorStore;
  selection: ReadonlySignal<SelectionInfo | null>;
  /** Started from a layer's "Replace asset": a click replaces the selection. */
  replacing: ReadonlySignal<boolean>;
  /**
   * Find similar's likeness ignores size, so it meets many glyphs drawn small in their box (a dot,
   * "<>"): its cells show them enlarged to read as icons (preview/ink-fit.ts), one measure a window.
   */
  inkFits: InkFits;
  searchByWords(): void;
  openSettings(): void;
  grid(props: SimilarGridProps): JSX.Element;
  detail?: ComponentChildren;
  /** The insert options (size, colour, stroke, insert or replace), as in the Search tab. */
  insertBar?: ComponentChildren;
  /** Drawings in icons by every set's learnt shape: the rule the search's counts use. */
  icons?: (drawings: number) => IconCount | undefined;
  /** The variant switch's saved choice: look-alikes drawn only filled are said beside the count. */
  look?: Pick<PlacingLook, "variant" | "chooseVariant">;
  /** Each set's variants, learnt once (the switch's choices use them). */
  variantsBySet?: ReadonlySignal<ReadonlyMap<string, readonly string[]>>;
}

/**
 * The look-alikes in icons: the cells once every one is in; else the service's total over every
 * set's learnt shape, the rule the search's counts use. Not the first page's own ratio: the most
 * alike come as every weight of one icon, a category mixes sets of one drawing, and "about 250"
 * grew to "about 750" as a category narrowed the results.
 */
export function similarIcons(
  similar: Pick<SimilarStore, "items" | "total" | "hasMore">,
  icons?: (drawings: number) => IconCount | undefined,
): IconCount {
  const items = similar.items.value;
  const complete = !similar.hasMore.value;
  if (complete || !icons) return resultIcons(items, similar.total.value, complete);
  const estimate = icons(similar.total.value);
  const cells = groupVariants(items).length;
  return estimate && estimate.count >= cells ? estimate : resultIcons(items, similar.total.value, false);
}

/**
 * "12 similar icons" once the list is whole (ended where likeness fell off, or every page in).
 * Before, no number where the service's total counts the unlike too: with scores (the list will end
 * well before it), or unfiltered (the total is the whole catalogue: "about 757" for a star, a dot
 * and a house alike). A filtered list without scores keeps its estimate: the order is all there is.
 */
function similarCount(
  similar: Pick<SimilarStore, "items" | "total" | "hasMore" | "scored" | "filters">,
  icons?: (drawings: number) => IconCount | undefined,
): string {
  const type = ASSET_TYPE_NOUNS[similar.filters.asset.value];
  const whole = !similar.hasMore.value;
  if (!whole && (similar.scored.value || similar.filters.activeCount.value === 0)) return `Similar ${type}`;
  return `${countWords(similarIcons(similar, icons))} similar ${type}`;
}

/**
 * Beside the count line: how many of the look-alikes counted the grid leaves out under a line weight,
 * and the way to them. The grid hides them; the count includes them, so the two are said together.
 */
function FilledOnlyNote({
  similar,
  look,
  variantsBySet,
}: Pick<SimilarViewProps, "similar" | "look" | "variantsBySet">) {
  if (!look || similar.filters.asset.value !== "icon") return null;
  const left = filledOnly({
    items: similar.items.value,
    firstPage: similar.firstPage.value,
    complete: !similar.hasMore.value,
    saved: look.variant.value,
    setVariants: variantsBySet?.value,
  });
  if (left === 0) return null;
  return (
    <span class="summary__filled" data-testid="filled-only">
      . {filledOnlyWords(left)}:{" "}
      <button type="button" class="link" onClick={() => look.chooseVariant("fill")}>
        Show under Fill
      </button>
    </span>
  );
}

function Summary({
  similar,
  replacing,
  icons,
  look,
  variantsBySet,
}: {
  similar: SimilarStore;
  replacing: boolean;
  icons?: ((drawings: number) => IconCount | undefined) | undefined;
} & Pick<SimilarViewProps, "look" | "variantsBySet">) {
  const status = similar.status.value;
  const count = similar.items.value.length;
  const place = filteredPlace(similar.filters);
  const text =
    status === "loading"
      ? "Looking for similar assets…"
      : count
        ? `${similarCount(similar, icons)}${place ? ` ${place}` : ""}, most alike first`
        : "";
  return (
    <p class="summary" aria-live="polite">
      {replacing ? "Pick an asset to replace the selected layers. " : ""}
      {text}
      {status !== "loading" && count ? (
        <FilledOnlyNote similar={similar} look={look} variantsBySet={variantsBySet} />
      ) : null}
    </p>
  );
}

function Foot({ similar }: { similar: SimilarStore }) {
  const status = similar.status.value;
  const count = similar.items.value.length;
  if (status === "ready" && similar.endedAlike.value)
    return <AlikeEnd filters={similar.filters} count={count} onLessAlike={() => similar.showLessAlike()} />;
  if (status === "ready" && count === 0) {
    const filtered = similar.filters.activeCount.value > 0;
    return (
      <EmptyState
        title="Nothing similar found"
        body={filtered ? "The filters may hide what is there." : "Try another layer, or search by words."}
      >
        {filtered ? (
          <button type="button" class="button button--secondary" onClick={() => similar.filters.clear()}>
            Clear filters
          </button>
        ) : null}
      </EmptyState>
    );
  }
  if (status === "more") return <p class="status status--foot">Loading more…</p>;
  if (similar.windowReached.value)
    return (
      <p class="status status--foot" data-testid="window-limit">
        These are the {countText(count)} most similar, as far as the service goes.
      </p>
    );
  return null;
}

export function SimilarView(props: SimilarViewProps) {
  const { similar } = props;
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The end of the count line, where the grid draws its weight menu.
  const [weightsAt, setWeightsAt] = useState<HTMLDivElement | null>(null);
  // Opening the tab searches for the selection, unless a search is already shown or under way.
  useEffect(() => similar.opened(), []);
  const type = similar.filters.asset.value;
  const active = similar.filters.activeCount.value;
  const started = !!similar.source.value;
  const replacing = props.replacing.value && (props.selection.value?.count ?? 0) > 0;
  // A failed search shows its notice alone: results of an earlier question would read as its answer.
  const failed = similar.status.value === "error" && similar.items.value.length === 0;
  return (
    <>
      <SelectionPrompt similar={similar} selection={props.selection} searchByWords={props.searchByWords} />
      {started ? (
        <div class="similar__bar">
          <SourceBar similar={similar} />
          <IconButton
            label={active ? `Filters, ${active} active` : "Filters"}
            aria-expanded={filtersOpen}
            aria-controls="similar-filters"
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            <FilterIcon />
            {active ? (
              <span class="badge" aria-hidden="true">
                {active}
              </span>
            ) : null}
          </IconButton>
        </div>
      ) : null}
      {started && filtersOpen ? (
        <SimilarFilters
          filters={similar.filters}
          items={similar.items.value}
          complete={!similar.hasMore.value && similar.status.value !== "loading"}
        />
      ) : null}
      {started &&
      insertBarShown({ home: false, status: similar.status.value, count: similar.items.value.length })
        ? props.insertBar
        : null}
      <ErrorNotice
        errors={props.errors}
        fixes={{ openSettings: props.openSettings, clearFilters: () => similar.filters.clear() }}
      />
      {started && !failed ? (
        <>
          <div class="summary-row">
            <Summary
              similar={similar}
              replacing={replacing}
              icons={props.icons}
              look={props.look}
              variantsBySet={props.variantsBySet}
            />
            <div class="summary-row__end" ref={setWeightsAt} />
          </div>
          {/* A list ended where likeness fell off is short: its end follows the cells, not the window's foot. */}
          <div
            class={
              similar.endedAlike.value && similar.items.value.length ? "results results--ended" : "results"
            }
          >
            <InkFitsContext.Provider value={props.inkFits}>
              {props.grid({
                items: similar.items.value,
                type,
                focusIndex: similar.focusIndex,
                onPreviewFail: (url) => similar.previewFailed(url),
                onNearEnd: () => similar.loadMore(),
                onExitTop: () => document.querySelector<HTMLElement>(".similar__bar button")?.focus(),
                resetKey: similar.key.value,
                loading: similar.status.value === "loading",
                lineWeightsOnly: true,
                weightsAt,
              })}
            </InkFitsContext.Provider>
            <Foot similar={similar} />
          </div>
          {props.detail}
        </>
      ) : null}
    </>
  );
}
