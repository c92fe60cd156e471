// Keeps the home for the next window (home-snapshot.ts): restores the last one as the window opens,
// before any search answers, and saves this one once the service has counted it and its cards'
// words have settled. A snapshot that says what the last one said is not written again.

import { effect, type ReadonlySignal } from "@preact/signals";
import type { AssetType } from "../../api/contract";
import type { UiPort } from "../../messages/ui-port";
import type { SetsStore } from "../sets/sets-store";
import type { IconCounts } from "../variants/icon-counts";
import { inlinePictures, makeHomeSnapshot, readHomeSnapshot } from "./home-snapshot";

/** How long the home must stay answered before it is kept: the sets' shapes arrive meanwhile. */
const SETTLE_MS = 1500;

export interface HomeKeeperDeps {
  port: Pick<UiPort, "request">;
  sets: Pick<SetsStore, "list" | "answered" | "baseKey" | "seed" | "allCount">;
  counts: Pick<IconCounts, "ofSet" | "variantsOf">;
  search: {
    asset: ReadonlySignal<AssetType>;
    query: ReadonlySignal<string>;
    set: ReadonlySignal<string | null>;
  };
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

  async function save(key: string) {
    const server = deps.server();
    const type = deps.search.asset.peek();
    const sets = deps.sets.list.peek();
    const pictures = await inlinePictures(
      sets.flatMap((set) => set.samples),
      type,
      fetchFile,
    );
    // Still the same home, server and browse: a designer may have typed meanwhile.
    if (deps.server() !== server || deps.sets.baseKey.peek() !== key || deps.search.query.peek()) return;
    const text = makeHomeSnapshot({
      server,
      type,
      key,
      all: deps.sets.allCount.peek(),
      sets: deps.sets.list.peek(),
      icons: (set) => deps.counts.ofSet(set) ?? undefined,
      variants: (set) => deps.counts.variantsOf(set.name),
      pictures,
    });
    if (!text || content(text) === content(last)) return;
    last = text;
    await deps.port.request("storage-set", { key: "home-snapshot", value: text }).catch(() => undefined);
  }

  const stop = effect(() => {
    const key = deps.sets.baseKey.value;
    const home = !deps.search.query.value && !deps.search.set.value;
    const answered = deps.sets.answered.value;
    clearTimeout(timer);
    if (!home || !answered || kept.has(`${deps.server()}\u0000${key}`)) return;
    timer = setTimeout(() => {
      kept.add(`${deps.server()}\u0000${key}`);
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
      deps.sets.seed(home);
    },
    dispose() {
      clearTimeout(timer);
      stop();
    },
  };
}

export type HomeKeeper = ReturnType<typeof createHomeKeeper>;
