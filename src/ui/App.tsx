// The window: type switcher, search, filters, the notice, the results (or details, or settings),
// a live region that reads out inserts, and the resize grip.

import { useEffect, useRef } from "preact/hooks";
import { AiView } from "./ai/AiView";
import type { AppState } from "./app-state";
import { ConvertView } from "./convert/ConvertView";
import { DetailPanel } from "./detail/DetailPanel";
import { ErrorNotice } from "./errors/ErrorNotice";
import { FiltersPanel } from "./filters/FiltersPanel";
import { ASSET_TYPE_LABELS } from "./filters/filter-rules";
import { PlacingGrid } from "./grid/PlacingGrid";
import { InsertBar } from "./insert-bar/InsertBar";
import { RecentStrip } from "./recent/RecentStrip";
import { SearchBar, TypeSwitcher } from "./search/SearchBar";
import { SettingsView } from "./settings/SettingsView";
import { SimilarView } from "./similar/SimilarView";
import { Tabs } from "./tabs/Tabs";
import { ResizeHandle } from "./window/ResizeHandle";

function ResultsStatus({ app }: { app: AppState }) {
  const { search } = app;
  const status = search.status.value;
  const count = search.items.value.length;
  if (status === "loading" && count === 0) return <p class="status">Searching…</p>;
  if (status === "ready" && count === 0) {
    return (
      <p class="status">
        Nothing found. Try other words
        {app.filters.activeCount(search.asset.value) ? " or clear the filters" : ""}.
      </p>
    );
  }
  if (status === "more") return <p class="status status--foot">Loading more…</p>;
  if (search.windowReached.value) {
    return (
      <p class="status status--foot" data-testid="window-limit">
        These are the first {count.toLocaleString("en")} of {search.total.value.toLocaleString("en")} results,
        as far as the service goes. Refine your search (more words or filters) to reach the rest.
      </p>
    );
  }
  return null;
}

export function App({ app, resizeWindow }: { app: AppState; resizeWindow: (w: number, h: number) => void }) {
  const searchInput = useRef<HTMLInputElement>(null);
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

  function onKeyDown(e: KeyboardEvent) {
    if (e.key !== "Escape" || e.defaultPrevented) return;
    if (app.view.value === "settings") {
      app.view.value = "search";
    } else if (app.view.value === "search" && search.query.value) {
      search.clearQuery();
      searchInput.current?.focus();
    } else if (detail.open.value) {
      detail.close();
    } else if (app.filtersOpen.value) {
      app.filtersOpen.value = false;
    } else return;
    e.preventDefault();
  }

  const type = search.asset.value;
  const total = search.total.value;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape is handled once for the whole window
    <div class="app" onKeyDown={onKeyDown}>
      {app.view.value === "settings" ? (
        <SettingsView
          settings={app.settings}
          onBack={() => {
            app.view.value = "search";
          }}
        />
      ) : (
        <Tabs app={app} />
      )}
      {app.view.value === "similar" ? <SimilarView app={app} /> : null}
      {app.view.value === "convert" ? <ConvertView app={app} /> : null}
      {app.view.value === "ai" ? <AiView app={app} /> : null}
      {app.view.value === "search" ? (
        <>
          <TypeSwitcher app={app} />
          <SearchBar app={app} inputRef={searchInput} />
          {app.filtersOpen.value ? <FiltersPanel app={app} /> : null}
          <InsertBar
            options={app.insertOptions}
            settings={app.settings}
            type={type}
            styles={app.filters.styles.value}
          />
          <ErrorNotice app={app} />
          <p class="summary" aria-live="polite">
            {search.status.value === "loading"
              ? "Searching…"
              : search.items.value.length
                ? `${total.toLocaleString("en")} ${ASSET_TYPE_LABELS[type].toLowerCase()}`
                : ""}
          </p>
          <RecentStrip app={app} />
          <div class="results">
            <PlacingGrid
              app={app}
              items={search.items.value}
              type={type}
              focusIndex={app.focusIndex}
              onPreviewFail={(url) => app.previewFailed(url)}
              onNearEnd={() => search.loadMore()}
              onExitTop={() => searchInput.current?.focus()}
              resetKey={search.key.value}
            />
            <ResultsStatus app={app} />
          </div>
          <DetailPanel app={app} />
        </>
      ) : null}
      <p class="visually-hidden" role="status" aria-live="polite">
        {insert.announcement.value}
      </p>
      <ResizeHandle app={app} request={resizeWindow} />
    </div>
  );
}
