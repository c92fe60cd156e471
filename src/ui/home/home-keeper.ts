// Keeps the home for the next window (home-snapshot.ts): restores the last one as the window opens,
// before any search answers, and saves this one once the service has counted it and its cards'
// words have settled (and again when the recent strip changes). A snapshot that says what the last
// one said is not written again. The featured icons are kept too: the next window shows them until
// its own browse answers.

import { computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import type { Asset } from "../../api/contract/spec-objects";
import { type AssetType, SEARCH_DEFAULT_ASSET } from "../../api/contract/tables";
import type { RecentAsset } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import { RECENT_SHOWN } from "../recent/RecentStrip";
import type { SetsStore } from "../sets/sets-store";
import type { IconCounts } from "../variants/icon-counts";
import { featuredIcons } from "./FeaturedIcons";
import { inlinePictures, makeHomeSnapshot, readHomeSnapshot } from "./home-snapshot";

/** How long the home must stay answered before it is kept: the sets' shapes arrive meanwhile. */
const SETTLE_MS = 1500;

export interface HomeKeeperDeps {
  port: Pick<UiPort, "request">;
  sets: Pick<SetsStore, "list" | "answered" | "baseKey" | "seed" | "allCount">;
  counts: Pick<IconCounts, "ratioOf" | "variantsOf">;
  search: {
    asset: ReadonlySignal<AssetType>;
    query: ReadonlySignal<string>;
    set: ReadonlySignal<string | null>;
    /** The browse's results: the home's featured icons are its first. */
    items: ReadonlySignal<readonly Asset[]>;
  };
  recent: { assets: ReadonlySignal<RecentAsset[]> };
  /** The server and account now in use (serverIdentity). */
  server: () => string;
  fetchFile?: (url: string) => Promise<Response>;
  settleMs?: number;
}

/** A snapshot's text without when it was saved: two that say the same compare equal. */
const content = (text: string) => text.replace(/"savedAt":\d+,/, "");

export function createHomeKeeper(deps: HomeKeeperDeps) {
  const settleMs = deps.settleMs ?? SETTLE_MS;
  const fetchFile = deps.fetchFile ?? ((url: string) => fetch(url));
  let last = "";
  const kept = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The recent strip's pictures, inlined: by asset uuid. */
  const recentPictures = signal<ReadonlyMap<string, string>>(new Map());
  /** The featured icons the last window kept, and the type they are of. */
  const keptFeatured = signal<{ type: AssetType; items: readonly Asset[] }>({
    type: SEARCH_DEFAULT_ASSET,
    items: [],
  });
  /** The recent assets the strip shows (of the current type), as the keeper keeps them. */
  const recentShown = computed(() =>
    deps.recent.assets.value.filter((a) => a.type === deps.search.asset.value).slice(0, RECENT_SHOWN),
  );

  /** The strip's pictures: those already inlined, the others fetched (a failed one left out). */
  async function inlineRecent(type: AssetType): Promise<Map<string, string>> {
    const had = recentPictures.peek();
    const shown = recentShown.peek();
    const wanted = shown
      .filter((ref) => !had.has(ref.uuid) && ref.previewUrl)
      .map((ref) => ({ uuid: ref.uuid, name: ref.name, urls: { preview: ref.previewUrl as string } }));
    const fetched = await inlinePictures(wanted, type, fetchFile);
    const pictures = new Map<string, string>();
    for (const ref of shown) {
      const picture = had.get(ref.uuid) ?? (ref.previewUrl ? fetched.get(ref.previewUrl) : undefined);
      if (picture) pictures.set(ref.uuid, picture);
    }
    return pictures;
  }

  async function save(key: string) {
    const server = deps.server();
    const type = deps.search.asset.peek();
    const sets = deps.sets.list.peek();
    const featured = featuredIcons(deps.search.items.peek());
    const [pictures, recent] = await Promise.all([
      inlinePictures([...sets.flatMap((set) => set.samples), ...featured], type, fetchFile),
      inlineRecent(type),
    ]);
    // Still the same home, server and browse: a designer may have typed meanwhile.
    if (deps.server() !== server || deps.sets.baseKey.peek() !== key || deps.search.query.peek()) return;
    const text = makeHomeSnapshot({
      server,
      type,
      key,
      all: deps.sets.allCount.peek(),
      sets: deps.sets.list.peek(),
      ratio: (set) => deps.counts.ratioOf(set.name) ?? undefined,
      variants: (set) => deps.counts.variantsOf(set.name),
      pictures,
      recent,
      featured,
    });
    recentPictures.value = recent;
    if (!text || content(text) === content(last)) return;
    last = text;
    await deps.port.request("storage-set", { key: "home-snapshot", value: text }).catch(() => undefined);
  }

  const stop = effect(() => {
    const key = deps.sets.baseKey.value;
    // Only the home a window opens on (its default type): another type's would replace it, and the
    // next window, opening on the default, would find nothing to show.
    const home =
      !deps.search.query.value && !deps.search.set.value && deps.search.asset.value === SEARCH_DEFAULT_ASSET;
    // Kept once every set's ratio is held too: the next window says its figures without learning it.
    const answered =
      deps.sets.answered.value && deps.sets.list.value.every((set) => deps.counts.ratioOf(set.name) !== null);
    // The strip's assets are part of what is kept: a new insert keeps the home again.
    const strip = recentShown.value.map((ref) => ref.uuid).join();
    const once = `${deps.server()}\u0000${key}\u0000${strip}`;
    clearTimeout(timer);
    if (!home || !answered || kept.has(once)) return;
    timer = setTimeout(() => {
      kept.add(once);
      void save(key);
    }, settleMs);
  });

  return {
    /** Shows the last window's home, when it is this server's and account's. */
    restore(text: string | undefined) {
      // Given twice (in the page, then with `ready`): the same home is shown once.
      if (!text || text === last) return;
      const home = readHomeSnapshot(text, deps.server());
      if (!home) return;
      last = text;
      recentPictures.value = new Map(Object.entries(home.recentPictures ?? {}));
      keptFeatured.value = { type: home.type, items: home.featured ?? [] };
      deps.sets.seed(home);
    },
    /**
     * The home's featured icons: the browse's own once it has answered, the kept ones before (for
     * the browse the kept home was of: the window's own type, no words, no set).
     */
    featured: computed<readonly Asset[]>(() => {
      const live = deps.search.items.value;
      if (live.length) return live;
      const kept = keptFeatured.value;
      const browse = !deps.search.query.value && !deps.search.set.value;
      return browse && deps.search.asset.value === kept.type ? kept.items : live;
    }),
    /** The recent assets with the pictures kept for them: shown at once, no link to expire. */
    recentWithPictures: computed(() => {
      const pictures = recentPictures.value;
      return deps.recent.assets.value.map((ref) => {
        const picture = pictures.get(ref.uuid);
        return picture ? { ...ref, previewUrl: picture } : ref;
      });
    }),
    dispose() {
      clearTimeout(timer);
      stop();
    },
  };
}

export type HomeKeeper = ReturnType<typeof createHomeKeeper>;
