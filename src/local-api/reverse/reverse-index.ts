// The catalogue's image descriptors for the reverse image search, built on first use (or warmed at
// start by the server entry) and cached on disk in the state folder, so later starts load instead of
// drawing ~15k icons again. Until the index is ready a search waits for it: an answer from half an
// index would silently miss lookalikes.

import { join } from "node:path";
import type { Catalog } from "../catalog/catalog";
import { buildCatalogueIndex, type CatalogueIcon, type Ranked, type SimilarityIndex } from "../engines";
import { hasSvg, readSvg } from "../render/asset-files";
import { orderByIcon } from "./icon-order";

/** Rankings kept: the latest images' whole-catalogue order, for paging and re-filtering by image_hash. */
const RANKINGS_KEPT = 32;

export class ReverseIndex {
  private building: Promise<SimilarityIndex> | undefined;
  private readonly stopping = new AbortController();
  private readonly rankings = new Map<string, readonly Ranked[]>();

  constructor(
    private readonly catalog: Catalog,
    private readonly stateDir: string,
  ) {}

  get cachePath(): string {
    return join(this.stateDir, "similarity-descriptors.bin");
  }

  /** The ready index; the first call starts the build and every caller waits for the same one. */
  ready(): Promise<SimilarityIndex> {
    this.building ??= this.build().catch((error: unknown) => {
      this.building = undefined; // a failed build (e.g. an unwritable cache) is tried again next time
      throw error;
    });
    return this.building;
  }

  /**
   * Every catalogue uuid with its similarity, for the image behind `hash`: icons by their most
   * similar drawing, each icon's drawings together (icon-order.ts). Paging and re-filtering by
   * image_hash (the usual follow-up) reuse the order and only filter it.
   */
  async ranked(hash: string, descriptor: Float32Array): Promise<readonly Ranked[]> {
    const cached = this.rankings.get(hash);
    if (cached) return cached;
    const ranked = orderByIcon((await this.ready()).rank(descriptor), (id) => {
      const asset = this.catalog.byUuid.get(id);
      return asset?.variant === undefined
        ? undefined
        : `${asset.contributor}\u0000${asset.type}\u0000${asset.name}`;
    });
    this.rankings.set(hash, ranked);
    if (this.rankings.size > RANKINGS_KEPT) this.rankings.delete(this.rankings.keys().next().value as string);
    return ranked;
  }

  /**
   * Shutdown: a build in progress stops at its next yield (within milliseconds) instead of running
   * on for seconds; nothing half-built is written. Later searches answer that the index is closed.
   */
  stop(): void {
    this.stopping.abort(new Error("the server is shutting down"));
  }

  /** Starts the build in the background (server start), so the first search rarely waits. */
  warm(): void {
    this.ready().catch((error: Error) => {
      if (!this.stopping.signal.aborted) console.error(`local-api: reverse search index: ${error.message}`);
    });
  }

  private async build(): Promise<SimilarityIndex> {
    const signal = this.stopping.signal;
    const icons: CatalogueIcon[] = [];
    for (const asset of this.catalog.assets) {
      signal.throwIfAborted();
      // Icons only: illustrations would double the index's start and memory for lookalikes of
      // drawings a designer searches by word; rasters without an SVG cannot be drawn anyway.
      if (asset.type !== "icon" || !hasSvg(asset)) continue;
      const svg = await readSvg(asset).catch(() => undefined);
      if (svg !== undefined) icons.push({ uuid: asset.uuid, svg });
    }
    const { index } = await buildCatalogueIndex(icons, this.cachePath, signal);
    return index;
  }
}
