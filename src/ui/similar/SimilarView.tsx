// The Find similar tab: what the results look like (the selection's picture), the filters the
// reverse search accepts, and the results in the same grid, placed by the same insert controller as
// the search's (click, drag, keyboard, Shift+Enter replace).

import { useEffect, useState } from "preact/hooks";
import type { AppState } from "../app-state";
import { DetailPanel } from "../detail/DetailPanel";
import { ErrorNotice } from "../errors/ErrorNotice";
import { ASSET_TYPE_LABELS } from "../filters/filter-rules";
import { PlacingGrid } from "../grid/PlacingGrid";
import { FilterIcon } from "../icons";
import { resultCount } from "../variants/group-variants";
import { SelectionPrompt } from "./SelectionPrompt";
import { SimilarFilters } from "./SimilarFilters";
import { SourceBar } from "./SourceBar";

function Summary({ app }: { app: AppState }) {
  const { similar } = app;
  const status = similar.status.value;
  const count = similar.items.value.length;
  const type = ASSET_TYPE_LABELS[similar.filters.asset.value].toLowerCase();
  const replacing = app.replacing.value && (app.selection.value?.count ?? 0) > 0;
  const text =
    status === "loading"
      ? "Looking for similar assets…"
      : count
        ? `${resultCount(similar.items.value, similar.total.value, !similar.hasMore.value).toLocaleString("en")} similar ${type}, most alike first`
        : "";
  return (
    <p class="summary" aria-live="polite">
      {replacing ? "Pick an asset to replace the selected layers. " : ""}
      {text}
    </p>
  );
}

function Foot({ app }: { app: AppState }) {
  const { similar } = app;
  const status = similar.status.value;
  const count = similar.items.value.length;
  if (status === "ready" && count === 0) {
    return (
      <p class="status">
        Nothing similar found{similar.filters.activeCount.value ? ". Try clearing the filters" : ""}.
      </p>
    );
  }
  if (status === "more") return <p class="status status--foot">Loading more…</p>;
  if (similar.windowReached.value)
    return (
      <p class="status status--foot" data-testid="window-limit">
        These are the {count.toLocaleString("en")} most similar, as far as the service goes.
      </p>
    );
  return null;
}

export function SimilarView({ app }: { app: AppState }) {
  const { similar } = app;
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Opening the tab searches for the selection, unless a search is already shown or under way.
  useEffect(() => similar.opened(), []);
  const type = similar.filters.asset.value;
  const active = similar.filters.activeCount.value;
  const started = !!similar.source.value;
  return (
    <>
      <SelectionPrompt app={app} />
      {started ? (
        <div class="similar__bar">
          <SourceBar app={app} />
          <button
            type="button"
            class="icon-button"
            aria-label={active ? `Filters, ${active} active` : "Filters"}
            aria-expanded={filtersOpen}
            aria-controls="similar-filters"
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            <FilterIcon />
            {active ? <span class="badge">{active}</span> : null}
          </button>
        </div>
      ) : null}
      {started && filtersOpen ? <SimilarFilters filters={similar.filters} /> : null}
      <ErrorNotice app={app} />
      {started ? (
        <>
          <Summary app={app} />
          <div class="results">
            <PlacingGrid
              stores={app.placing}
              items={similar.items.value}
              type={type}
              focusIndex={similar.focusIndex}
              loading={similar.status.value === "loading"}
              onPreviewFail={(url) => similar.previewFailed(url)}
              onNearEnd={() => similar.loadMore()}
              onExitTop={() => document.querySelector<HTMLElement>(".similar__bar button")?.focus()}
              resetKey={similar.key.value}
            />
            <Foot app={app} />
          </div>
          <DetailPanel stores={app.placing} />
        </>
      ) : null}
    </>
  );
}
