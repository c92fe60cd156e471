// Builds the ui's stores and ties them together: one call in main.tsx, one in each view test. It only
// composes: each group of stores and each piece of wiring between them has a file of its own in app/.
// The api client is made from the settings (the server chosen among the build's, and the token) and
// rebuilt when they change.

import { computed, signal } from "@preact/signals";
import type { AssetType } from "../api/contract/tables";
import type { ResponsePayload, SelectionInfo } from "../messages/types";
import type { UiPort } from "../messages/ui-port";
import { createBrowseStores } from "./app/browse-stores";
import { createInsertStores } from "./app/insert-stores";
import { refreshOnNewServer } from "./app/new-server";
import { placingStores } from "./app/placing";
import { wireSearch } from "./app/search-wiring";
import { searchFromLaunch, startApp } from "./app/start";
import { createTabStores } from "./app/tab-stores";
import { batchCatalogue } from "./batch/batch-catalogue";
import type { BatchOperation } from "./batch/batch-operations";
import { createBatchStore } from "./batch/batch-store";
import type { Boot } from "./boot/boot-data";
import { primeFromBoot } from "./boot/prime";
import { commandOperation } from "./command/command-launch";
import { createCreditsStore } from "./credits/credits-store";
import { createDetailStore } from "./detail/detail-store";
import { createErrorStore } from "./errors/error-store";
import { createFileAssetsStore } from "./file-assets/file-assets-store";
import { linkExpired } from "./grid/preview-source";
import { createHomeKeeper } from "./home/home-keeper";
import { serverIdentity } from "./home/home-snapshot";
import { createInkFits } from "./preview/ink-fit";
import { createStrokedPreviews, strokeLookOf } from "./preview/stroked-previews";
import { createSvgTexts } from "./preview/svg-texts";
import { createRecentStore } from "./recent/recent-store";
import { createPreviewRenewer } from "./recent/renew-preview";
import type { AssetsApi } from "./services/assets-api";
import { type BakedConnection, createSettingsStore } from "./settings/settings-store";
import { createSwapStore } from "./swap/swap-store";
import type { View } from "./tabs/views";
import { createWorkStore } from "./work/work-store";

export { READY_TIMEOUT_MS } from "./app/start";
export type { AssetsApi, View };

export interface AppDeps {
  port: Pick<UiPort, "request" | "on" | "drop">;
  /** Makes the api client for a proxy origin and access token (main.tsx: the real client and its file fetcher). */
  makeApi: (proxyUrl: string, token: string) => AssetsApi;
  debounceMs?: number;
  /** The proxies the build allows and its local token (config.ts); tests pass their own. */
  baked?: BakedConnection;
}

export function createAppState(deps: AppDeps) {
  const settings = createSettingsStore(deps.port, deps.baked);
  // Through a string-valued computed: changing an insert default must not rebuild the client.
  const token = settings.accessToken;
  const api = computed(() => deps.makeApi(settings.proxyUrl.value, token.value));
  const currentApi = () => api.peek();
  const view = signal<View>("search");
  /** The selection command the plugin was started for: its small window shows instead (command/). */
  const selectionCommand = signal<BatchOperation | null>(null);
  const filtersOpen = signal(false);
  const focusIndex = signal(0);
  const selection = signal<SelectionInfo | null>(null);
  /** Started from a layer's "Replace asset" button: a click replaces the selection instead of adding. */
  const replacing = signal(false);
  deps.port.on("selection-changed", (info) => {
    selection.value = info;
  });

  const browse = createBrowseStores({
    api: currentApi,
    filtersOpen,
    ...(deps.debounceMs !== undefined ? { debounceMs: deps.debounceMs } : {}),
  });
  const { search, sets, iconCounts } = browse;
  const recent = createRecentStore(deps.port);
  const errors = createErrorStore({
    proxyUrl: () => settings.proxyUrl.peek(),
    servers: () => settings.proxyUrls.length,
    credits: currentApi,
  });
  const detail = createDetailStore({ api: currentApi });
  const credits = createCreditsStore({ api: currentApi });
  const work = createWorkStore({ api: currentApi, port: deps.port, credits });
  const inserting = createInsertStores({
    api: currentApi,
    port: deps.port,
    settings,
    recent,
    credits,
    errors,
    assetType: () => search.asset.peek(),
    selection,
    replacing,
  });
  const { insert, insertOptions } = inserting;
  // The last window's home, painted before any search answers; this one's kept for the next.
  const homeKeeper = createHomeKeeper({
    port: deps.port,
    sets,
    counts: iconCounts,
    search,
    recent,
    server: () => serverIdentity(settings.proxyUrl.value, token.value),
    fetchFile: (url) => api.peek().file(url),
  });
  const tabs = createTabStores({
    api: currentApi,
    port: deps.port,
    settings,
    selection,
    placed: insert.placed,
    work,
    errors,
  });
  const swap = createSwapStore({
    api: currentApi,
    port: deps.port,
    svgOf: (asset) => insert.svgText(asset, "icon"),
    onError: (error) => errors.show(error),
    onSwapped: () => {
      view.value = "search";
    },
    selection,
  });
  const batch = createBatchStore({
    api: currentApi,
    port: deps.port,
    credits,
    catalogue: batchCatalogue(tabs.ai.catalogue, tabs.convert.catalogue),
  });
  wireSearch({ search, focusIndex, errors, recent });
  refreshOnNewServer(api, {
    ...browse,
    errors,
    credits,
    similar: tabs.similar,
    settingsLoaded: settings.loaded,
  });

  /** The search tab, searching `type` assets for `query` at once. */
  function searchFor(query: string, type: AssetType) {
    view.value = "search";
    search.asset.value = type;
    search.query.value = query;
    search.submitNow();
  }

  /** Each preview's SVG fetched once for the stroke previews and the ink measure alike. */
  const svgTexts = createSvgTexts();

  return {
    settings,
    /**
     * Find similar meets glyphs drawn small in their box (a dot, "<>"): its cells show them enlarged
     * (preview/ink-fit.ts), measured once a window and kept across searches.
     */
    inkFits: createInkFits({ texts: svgTexts }),
    /** Line-icon previews redrawn at the insert bar's stroke width (given to views by context). */
    strokedPreviews: createStrokedPreviews({
      texts: svgTexts,
      // At the width being typed, before it is committed: the field and the cells agree.
      look: strokeLookOf(
        computed(() => ({
          iconStrokeWidth: insertOptions.strokeDraft.drawn.value,
          iconSize: settings.settings.value.iconSize,
        })),
      ),
    }),
    filters: browse.filters,
    search,
    sets,
    iconCounts,
    facets: browse.facets,
    recent,
    /** What the recent strips show: the recent assets, their pictures kept with the home where they are. */
    recentShown: { assets: homeKeeper.recentWithPictures, searches: recent.searches },
    /** The home's featured icons: the browse's, or the last window's kept ones until it answers. */
    homeFeatured: homeKeeper.featured,
    errors,
    detail,
    insert,
    insertOptions,
    renewRecentPreview: createPreviewRenewer({ api: currentApi, recent }),
    searchFor,
    placing: placingStores({
      ...inserting,
      detail,
      errors,
      settings,
      selection,
      replacing,
      searchFor,
      iconCounts,
    }),
    /**
     * A results preview did not load: past its link's expiry, or written from a grant the proxy no
     * longer takes, the shown pages are fetched again (with links from a fresh grant).
     */
    previewFailed(url: string) {
      if (linkExpired(url)) void search.reloadShown();
      else
        void currentApi()
          .previewLinkStale?.(url)
          .then((stale) => {
            if (stale) void search.reloadShown();
          });
    },
    view,
    filtersOpen,
    focusIndex,
    selection,
    replacing,
    credits,
    work,
    /** "Assets in this file": the layers Assetport placed, by licence. */
    fileAssets: createFileAssetsStore({ port: deps.port }),
    batch,
    ...tabs,
    swap,
    /** Before the first render: what the plugin wrote into the page (boot/prime.ts). */
    selectionCommand,
    /** Ends the plugin; `message` becomes Figma's notice on the canvas. */
    closePlugin: (message?: string) => deps.port.request("close-plugin", message ? { message } : {}),
    prime: (boot: Boot) => {
      selectionCommand.value = commandOperation(boot.launch);
      primeFromBoot(boot, { settings, recent, home: homeKeeper });
    },
    /** Just after the first render: the first search the page's launch names (app/start.ts). */
    searchFromLaunch: (boot: Boot) => searchFromLaunch(boot, { search, sets }),
    /**
     * Asks the plugin how it was started (unless `early` already did: main.tsx) and for the recent
     * assets at once, loads settings, then runs the first search (app/start.ts).
     */
    start: (early?: Promise<ResponsePayload<"ready">>) =>
      startApp(
        {
          ...inserting,
          port: deps.port,
          settings,
          recent,
          homeKeeper,
          search,
          sets,
          similar: tabs.similar,
          swap,
          errors,
          credits,
          work,
          batch,
          view,
          selection,
          replacing,
        },
        early,
      ),
  };
}

export type AppState = ReturnType<typeof createAppState>;
