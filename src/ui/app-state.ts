// Builds the ui's stores and ties them together: one call in main.tsx, one in each view test.
// The api client is made from the settings (the server chosen among the build's, and the token) and
// rebuilt when they change.

import { computed, effect, signal } from "@preact/signals";
import type { AssetType } from "../api/contract";
import type { RecentAsset, ResponsePayload, SelectionInfo } from "../messages/types";
import type { UiPort } from "../messages/ui-port";
import { createAiTab } from "./ai/ai-tab";
import type { Boot } from "./boot/boot-data";
import { primeFromBoot } from "./boot/prime";
import { createConvertTab } from "./convert/convert-tab";
import { createCreditsStore } from "./credits/credits-store";
import type { DetailStore } from "./detail/detail-store";
import { createDetailStore } from "./detail/detail-store";
import { createDownloadsStore } from "./downloads/downloads-store";
import { createErrorStore } from "./errors/error-store";
import { toUiError } from "./errors/ui-error";
import { createFacetsStore } from "./filters/facets-store";
import { createFiltersStore } from "./filters/filters-store";
import type { PlacingStores } from "./grid/PlacingGrid";
import { linkExpired, previewOf } from "./grid/preview-source";
import { previewTint } from "./grid/preview-tint";
import { createHomeKeeper } from "./home/home-keeper";
import { serverIdentity } from "./home/home-snapshot";
import { createFileColourStore } from "./insert/file-colour-store";
import { createInsertController } from "./insert/insert-controller";
import { createInsertOptionsStore } from "./insert-bar/insert-options-store";
import { createStrokedPreviews, strokeLookOf } from "./preview/stroked-previews";
import { createRecentStore } from "./recent/recent-store";
import { createSearchStore } from "./search/search-store";
import type { AssetsApi } from "./services/assets-api";
import { createSetsStore } from "./sets/sets-store";
import { createTotals } from "./sets/totals";
import { type BakedConnection, createSettingsStore } from "./settings/settings-store";
import { createSimilarStore } from "./similar/similar-store";
import type { View } from "./tabs/views";
import { variantChoices } from "./variants/group-variants";
import { createIconCounts } from "./variants/icon-counts";
import { createWorkStore } from "./work/work-store";

export type { AssetsApi };

export interface AppDeps {
  port: Pick<UiPort, "request" | "on" | "drop">;
  /** Makes the api client for a proxy origin and access token (main.tsx: the real client and its file fetcher). */
  makeApi: (proxyUrl: string, token: string) => AssetsApi;
  debounceMs?: number;
  /** The proxies the build allows and its local token (config.ts); tests pass their own. */
  baked?: BakedConnection;
}

/** How long the window waits for the plugin's `ready` before running on its own (a plain browser). */
export const READY_TIMEOUT_MS = 5000;

export type { View };

export function createAppState(deps: AppDeps) {
  const settings = createSettingsStore(deps.port, deps.baked);
  // Through a string-valued computed: changing an insert default must not rebuild the client.
  const token = settings.accessToken;
  const api = computed(() => deps.makeApi(settings.proxyUrl.value, token.value));
  const filters = createFiltersStore();
  const search = createSearchStore({
    api: () => api.peek(),
    filters,
    ...(deps.debounceMs !== undefined ? { debounceMs: deps.debounceMs } : {}),
  });
  const recent = createRecentStore(deps.port);
  const errors = createErrorStore({
    proxyUrl: () => settings.proxyUrl.peek(),
    servers: () => settings.proxyUrls.length,
    credits: () => api.peek(),
  });
  const detail: DetailStore = createDetailStore({ api: () => api.peek() });
  const credits = createCreditsStore({ api: () => api.peek() });
  const work = createWorkStore({ api: () => api.peek(), port: deps.port, credits });
  const insert = createInsertController({
    api: () => api.peek(),
    port: deps.port,
    settings,
    recent,
    credits,
    downloads: createDownloadsStore({ port: deps.port }),
    onError: (error) => {
      // The file's colour was deleted since it was read: marked so, and not sent with the next insert.
      if (error.reason === "colour_missing") fileColour.markGone();
      errors.show(error, { assetType: search.asset.peek() });
    },
  });
  // A recent asset's stored preview link lives about an hour: when one fails, ask for the asset
  // again (once per asset and session) for a fresh link.
  const renewed = new Set<string>();
  async function renewRecentPreview(ref: RecentAsset) {
    if (renewed.has(ref.uuid)) return;
    renewed.add(ref.uuid);
    try {
      const { item } = await api.peek().item(ref.uuid);
      const preview = previewOf(item, ref.type);
      if (preview.kind === "image" && preview.url !== ref.previewUrl)
        recent.setPreview(ref.uuid, preview.url);
    } catch {
      // The placeholder stays; nothing here is worth a notice.
    }
  }
  const view = signal<View>("search");
  const filtersOpen = signal(false);
  // Sets and styles are counted with small searches of their own, sharing one bounded queue.
  const totals = createTotals({ api: () => api.peek() });
  const sets = createSetsStore({ search, totals });
  const iconCounts = createIconCounts({
    search,
    sets,
    probe: (params, signal) => totals.probe(params, signal),
  });
  // Where the variant switch shows, it picks the icons' style: the Style filter stands aside.
  effect(() => {
    filters.switchPicksIconStyle.value = variantChoices([], iconCounts.variantsBySet.value).length > 1;
  });
  const facets = createFacetsStore({ search, totals, active: filtersOpen, stylesApply: filters.stylesApply });
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
  const focusIndex = signal(0);
  const selection = signal<SelectionInfo | null>(null);
  /** Started from a layer's "Replace asset" button: a click replaces the selection instead of adding. */
  const replacing = signal(false);

  deps.port.on("selection-changed", (info) => {
    selection.value = info;
  });
  const fileColour = createFileColourStore({ port: deps.port, settings });
  const insertOptions = createInsertOptionsStore({
    port: deps.port,
    settings,
    fileColour,
    selection,
    replacing,
    onError: (error) => errors.show(error),
    insert,
  });
  const similar = createSimilarStore({
    api: () => api.peek(),
    port: deps.port,
    selection,
    placedByPlugin: insert.placed,
    onError: (error, retry) => errors.show(error, { ...(retry ? { retry } : {}) }),
  });
  const ai = createAiTab({ api: () => api.peek(), settings, selection, work });
  const convert = createConvertTab({ api: () => api.peek(), selection, work });

  // A new search starts at its first cell; a search's failure becomes the notice.
  effect(() => {
    void search.key.value;
    focusIndex.value = 0;
  });
  effect(() => {
    const error = search.error.value;
    if (error) errors.show(error, { retry: () => search.retry(), assetType: search.asset.peek() });
  });
  // The first results on screen: a mark the benchmark reads (time from opening to first results).
  const stopFirstMark = effect(() => {
    if (search.items.value.length === 0) return;
    globalThis.performance?.mark?.("assetport:first-results");
    queueMicrotask(() => stopFirstMark());
  });
  // Searches that found something are worth offering again.
  let lastRecorded = "";
  effect(() => {
    const q = search.params.value.query;
    if (!q || q === lastRecorded || search.status.value !== "ready" || search.total.value === 0) return;
    lastRecorded = q;
    recent.addSearch(q, search.asset.peek());
  });
  // Another proxy or token: forget what the old one said, search again.
  let lastApi = api.peek();
  effect(() => {
    const next = api.value;
    if (next === lastApi) return;
    lastApi = next;
    errors.dismiss();
    totals.clear();
    search.refresh();
    sets.refresh();
    facets.refresh();
    void credits.refresh();
    similar.forget();
  });

  /** The search tab, searching `type` assets for `query` at once. */
  function searchFor(query: string, type: AssetType) {
    view.value = "search";
    search.asset.value = type;
    search.query.value = query;
    search.submitNow();
  }
  /** What a results grid (search or Find similar) uses to place, and nothing more. */
  const placing: PlacingStores = {
    insert,
    detail,
    errors,
    settings,
    selection,
    replacing,
    searchFor,
    switchSelectedTo: (variant) => insertOptions.switchSelectedTo(variant),
    counts: iconCounts,
    tint: computed(() =>
      previewTint({
        hex: settings.settings.value.iconColor,
        choice: fileColour.choice.value,
        gone: fileColour.gone.value,
        colours: insertOptions.colours.value,
      }),
    ),
  };

  return {
    settings,
    /** Line-icon previews redrawn at the insert bar's stroke width (given to views by context). */
    strokedPreviews: createStrokedPreviews({ look: strokeLookOf(settings.settings) }),
    filters,
    search,
    sets,
    iconCounts,
    facets,
    recent,
    /** What the recent strips show: the recent assets, their pictures kept with the home where they are. */
    recentShown: { assets: homeKeeper.recentWithPictures, searches: recent.searches },
    /** The home's featured icons: the browse's, or the last window's kept ones until it answers. */
    homeFeatured: homeKeeper.featured,
    errors,
    detail,
    insert,
    insertOptions,
    renewRecentPreview,
    searchFor,
    placing,
    /** A results preview did not load: past its link's expiry, the shown pages are fetched again. */
    previewFailed(url: string) {
      if (linkExpired(url)) void search.reloadShown();
    },
    view,
    filtersOpen,
    focusIndex,
    selection,
    replacing,
    credits,
    work,
    convert,
    similar,
    ai,
    /** Before the first render: what the plugin wrote into the page (boot/prime.ts). */
    prime(boot: Boot) {
      primeFromBoot(boot, { settings, recent, home: homeKeeper });
      // The page says how the plugin was started and with which settings: the first search (the
      // home's browse, or the quick action's query) leaves now, not a round trip to the plugin later.
      // Replace and Find similar read the selection first: they wait for `ready`.
      const launch = boot.launch;
      if (!boot.settings || (launch?.command !== "open" && launch?.command !== "search")) return;
      if (launch.query) {
        search.query.value = launch.query;
        search.submitNow();
      }
      search.begin();
      sets.begin();
    },
    /**
     * Asks the plugin how it was started (unless `early` already did: main.tsx) and for the recent
     * assets at once, loads settings, then runs the first search.
     */
    async start(early?: Promise<ResponsePayload<"ready">>) {
      try {
        const asked = early ?? deps.port.request("ready", {}, { timeoutMs: READY_TIMEOUT_MS });
        // The home's recently inserted assets need no settings: asked for with `ready`, not after it.
        void recent.load();
        const ready = await asked;
        globalThis.performance?.mark?.("assetport:ready");
        selection.value = ready.selection;
        // Given by `ready`, the settings load without a wait; the first search leaves below before
        // anything yields, so the window's re-render for the loaded settings does not delay it.
        const loaded = settings.load(ready.settings);
        homeKeeper.restore(ready.home);
        const { query, command } = ready.launch;
        if (query) search.query.value = query;
        if (query) search.submitNow();
        // Replacing an Assetport layer: offer assets of its own type.
        const replaced = ready.selection.nodes.find((n) => n.assetType)?.assetType;
        // "Find similar" (relaunch button or menu): its tab, searching for the selection at once.
        if (command === "similar") {
          view.value = "similar";
          void similar.findForSelection();
        }
        if (command === "replace" && ready.selection.count > 0) {
          replacing.value = true;
          if (replaced) search.asset.value = replaced;
        }
        // The first search leaves first: it is what the designer waits for (a no-op when it left
        // already, from prime or with the query; a change `ready` brought re-runs it by itself).
        search.begin();
        sets.begin();
        await loaded;
        // The file's icon colour (kept in the document), then its swatch: neither holds up the search.
        void fileColour.load().then(() => {
          if (fileColour.choice.peek()) void insertOptions.loadColours();
        });
      } catch (caught) {
        // Outside Figma (a plain browser) nobody answers: run on defaults, still searchable.
        await settings.load({});
        if (toUiError(caught).reason !== "timeout") errors.show(toUiError(caught));
        search.begin();
        sets.begin();
      }
      void insert.downloads.load();
      // Then the meter, and work a closed window left in flight: followed again, placed once.
      void credits.refresh();
      void work.resume();
    },
  };
}

export type AppState = ReturnType<typeof createAppState>;
