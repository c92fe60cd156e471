// "Assets in this file": the plugin's records, read page by page. The page in view is read when the
// view opens; the others only when the designer switches to the whole file (each must be loaded in
// Figma first, slow on a large file). Back on "This page", the pages read stay read (switching again
// costs nothing) but only the page in view is listed. Showing a layer selects it on the canvas,
// switching page when needed.

import { computed, signal } from "@preact/signals";
import type { PageRecords } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import { toUiError, type UiError } from "../errors/ui-error";
import { createLayerThumbs } from "../layer-thumbs/layer-thumbs";
import { groupByLicence } from "./licence-groups";

export type FileAssetsStatus = "idle" | "reading" | "ready" | "failed";
/** What the list covers: the page in view, or every page of the file. */
export type FileAssetsScope = "page" | "file";

export function createFileAssetsStore(deps: { port: Pick<UiPort, "request" | "on"> }) {
  const pages = signal<readonly PageRecords[]>([]);
  const status = signal<FileAssetsStatus>("idle");
  /** Which read is under way: the page in view, or every page. */
  const reading = signal<"current" | "all" | null>(null);
  const error = signal<UiError | null>(null);
  /** What the last Show did, read out and shown under the list ("Selected on “Archive”"). */
  const shown = signal("");
  /** The view is showing: a page change in Figma reads the new page at once. */
  const showing = signal(false);
  const scope = signal<FileAssetsScope>("page");
  const listed = computed(() =>
    scope.value === "file" ? pages.value : pages.value.filter((p) => p.current),
  );
  const groups = computed(() => groupByLicence(listed.value));
  const unreadPages = computed(() => pages.value.filter((p) => p.layers === undefined).length);

  async function read(which: "current" | "all") {
    reading.value = which;
    status.value = "reading";
    error.value = null;
    try {
      const answer = await deps.port.request("assets-in-file", { pages: which });
      // Pages read before stay read: asking again for the page in view does not forget the others.
      const before = new Map(pages.peek().map((p) => [p.pageId, p]));
      pages.value = answer.pages.map((p) =>
        p.layers === undefined && before.get(p.pageId)?.layers
          ? { ...p, layers: before.get(p.pageId)!.layers }
          : p,
      );
      status.value = "ready";
    } catch (caught) {
      error.value = toUiError(caught);
      status.value = "failed";
    } finally {
      reading.value = null;
    }
  }

  deps.port.on("page-changed", ({ pageId }) => {
    pages.value = pages.peek().map((p) => ({ ...p, current: p.pageId === pageId }));
    if (showing.peek()) void read("current");
  });

  return {
    pages,
    status,
    reading,
    error,
    shown,
    groups,
    unreadPages,
    /** Each layer row's small picture, exported as rows come into view. */
    thumbs: createLayerThumbs(deps.port),
    /** Reads the page in view (the view opening, or Refresh). */
    readCurrent: () => read("current"),
    /** The view opened: reads the page in view, and again on each page change until `closed`. */
    opened() {
      showing.value = true;
      void read("current");
    },
    closed() {
      showing.value = false;
    },
    scope,
    /** The switch: the whole file reads the pages not read yet; this page lists the page in view. */
    chooseScope(chosen: FileAssetsScope) {
      scope.value = chosen;
      if (chosen === "file" && unreadPages.peek() > 0) void read("all");
    },
    /** Selects the layer (with the others given, on its page) and brings it into view; a layer gone since is said, and the list read again. */
    async show(nodeId: string, withNodeIds?: string[]) {
      shown.value = "";
      try {
        const where = await deps.port.request(
          "show-layer",
          withNodeIds ? { nodeId, withNodeIds } : { nodeId },
        );
        pages.value = pages.peek().map((p) => ({ ...p, current: p.pageId === where.pageId }));
        shown.value = where.switchedPage ? `Selected, on page \u201c${where.pageName}\u201d` : "Selected";
        error.value = null;
      } catch (caught) {
        error.value = toUiError(caught);
      }
    },
  };
}

export type FileAssetsStore = ReturnType<typeof createFileAssetsStore>;
