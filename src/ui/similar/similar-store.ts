// Find similar: the selection exported once, its image uploaded once, and the pages of look-alikes
// for the current filters (kept by the shared paged results, like the search's). A changed selection
// is noticed and offered, never searched on its own: each new search is one more upload.

import { batch, computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import { readSimilarity } from "../../api/client/similarity";
import type { ReverseSearchResult } from "../../api/contract/spec-objects";
import type { SelectionInfo } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import { toUiError, type UiError } from "../errors/ui-error";
import { linkExpired } from "../grid/preview-source";
import type { PageCache } from "../search/page-cache";
import { createPagedResults } from "../search/paged-results";
import { queryKey } from "../search/query-key";
import { alikeCount } from "./alike-cut";
import { isBlankPicture } from "./blank-picture";
import { createImageSession, type ImageSession, type ReverseSearchApi } from "./image-session";
import {
  type ExportedImage,
  exportableNodeId,
  exportSelectionPng,
  problemWith,
  type SelectionProblem,
  sameImage,
} from "./selection-export";
import { createSimilarFilters } from "./similar-filters";

export interface SimilarStoreOptions {
  /** Read on every request: settings may have pointed the client at another proxy meanwhile. */
  api: () => ReverseSearchApi;
  port: Pick<UiPort, "request">;
  /** The selection as the plugin last described it (null until it has). */
  selection: ReadonlySignal<SelectionInfo | null>;
  onError: (error: UiError, retry?: () => void) => void;
  cache?: PageCache;
  /** The layers the plugin's last insert made and selected: not a selection the designer made. */
  placedByPlugin?: ReadonlySignal<readonly string[]>;
}

const PROBLEMS = new Set<string>(["nothing_selected", "not_exportable"]);

export function createSimilarStore(options: SimilarStoreOptions) {
  const filters = createSimilarFilters();
  const results = createPagedResults<ReverseSearchResult>(options.cache ? { cache: options.cache } : {});
  /** The image being searched with (null before the first search). */
  const source = signal<ExportedImage | null>(null);
  /** Asking the plugin for the PNG. */
  const exporting = signal(false);
  /** The last attempt found nothing to export; the view says why and what to do. */
  const problem = signal<SelectionProblem | null>(null);
  const focusIndex = signal(0);

  let session: ImageSession | undefined;
  /** Bumped for each new image: its pages are cached under their own keys. */
  const sessionId = signal(0);
  const key = computed(() => (source.value ? `${sessionId.value}|${queryKey(filters.params.value)}` : ""));
  /** The question whose less alike results the designer asked to see: only that one goes on past them. */
  const lessAlikeFor = signal("");
  /**
   * Where the list stops being alike (alike-cut.ts), filtered or not, or undefined: no score, every
   * result loaded still alike, or the designer asked for the less alike ones too. Unfiltered, the
   * star's list drifted by its second row into a house, a flower, a person under "about 757".
   */
  const alikeEnd = computed(() =>
    lessAlikeFor.value === key.value ? undefined : alikeCount(results.items.value),
  );
  /** The service scores its results: how far the list is alike can be known (api/client/similarity). */
  const scored = computed(() => {
    const first = results.items.value[0];
    return first !== undefined && readSimilarity(first) !== undefined;
  });
  /** What the list shows: up to where likeness falls off. */
  const items = computed(() => {
    const end = alikeEnd.value;
    return end === undefined ? results.items.value : results.items.value.slice(0, end);
  });
  const ended = computed(() => alikeEnd.value !== undefined);

  /**
   * The designer has selected another layer since the search: offer to search with it. Inserting
   * selects what it made; that selection is the plugin's, so it is not offered (the insert's answer
   * names the layers it made).
   */
  const selectionChanged = computed(() => {
    const shown = source.value;
    if (!shown || exporting.value) return false;
    const selection = options.selection.value;
    const now = exportableNodeId(selection);
    if (now === undefined || now === shown.nodeId) return false;
    const placed = new Set(options.placedByPlugin?.value ?? []);
    return !selection?.nodes.every((node) => placed.has(node.id));
  });

  function ask(questionKey: string) {
    const current = session;
    if (!current || !questionKey) return;
    const asked = filters.params.peek();
    focusIndex.value = 0;
    results.start(questionKey, (page, signal) => current.page(asked, page, signal));
  }

  // Every filter change (or a new image) asks again, with the kept hash.
  const stopAsking = effect(() => ask(key.value));
  const stopErrors = effect(() => {
    const error = results.error.value;
    if (error) options.onError(error, () => results.retry());
  });

  async function findForSelection(): Promise<void> {
    if (exporting.peek()) return;
    const known = options.selection.peek();
    const early = known ? problemWith(known) : null;
    if (early) {
      problem.value = early;
      return;
    }
    batch(() => {
      problem.value = null;
      exporting.value = true;
    });
    try {
      const image = await exportSelectionPng(options.port);
      if (await isBlankPicture(image.bytes)) {
        problem.value = "blank";
        return;
      }
      if (session && sameImage(source.peek(), image)) {
        // The same pixels again: its hash (and any page already fetched) still serves.
        source.value = image;
        ask(key.peek());
        return;
      }
      session = createImageSession(
        new Blob([new Uint8Array(image.bytes)], { type: "image/png" }),
        options.api,
      );
      batch(() => {
        sessionId.value += 1;
        source.value = image;
      });
    } catch (caught) {
      const failure = toUiError(caught);
      if (PROBLEMS.has(failure.reason)) problem.value = failure.reason as SelectionProblem;
      else options.onError(failure, () => void findForSelection());
    } finally {
      exporting.value = false;
    }
  }

  return {
    filters,
    source,
    exporting,
    problem,
    selectionChanged,
    focusIndex,
    key,
    items,
    total: computed(() => (ended.value ? items.value.length : results.total.value)),
    status: results.status,
    /** No more pages once the list has ended where likeness fell off. */
    hasMore: computed(() => !ended.value && results.hasMore.value),
    windowReached: computed(() => !ended.value && results.windowReached.value),
    /** The list ended where likeness fell off: the view says so and offers the rest. */
    endedAlike: ended,
    scored,
    /** The service's first page, as it came: what every window has loaded, whatever its size. */
    firstPage: computed(() => results.pages.value[0]?.data ?? []),
    /** Goes on past where likeness fell off, for this question (a new filter ends its list again). */
    showLessAlike() {
      lessAlikeFor.value = key.peek();
    },
    /** Uploads of the image being searched with (1 once it went through). */
    uploads: () => session?.uploads ?? 0,
    findForSelection,
    /**
     * The tab was opened: search for the selection unless a search is already shown or under way.
     * With nothing selected the tab only says how to start; an alert would greet a mere visit.
     */
    opened() {
      if (source.peek() || exporting.peek() || options.selection.peek()?.count === 0) return;
      void findForSelection();
    },
    loadMore() {
      if (!ended.peek()) results.loadMore();
    },
    retry: results.retry,
    /**
     * A result's preview did not load: past its link's expiry (a window left open a long while), or
     * written from a grant the proxy no longer takes, the shown pages are asked again by hash, all
     * at once, for fresh links.
     */
    previewFailed(url: string) {
      const current = session;
      if (!current) return;
      const again = () => {
        if (session !== current) return;
        const asked = filters.params.peek();
        const never = new AbortController().signal;
        void results.replaceShown((page) => current.page(asked, page, never));
      };
      if (linkExpired(url)) again();
      else
        void options
          .api()
          .previewLinkStale?.(url)
          .then((stale) => stale && again());
    },
    /** Another proxy or token: the old answers (and hash) mean nothing there. */
    forget() {
      results.clear();
      results.clearCache();
      session = undefined;
      batch(() => {
        source.value = null;
        problem.value = null;
      });
    },
    dispose() {
      stopAsking();
      stopErrors();
      results.abort();
    },
  };
}

export type SimilarStore = ReturnType<typeof createSimilarStore>;
