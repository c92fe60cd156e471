// Another server or token: what the old one said (notices, counts, results, credits, look-alikes)
// no longer holds, so it is forgotten and asked again. The window's own settings, taken as it opens,
// are not another server: nothing was asked of the build's default before them, and asking again
// would only send a second credits request per open (and run every store's reset before the first
// render).

import { effect, type ReadonlySignal } from "@preact/signals";
import type { CreditsStore } from "../credits/credits-types";
import type { ErrorStore } from "../errors/error-store";
import type { FacetsStore } from "../filters/facets-store";
import type { SearchStore } from "../search/search-store";
import type { AssetsApi } from "../services/assets-api";
import type { SetsStore } from "../sets/sets-store";
import type { Totals } from "../sets/totals";
import type { SimilarStore } from "../similar/similar-store";

export interface ServerBound {
  errors: ErrorStore;
  totals: Totals;
  search: SearchStore;
  sets: SetsStore;
  facets: FacetsStore;
  /** Each set's held ratio is the old server's. */
  iconCounts: { refresh(): void };
  credits: CreditsStore;
  similar: SimilarStore;
  /** False until the window has taken its settings (settings-store's `loaded`). */
  settingsLoaded: ReadonlySignal<boolean>;
}

export function refreshOnNewServer(api: ReadonlySignal<AssetsApi>, stores: ServerBound): void {
  let lastApi = api.peek();
  effect(() => {
    const next = api.value;
    if (next === lastApi) return;
    lastApi = next;
    if (!stores.settingsLoaded.peek()) return;
    stores.errors.dismiss();
    stores.totals.clear();
    stores.search.refresh();
    stores.sets.refresh();
    stores.facets.refresh();
    stores.iconCounts.refresh();
    void stores.credits.refresh();
    stores.similar.forget();
  });
}
