// The window: type switcher, search, filters, the notice, the results (or details, or settings),
// a live region that reads out inserts, and the resize grip.

import { useEffect, useRef, useState } from "preact/hooks";
import { AiView } from "./ai/AiView";
import type { AppState } from "./app-state";
import { batchCardOpen } from "./batch/batch-offer";
import { Button, EmptyState } from "./controls";
import { ConvertView } from "./convert/ConvertView";
import { countText } from "./count-text";
import { DetailPanel } from "./detail/DetailPanel";
import { ErrorNotice } from "./errors/ErrorNotice";
import { FiltersPanel } from "./filters/FiltersPanel";
import { ASSET_TYPE_NOUNS } from "./filters/filter-rules";
import { PlacingGrid } from "./grid/PlacingGrid";
import { Home } from "./home/Home";
import { homeShown } from "./home/home-shown";
import { RenderProgress } from "./insert/RenderProgress";
import { insertBarShown } from "./insert-bar/bar-shown";
import { InsertBar } from "./insert-bar/InsertBar";
import { SelectionBar } from "./insert-bar/SelectionBar";
import { BatchPanel, FileAssetsView, SwapView } from "./rare/rare-views";
import { RecentStrip } from "./recent/RecentStrip";
import { EmptyType } from "./search/EmptyType";
import { SearchBar } from "./search/SearchBar";
import { SetsFilter } from "./sets/SetsFilter";
import { SettingsView } from "./settings/SettingsView";
import { SimilarView } from "./similar/SimilarView";
import { SwapToast } from "./swap/SwapToast";
import { Tabs } from "./tabs/Tabs";
import { resultSummary } from "./variants/icon-counts";
import { ResizeHandle } from "./window/ResizeHandle";

function ResultsStatus({ app }: { app: AppState }) {
  const { search } = app;
  const status = search.status.value;
  const count = search.items.value.length;
  if (status === "ready" && count === 0) {
    const type = search.asset.value;
    const filtered = app.filters.activeCount(type) > 0;
    const words = search.query.value.trim();
    // Nothing asked and none of the type at all: the library has none (EmptyType says so).
    if (!words && !filtered && !search.set.value) {
      return (
        <EmptyType
          type={type}
          openAi={() => {
            app.view.value = "ai";
          }}
        />
      );
    }
    const kind = ASSET_TYPE_NOUNS[type];
    // The empty state repeats what was asked and offers the ways out: other words, no filters, or
    // the sets to browse (the home, with no words and no set chosen).
    return (
      <EmptyState
        title={words ? `No ${kind} for “${words}”` : `No ${kind} match these filters`}
        body={
          filtered ? "Try other words, or clear the filters." : "Check the spelling, or try a broader word."
        }
        testId="no-results"
      >
        {filtered ? <Button onClick={() => app.filters.clear()}>Clear filters</Button> : null}
        {words ? (
          <Button variant={filtered ? "secondary" : "primary"} onClick={() => search.clearQuery()}>
            Clear search
          </Button>
        ) : null}
        <Button
          variant="secondary"
          onClick={() => {
            search.clearQuery();
            search.chooseSet(null);
          }}
        >
          Browse sets
        </Button>
      </EmptyState>
    );
  }
  if (status === "more") return <p class="status status--foot">Loading more…</p>;
  if (search.windowReached.value) {
    return (
      <p class="status status--foot" data-testid="window-limit">
        These are the first {countText(count)} of {countText(search.total.value)} results, as far as the
        service goes. Refine your search (more words or filters) to reach the rest.
      </p>
    );
  }
  return null;
}

export function App({ app, resizeWindow }: { app: AppState; resizeWindow: (w: number, h: number) => void }) {
  const searchInput = useRef<HTMLInputElement>(null);
  // The end of the set chips' row, where the results' weight menu is drawn (PlacingGrid fills it).
  const [weightsAt, setWeightsAt] = useState<HTMLDivElement | null>(null);
  const { search, detail, insert } = app;

  useEffect(() => searchInput.current?.focus(), []);
  useEffect(() => {
    if (app.view.value === "search" && !detail.open.value) searchInput.current?.focus();
  }, [app.view.value]);
  // Closing the details returns focus to the cell they were opened from.
  const detailOpen = !!detail.open.value;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !detailOpen) document.querySelector<HTMLElement>('.grid [tabindex="0"]')?.focus();
    wasOpen.current = detailOpen;
  }, [detailOpen]);

  // The fix an error offers: Settings opens on the connection (its section unfolded).
  const openSettings = () => {
    app.settings.connectionWanted.value = true;
    app.view.value = "settings";
  };

  function onKeyDown(e: KeyboardEvent) {
    if (e.key !== "Escape" || e.defaultPrevented) return;
    if (app.view.value === "settings" || app.view.value === "assets" || app.view.value === "swap") {
      if (app.view.value === "swap") app.swap.close();
      app.view.value = "search";
    } else if (app.view.value === "search" && search.query.value) {
      search.clearQuery();
      searchInput.current?.focus();
    } else if (
      app.view.value === "search" &&
      search.set.value &&
      !detail.open.value &&
      !app.filtersOpen.value
    ) {
      // Browsing one set: back to all sets (and the home).
      search.chooseSet(null);
      searchInput.current?.focus();
    } else if (detail.open.value) {
      detail.close();
    } else if (app.filtersOpen.value) {
      app.filtersOpen.value = false;
    } else return;
    e.preventDefault();
  }

  const type = search.asset.value;
  const home = homeShown({
    query: search.params.value.query,
    set: search.set.value,
    sets: app.sets.list.value.length,
    loading: search.status.value === "loading" && search.items.value.length === 0,
  });
  // Results still loading after the home hold the home's unseen browse answer: placeholders stand
  // in for them rather than flashing results the designer never asked to see.
  const fromHome = useRef(false);
  if (home) fromHome.current = true;
  else if (search.status.value !== "loading") fromHome.current = false;
  const shownItems = !home && fromHome.current ? [] : search.items.value;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape is handled once for the whole window
    <div class="app" onKeyDown={onKeyDown}>
      {app.view.value === "settings" ? (
        <SettingsView
          settings={app.settings}
          onBack={() => {
            app.view.value = "search";
          }}
          onFileAssets={() => {
            app.view.value = "assets";
          }}
        />
      ) : app.view.value === "assets" ? (
        <FileAssetsView
          store={app.fileAssets}
          onBack={() => {
            app.view.value = "search";
          }}
        />
      ) : app.view.value === "swap" ? (
        <SwapView
          swap={app.swap}
          metered={app.credits.balance.value !== null}
          notice={
            <ErrorNotice
              errors={app.errors}
              fixes={{ openSettings, clearFilters: () => app.filters.clear() }}
            />
          }
          onBack={() => {
            app.swap.close();
            app.view.value = "search";
          }}
        />
      ) : (
        <Tabs view={app.view} credits={app.credits} saved={app.insert.downloads.saved} />
      )}
      {app.view.value === "similar" ? (
        <SimilarView
          similar={app.similar}
          errors={app.errors}
          selection={app.selection}
          replacing={app.replacing}
          inkFits={app.inkFits}
          searchByWords={() => {
            app.view.value = "search";
          }}
          openSettings={openSettings}
          grid={(grid) => <PlacingGrid stores={app.placing} {...grid} />}
          icons={app.iconCounts.pooledIcons}
          look={app.placing.look}
          variantsBySet={app.iconCounts.variantsBySet}
          detail={<DetailPanel stores={app.placing} options={app.insertOptions} />}
          insertBar={
            <InsertBar
              options={app.insertOptions}
              settings={app.settings}
              type={app.similar.filters.asset.value}
              styles={app.similar.filters.styles.value}
            />
          }
        />
      ) : null}
      {app.view.value === "convert" || app.view.value === "ai" ? (
        <BatchPanel batch={app.batch} credits={app.credits} />
      ) : null}
      {/* One action per screen: while the batch card is open, the tab's single-layer form steps aside. */}
      {app.view.value === "convert" && !batchCardOpen(app.batch) ? (
        <ConvertView convert={app.convert} runs={app} batch={app.batch} />
      ) : null}
      {app.view.value === "ai" && !batchCardOpen(app.batch) ? (
        <AiView
          ai={app.ai}
          selection={app.selection}
          runs={app}
          batch={app.batch}
          openSettings={openSettings}
        />
      ) : null}
      {app.view.value === "search" ? (
        <>
          <SearchBar
            search={search}
            activeFilters={app.filters.activeCount(type)}
            filtersOpen={app.filtersOpen}
            onSettings={() => {
              app.view.value = "settings";
            }}
            onFileAssets={() => {
              app.view.value = "assets";
            }}
            inputRef={searchInput}
          />
          {app.filtersOpen.value ? (
            <FiltersPanel
              filters={app.filters}
              facets={app.facets}
              asset={type}
              icons={app.iconCounts.ofDrawings}
            />
          ) : null}
          {/* The set chips scroll and fade to the left of the weight menu: one row for both. */}
          <div class="sets-row">
            <SetsFilter
              sets={app.sets}
              counts={app.iconCounts}
              chosen={search.set}
              choose={search.chooseSet}
            />
            <div class="sets-row__end" ref={setWeightsAt} />
          </div>
          {insertBarShown({ home, status: search.status.value, count: search.items.value.length }) ? (
            <InsertBar
              options={app.insertOptions}
              settings={app.settings}
              type={type}
              styles={search.params.value.styles ?? []}
            />
          ) : null}
          <ErrorNotice
            errors={app.errors}
            fixes={{ openSettings, clearFilters: () => app.filters.clear() }}
          />
          {home ? (
            <Home
              type={type}
              sets={app.sets}
              counts={app.iconCounts}
              recent={app.recentShown}
              onInsert={(asset) => void insert.insert(asset, type)}
              onPreviewFail={(ref) => void app.renewRecentPreview(ref)}
              onSearch={(query) => app.searchFor(query, type)}
              onChooseSet={search.chooseSet}
              featured={app.homeFeatured}
            />
          ) : (
            <>
              {/* The count is for screen readers: the chosen set's chip already shows it. */}
              <p class="visually-hidden" aria-live="polite" data-testid="result-count">
                {search.status.value === "loading"
                  ? "Searching…"
                  : search.items.value.length
                    ? resultSummary(app.iconCounts, ASSET_TYPE_NOUNS[type], search.set.value)
                    : ""}
              </p>
              {search.query.value ? null : (
                <RecentStrip
                  recent={app.recentShown}
                  type={type}
                  onInsert={(asset) => void insert.insert(asset, type)}
                  onPreviewFail={(ref) => void app.renewRecentPreview(ref)}
                />
              )}
              <div class="results">
                <PlacingGrid
                  stores={app.placing}
                  items={shownItems}
                  type={type}
                  focusIndex={app.focusIndex}
                  loading={search.status.value === "loading"}
                  onPreviewFail={(url) => app.previewFailed(url)}
                  onNearEnd={() => search.loadMore()}
                  onExitTop={() => searchInput.current?.focus()}
                  resetKey={search.key.value}
                  weightsAt={weightsAt}
                />
                <ResultsStatus app={app} />
              </div>
            </>
          )}
          <DetailPanel stores={app.placing} options={app.insertOptions} />
        </>
      ) : null}
      {app.view.value === "search" || app.view.value === "similar" ? (
        <SelectionBar
          options={app.insertOptions}
          selection={app.selection}
          type={app.view.value === "similar" ? app.similar.filters.asset.value : type}
          size={app.settings.settings.value.iconSize}
          asComponent={app.settings.settings.value.insertAsComponent}
          openSwap={() => {
            app.view.value = "swap";
            void app.swap.open("selection");
          }}
        />
      ) : null}
      <p class="visually-hidden" role="status" aria-live="polite">
        {insert.announcement.value}
      </p>
      <RenderProgress rendering={insert.rendering} onCancel={() => insert.cancelRender()} />
      <SwapToast swap={app.swap} />
      <ResizeHandle settings={app.settings} request={resizeWindow} />
    </div>
  );
}
