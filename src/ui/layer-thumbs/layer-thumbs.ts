// Small pictures of layers for the rows that list them (the batch plan and run, "Assets in this
// file"), as Figma's layer rows show theirs. Cheap by design: a row asks only once it is in view,
// the plugin exports one layer at a time (never a burst that stalls the canvas), each at most 48 px
// on its long side (a 24 px tile at 2x), and the kept pictures are bounded. The list never waits:
// it shows at once, each picture arriving in its row's placeholder. The plugin's "layer-thumb" is
// quiet: a layer that cannot be drawn answers without a picture, never with a notice on the canvas.

import { signal } from "@preact/signals";
import type { UiPort } from "../../messages/ui-port";

/** The exported picture's long side: the 24 px tile at twice its size. */
export const THUMB_MAX_SIDE = 48;
/** Pictures kept (a few KB each): a long list scrolled through does not grow memory without end. */
const KEPT = 200;

/** A layer's picture: its URL, null once known not to draw (gone, empty, not exportable). */
export type Thumb = string | null;

export interface LayerThumbs {
  /** The layer's picture; undefined until asked for and exported. Reading it subscribes a view. */
  of(nodeId: string): Thumb | undefined;
  /** Asks for the layer's picture (once; later asks for the same layer are free). */
  want(nodeId: string): void;
}

export function createLayerThumbs(port: Pick<UiPort, "request">): LayerThumbs {
  /** Oldest first: past KEPT the oldest picture goes, and its URL is let go. */
  const kept = new Map<string, Thumb>();
  /** Bumped on each arrival, so views reading `of` draw again. */
  const arrivals = signal(0);
  /** Asked for and not yet exported, in the order asked. */
  const queued = new Set<string>();
  let exporting = false;

  function keep(nodeId: string, thumb: Thumb) {
    kept.set(nodeId, thumb);
    for (const [oldest, url] of kept) {
      if (kept.size <= KEPT) break;
      kept.delete(oldest);
      if (url) URL.revokeObjectURL(url);
    }
    arrivals.value++;
  }

  async function exportQueued(): Promise<void> {
    if (exporting) return;
    exporting = true;
    try {
      for (const nodeId of queued) {
        keep(nodeId, await exported(nodeId));
        queued.delete(nodeId);
      }
    } finally {
      exporting = false;
    }
  }

  async function exported(nodeId: string): Promise<Thumb> {
    try {
      const { bytes } = await port.request("layer-thumb", { nodeId, maxSide: THUMB_MAX_SIDE });
      return bytes ? URL.createObjectURL(new Blob([bytes.slice()], { type: "image/png" })) : null;
    } catch {
      // The window's connection to the plugin broke (closing): the row keeps its layer glyph.
      return null;
    }
  }

  return {
    of(nodeId) {
      arrivals.value;
      return kept.get(nodeId);
    },
    want(nodeId) {
      if (kept.has(nodeId) || queued.has(nodeId)) return;
      queued.add(nodeId);
      void exportQueued();
    },
  };
}
