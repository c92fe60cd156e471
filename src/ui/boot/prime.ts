// Before the first render: the settings, recent lists and kept home the plugin wrote into the page
// (boot-data.ts) go into their stores, so the window opens showing them; `start` (app/start.ts) then
// confirms them with the plugin's `ready` answer.

import type { HomeKeeper } from "../home/home-keeper";
import type { RecentStore } from "../recent/recent-store";
import type { SettingsStore } from "../settings/settings-store";
import type { Boot } from "./boot-data";

export function primeFromBoot(
  boot: Boot,
  stores: {
    settings: Pick<SettingsStore, "load">;
    recent: Pick<RecentStore, "prime">;
    home: Pick<HomeKeeper, "restore">;
  },
) {
  if (boot.settings) void stores.settings.load(boot.settings);
  stores.recent.prime({
    ...(boot.recentAssets ? { assets: boot.recentAssets } : {}),
    ...(boot.recentSearches ? { searches: boot.recentSearches } : {}),
  });
  stores.home.restore(boot.home);
}
