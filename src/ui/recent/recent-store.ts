// Recently inserted assets and recent searches, newest first, bounded, kept in clientStorage.

import { signal } from "@preact/signals";
import type { AssetRef, RecentAsset, RecentSearch } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";

export const RECENT_ASSETS_MAX = 24;
export const RECENT_SEARCHES_MAX = 8;

export function createRecentStore(port: Pick<UiPort, "request">, now: () => number = Date.now) {
  const assets = signal<RecentAsset[]>([]);
  const searches = signal<RecentSearch[]>([]);

  // Storage failures lose only history: never worth interrupting the designer for.
  const save = (request: Promise<unknown>) => request.catch(() => undefined);

  return {
    assets,
    searches,
    /** The lists the plugin wrote into the page (boot-data): shown before `load` confirms them. */
    prime(kept: { assets?: RecentAsset[]; searches?: RecentSearch[] }) {
      if (kept.assets) assets.value = kept.assets;
      if (kept.searches) searches.value = kept.searches;
    },
    async load() {
      const [a, s] = await Promise.allSettled([
        port.request("storage-get", { key: "recent-assets" }),
        port.request("storage-get", { key: "recent-searches" }),
      ]);
      if (a.status === "fulfilled" && Array.isArray(a.value.value))
        assets.value = a.value.value as RecentAsset[];
      if (s.status === "fulfilled" && Array.isArray(s.value.value))
        searches.value = s.value.value as RecentSearch[];
    },
    addAsset(asset: AssetRef, shownUrl?: string) {
      // A picture inlined for the strip (data:, kept with the home) is no link to store: the entry
      // keeps the link it had.
      const previewUrl = shownUrl?.startsWith("data:")
        ? assets.value.find((a) => a.uuid === asset.uuid)?.previewUrl
        : shownUrl;
      const entry: RecentAsset = { ...asset, ...(previewUrl ? { previewUrl } : {}), usedAt: now() };
      assets.value = [entry, ...assets.value.filter((a) => a.uuid !== asset.uuid)].slice(
        0,
        RECENT_ASSETS_MAX,
      );
      void save(port.request("storage-set", { key: "recent-assets", value: assets.value }));
    },
    /** A fresh preview link for a recent asset whose stored one no longer loads. */
    setPreview(uuid: string, previewUrl: string) {
      if (!assets.value.some((a) => a.uuid === uuid)) return;
      assets.value = assets.value.map((a) => (a.uuid === uuid ? { ...a, previewUrl } : a));
      void save(port.request("storage-set", { key: "recent-assets", value: assets.value }));
    },
    addSearch(query: string, type?: RecentSearch["type"]) {
      const q = query.trim();
      if (!q) return;
      const entry: RecentSearch = { query: q, ...(type ? { type } : {}), at: now() };
      searches.value = [entry, ...searches.value.filter((s) => s.query !== q)].slice(0, RECENT_SEARCHES_MAX);
      void save(port.request("storage-set", { key: "recent-searches", value: searches.value }));
    },
  };
}

export type RecentStore = ReturnType<typeof createRecentStore>;
