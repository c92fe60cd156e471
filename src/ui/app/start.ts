// The window's start: asks the plugin how it was started (unless main.tsx already did) and for the
// recent assets at once, loads the settings, then sends the first search before anything else.

import type { Signal } from "@preact/signals";
import type { ResponsePayload, SelectionInfo } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import type { BatchStore } from "../batch/batch-types";
import type { Boot } from "../boot/boot-data";
import type { CreditsStore } from "../credits/credits-types";
import type { ErrorStore } from "../errors/error-store";
import { toUiError } from "../errors/ui-error";
import type { HomeKeeper } from "../home/home-keeper";
import type { RecentStore } from "../recent/recent-store";
import type { SearchStore } from "../search/search-store";
import type { SetsStore } from "../sets/sets-store";
import type { SettingsStore } from "../settings/settings-store";
import type { SimilarStore } from "../similar/similar-store";
import type { SwapStore } from "../swap/swap-store";
import type { View } from "../tabs/views";
import type { WorkStore } from "../work/work-types";
import type { InsertStores } from "./insert-stores";

/** How long the window waits for the plugin's `ready` before running on its own (a plain browser). */
export const READY_TIMEOUT_MS = 5000;

export interface Starting extends InsertStores {
  port: Pick<UiPort, "request">;
  settings: SettingsStore;
  recent: RecentStore;
  homeKeeper: HomeKeeper;
  search: SearchStore;
  sets: SetsStore;
  similar: SimilarStore;
  swap: SwapStore;
  errors: ErrorStore;
  credits: CreditsStore;
  work: WorkStore;
  /** A batch a closed window left is picked up like single runs are. */
  batch?: Pick<BatchStore, "resume">;
  view: Signal<View>;
  selection: Signal<SelectionInfo | null>;
  replacing: Signal<boolean>;
}

export async function startApp(app: Starting, early?: Promise<ResponsePayload<"ready">>): Promise<void> {
  const { settings, recent, search, sets, errors } = app;
  try {
    const asked = early ?? app.port.request("ready", {}, { timeoutMs: READY_TIMEOUT_MS });
    // The home's recently inserted assets need no settings: asked for with `ready`, not after it.
    void recent.load();
    const ready = await asked;
    globalThis.performance?.mark?.("assetport:ready");
    app.selection.value = ready.selection;
    // Given by `ready`, the settings load without a wait; the first search leaves below before
    // anything yields, so the window's re-render for the loaded settings does not delay it.
    const loaded = settings.load(ready.settings);
    app.homeKeeper.restore(ready.home);
    const { query, command } = ready.launch;
    if (query) search.query.value = query;
    if (query) search.submitNow();
    // Replacing an Assetport layer: offer assets of its own type.
    const replaced = ready.selection.nodes.find((n) => n.assetType)?.assetType;
    // "Find similar" (relaunch button or menu): its tab, searching for the selection at once.
    if (command === "similar") {
      app.view.value = "similar";
      void app.similar.findForSelection();
    }
    // "Assets in this file" from the menu: that view over the search, which still starts below.
    if (command === "assets") app.view.value = "assets";
    // "Swap icon set" (relaunch button or menu): the review of the selected icons, at once.
    if (command === "swap") {
      app.view.value = "swap";
      void app.swap.open("selection");
    }
    if (command === "replace" && ready.selection.count > 0) {
      app.replacing.value = true;
      if (replaced) search.asset.value = replaced;
    }
    // The first search leaves first: it is what the designer waits for (a no-op when it left
    // already, from the page's boot data or with the query; a change `ready` brought re-runs it).
    search.begin();
    sets.begin();
    await loaded;
    // The file's icon colour (kept in the document), then its swatch: neither holds up the search.
    void app.fileColour.load().then(() => {
      if (app.fileColour.choice.peek()) void app.insertOptions.loadColours();
    });
  } catch (caught) {
    // Outside Figma (a plain browser) nobody answers: run on defaults, still searchable.
    await settings.load({});
    if (toUiError(caught).reason !== "timeout") errors.show(toUiError(caught));
    search.begin();
    sets.begin();
  }
  void app.insert.downloads.load();
  // Then the meter, and work a closed window left in flight: followed again, placed once.
  void app.credits.refresh();
  void app.work.resume();
  void app.batch?.resume();
}

/**
 * The page says how the plugin was started and with which settings: the first search (the home's
 * browse, or the quick action's query) leaves now, not a round trip to the plugin later. Replace and
 * Find similar read the selection first: they wait for `ready`.
 */
export function searchFromLaunch(boot: Boot, stores: { search: SearchStore; sets: SetsStore }): void {
  const launch = boot.launch;
  if (!boot.settings || (launch?.command !== "open" && launch?.command !== "search")) return;
  if (launch.query) {
    stores.search.query.value = launch.query;
    stores.search.submitNow();
  }
  stores.search.begin();
  stores.sets.begin();
}

/**
 * Whether the first search leaves before the first render (main.tsx): when that render has nothing
 * of its own to paint, only placeholders for what the search brings. So for a quick action's words,
 * and for a first-ever open, with no home kept by a last window (`homeKept`: its sets, shown at
 * once), whose home is made of the browse's answer and the set searches that follow it. A later
 * open paints its kept home first. Needs settings to search with.
 */
export function searchesBeforeRender(boot: Boot, homeKept: boolean): boolean {
  const launch = boot.launch;
  if (!boot.settings || (launch?.command !== "open" && launch?.command !== "search")) return false;
  return launch.query ? true : !homeKept;
}
