// Putting an asset on the canvas: ask the service for a download, fetch the file (through the relay
// when needed), hand SVG text or image bytes to the plugin. The same preparation serves a click,
// Shift+Enter (replace the selection), a drop under the pointer, and "save file" for formats Figma
// cannot place.

import { computed, signal } from "@preact/signals";
import { assetOrigin } from "../../api/client/asset-facts";
import { nameAsset } from "../../api/client/asset-names";
import type { Asset, Download, DownloadRequest } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import { DROP_DOWNLOAD_MS } from "../../messages/drag";
import type { AssetRef, InsertContent, InsertOptions } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import type { CreditsStore } from "../credits/credits-types";
import { accountOf } from "../downloads/account-id";
import type { DownloadKey } from "../downloads/download-cache";
import { createDownloadsStore, DOWNLOAD_CREDITS, type DownloadsStore } from "../downloads/downloads-store";
import { toUiError, type UiError } from "../errors/ui-error";
import type { Release } from "../grid/drag-point";
import { previewOf } from "../grid/preview-source";
import type { RecentStore } from "../recent/recent-store";
import { type FetchFile, firstFramePng } from "../services/fetch-file";
import type { SettingsStore } from "../settings/settings-store";
import { type InsertChoice, type InsertPlan, insertOptions, insertPlan } from "./insert-plan";

export interface DownloadApi {
  download(
    uuid: string,
    request: DownloadRequest,
    options?: { signal?: AbortSignal },
  ): Promise<{ download: Download }>;
  /** Fetches what a download URL points at (through the relay when needed). */
  file: FetchFile;
}

export interface InsertDeps {
  api: () => DownloadApi;
  port: Pick<UiPort, "request" | "drop" | "on">;
  settings: SettingsStore;
  recent?: RecentStore;
  onError: (error: UiError) => void;
  /** Saves a file the canvas cannot show; the default clicks a download link. */
  save?: (name: string, blob: Blob) => void;
  /** Files already downloaded, reused instead of paid for again; a session's own when not given. */
  downloads?: DownloadsStore;
  /** The meter: moved at once by each download's price, then read again. */
  credits?: Pick<CreditsStore, "balance" | "noteCharged">;
}

interface Prepared {
  ref: AssetRef;
  content?: InsertContent;
  blob?: Blob;
  fileName: string;
  options?: InsertOptions;
}

function saveWithLink(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A moving image being drawn by the service for an insert: shown with its name and a Cancel. */
export interface Rendering {
  uuid: string;
  name: string;
  /** Moving image (GIF) or its first frame. */
  still: boolean;
}

export function createInsertController(deps: InsertDeps) {
  /** uuid of the asset being fetched; the grid shows it as busy. */
  const busy = signal<string | null>(null);
  /**
   * The Lottie whose GIF the service is drawing (seconds, not a blink): the window says so and offers
   * Cancel, which stops the request, so the service charges nothing for it.
   */
  const rendering = signal<Rendering | null>(null);
  /** Every render under way, the latest last (the one shown). */
  const renders = new Map<AbortController, Rendering>();
  const showRenders = () => {
    rendering.value = [...renders.values()].at(-1) ?? null;
  };
  /** Read out by a live region after every insert. */
  const announcement = signal("");
  /**
   * The layers the last insert, replace or drop made (the plugin selects them): a selection of these
   * is the plugin's own doing, which Find similar does not offer to search.
   */
  const placed = signal<readonly string[]>([]);
  let dropCounter = 0;
  /** Each drop's download, to stop it when the plugin refuses the drop or it takes too long. */
  const dropDownloads = new Map<string, AbortController>();
  const downloads = deps.downloads ?? createDownloadsStore();
  // What a download's price depends on, each on its own: a grid asking costs re-renders when these
  // change, not when any setting does.
  const rasterSize = computed(() => deps.settings.settings.value.rasterSize);
  const rasterDensity = computed(() => deps.settings.settings.value.rasterDensity);
  const lottieAs = computed(() => deps.settings.settings.value.lottieAs);
  const keyFor = (asset: Asset, plan: InsertPlan): DownloadKey => ({
    server: deps.settings.proxyUrl.peek(),
    account: accountOf(deps.settings.accessToken.peek()),
    uuid: asset.uuid,
    format: plan.format,
    width: plan.width,
    height: plan.height,
  });

  // The plugin reports a drop it could not take at all (its metadata refused) as an event: the
  // download behind it is of no use, and stopping it keeps a second error from following.
  deps.port.on("drop-result", (result) => {
    dropDownloads.get(result.dropId)?.abort(REFUSED);
    deps.onError(toUiError(result.error));
  });

  async function prepare(
    asset: Asset,
    type: AssetType,
    choice?: InsertChoice,
    signal?: AbortSignal,
  ): Promise<Prepared> {
    const plan = insertPlan(type, deps.settings.settings.peek(), choice);
    const key = keyFor(asset, plan);
    // A GIF drawn on demand: shown as under way, and stoppable until its link is answered (the
    // service draws it before answering and charges only then).
    const drawn = plan.format === "gif" && !downloads.isKept(key);
    const stop = drawn ? new AbortController() : null;
    if (stop) {
      // Named as its cell names it ("Heart", not the service's "heart").
      renders.set(stop, { uuid: asset.uuid, name: nameAsset(asset).name, still: plan.firstFrame === true });
      showRenders();
    }
    const wait = stop && signal ? AbortSignal.any([stop.signal, signal]) : (stop?.signal ?? signal);
    try {
      return await prepareFile(asset, type, plan, choice, { ...(stop ? { link: stop.signal } : {}), wait });
    } catch (error) {
      // However the stopped request reports itself, a Cancel is said as one.
      if (stop?.signal.aborted) throw CANCELLED;
      throw error;
    } finally {
      if (stop) {
        renders.delete(stop);
        showRenders();
      }
    }
  }

  /** `signals.link` stops the (charged) link request, `signals.wait` only this caller's wait. */
  async function prepareFile(
    asset: Asset,
    type: AssetType,
    plan: InsertPlan,
    choice: InsertChoice | undefined,
    signals: { link?: AbortSignal; wait?: AbortSignal | undefined },
  ): Promise<Prepared> {
    const settings = deps.settings.settings.peek();
    const api = deps.api();
    const key = keyFor(asset, plan);
    const signal = signals.wait;
    const linkSignal = signals.link;
    // The caller's signal stops its wait only: a link once answered is paid, so its file is
    // fetched to the end and kept, and a retry or another caller takes it without paying again.
    const { file } = await downloads.fetchLinked(
      key,
      {
        link: async () => {
          const { download } = await api.download(
            asset.uuid,
            { format: plan.format, width: plan.width, height: plan.height },
            linkSignal ? { signal: linkSignal } : undefined,
          );
          // Charged once the service answered the link, whether or not the file then arrives.
          deps.credits?.noteCharged(DOWNLOAD_CREDITS);
          const expiresAt = Date.parse(String(download.expires_at ?? ""));
          return { url: download.download_url, ...(Number.isFinite(expiresAt) ? { expiresAt } : {}) };
        },
        file: async (url) => {
          const response = await api.file(url);
          const contentType = response.headers.get("content-type") ?? "application/octet-stream";
          return { bytes: new Uint8Array(await response.arrayBuffer()), contentType };
        },
      },
      signal,
    );
    // Its set and licence ride along: the layer keeps them for "Assets in this file" and its credits.
    const ref: AssetRef = { uuid: asset.uuid, name: asset.name, type, ...assetOrigin(asset) };
    const fileName = `${asset.name || asset.uuid}.${plan.format}`;
    const options = insertOptions(type, plan, settings, choice);
    const extra = options ? { options } : {};
    if (plan.as === "svg")
      return { ref, fileName, content: { kind: "svg", svg: new TextDecoder().decode(file.bytes) }, ...extra };
    // A copy: what goes to the plugin must not be the kept file itself.
    const bytes = file.bytes.slice();
    if (plan.as === "file" || !plan.imageFormat) {
      return { ref, fileName, blob: new Blob([bytes], { type: file.contentType }) };
    }
    if (plan.firstFrame) {
      const png = await firstFramePng(bytes, "image/gif");
      return { ref, fileName, content: { kind: "image", format: "png", bytes: png } };
    }
    const density = plan.density ? { density: plan.density } : {};
    return { ref, fileName, content: { kind: "image", format: plan.imageFormat, bytes, ...density } };
  }

  async function run(asset: Asset, work: () => Promise<void>) {
    busy.value = asset.uuid;
    try {
      await work();
    } catch (caught) {
      if (caught === CANCELLED) {
        announcement.value = `Stopped making ${asset.name}.`;
        return;
      }
      const failure = toUiError(caught);
      if (failure.reason !== "aborted") deps.onError(failure);
    } finally {
      if (busy.peek() === asset.uuid) busy.value = null;
    }
  }

  function remember(asset: Asset, ref: AssetRef) {
    const preview = previewOf(asset, ref.type);
    deps.recent?.addAsset(ref, preview.kind === "image" ? preview.url : undefined);
  }

  return {
    busy,
    rendering,
    /** Stops the moving images being drawn: nothing is placed and nothing is charged. */
    cancelRender() {
      for (const stop of renders.keys()) stop.abort(CANCELLED);
    },
    announcement,
    placed,
    downloads,
    /**
     * What inserting `asset` would cost, in a designer's words, when the service meters downloads
     * (it reports credits): "1 credit", or "Already downloaded · no credit" for a file kept from before.
     */
    costOf(asset: Asset, type: AssetType, choice?: InsertChoice): string | undefined {
      if (!asset.uuid || !deps.credits?.balance.value) return undefined;
      const plan = insertPlan(
        type,
        { rasterSize: rasterSize.value, rasterDensity: rasterDensity.value, lottieAs: lottieAs.value },
        choice,
      );
      if (downloads.isKept(keyFor(asset, plan))) return "Already downloaded · no credit";
      return `${DOWNLOAD_CREDITS} ${DOWNLOAD_CREDITS === 1 ? "credit" : "credits"}`;
    },
    /** Click or Enter (`insert`), or Shift+Enter (`replace` the selected nodes). */
    insert(asset: Asset, type: AssetType, mode: "insert" | "replace" = "insert", choice?: InsertChoice) {
      return run(asset, async () => {
        const prepared = await prepare(asset, type, choice);
        if (!prepared.content) {
          (deps.save ?? saveWithLink)(prepared.fileName, prepared.blob ?? new Blob());
          announcement.value = `Saved ${prepared.fileName}.`;
          return;
        }
        const payload = {
          asset: prepared.ref,
          content: prepared.content,
          ...(prepared.options ? { options: prepared.options } : {}),
        };
        const answer =
          mode === "replace"
            ? await deps.port.request("replace-selection", payload)
            : await deps.port.request("insert", { ...payload, placement: { kind: "auto" } });
        placed.value = answer.nodeIds;
        remember(asset, prepared.ref);
        announcement.value = `Inserted ${asset.name}${answer.placedWhere === "replace" ? " in place of the selection" : ""}.`;
      });
    },
    /**
     * The SVG text Insert would place for `asset` (the same download: kept, and charged once), for
     * "Copy SVG". Undefined when it could not be had; why is shown as for an insert.
     */
    async svgText(asset: Asset, type: AssetType, choice?: InsertChoice): Promise<string | undefined> {
      let svg: string | undefined;
      await run(asset, async () => {
        const prepared = await prepare(asset, type, { ...choice, format: "svg" });
        if (prepared.content?.kind === "svg") svg = prepared.content.svg;
      });
      return svg;
    },
    /** dragstart: only names the drag. Nothing is downloaded yet: a drag released inside the window costs nothing. */
    dragStart(): string {
      dropCounter += 1;
      return `drop-${dropCounter}-${Date.now().toString(36)}`;
    },
    /**
     * dragend: on the canvas, `pluginDrop` goes at once, while the pointer is where the designer let
     * go, so Figma records that spot; the download follows and its content is sent as `drop-content`
     * (bytes through the message channel, never in dropMetadata). A failed download cancels the drop
     * so the plugin takes its notice down. A release point the browser did not report is said so.
     */
    dragEnd(dropId: string, asset: Asset, type: AssetType, release: Release, choice?: InsertChoice) {
      if (release.kind === "window") return Promise.resolve();
      if (release.kind === "unknown") {
        deps.onError({ reason: "drop_position_unknown", message: "" });
        return Promise.resolve();
      }
      const plan = insertPlan(type, deps.settings.settings.peek(), choice);
      if (plan.as === "file") {
        deps.onError(toUiError({ reason: "unsupported_image", message: "This format cannot be placed." }));
        return Promise.resolve();
      }
      const download = new AbortController();
      dropDownloads.set(dropId, download);
      // Below the plugin's own wait for this drop (see DROP_DOWNLOAD_MS), so its content is never late.
      const limit = setTimeout(() => download.abort(TOO_SLOW), DROP_DOWNLOAD_MS);
      deps.port.drop(release.point, { dropId, asset: { uuid: asset.uuid, name: asset.name, type } });
      return run(asset, async () => {
        try {
          const ready = await prepare(asset, type, choice, download.signal);
          if (!ready.content) throw { reason: "unsupported_image", message: "This format cannot be placed." };
          if (download.signal.aborted) throw download.signal.reason;
          const dropped = await deps.port.request("drop-content", {
            dropId,
            asset: ready.ref,
            content: ready.content,
            ...(ready.options ? { options: ready.options } : {}),
          });
          placed.value = dropped.nodeIds;
          remember(asset, ready.ref);
          announcement.value = `Dropped ${asset.name} on the canvas.`;
        } catch (error) {
          void deps.port.request("drop-cancel", { dropId }).catch(() => undefined);
          const why = download.signal.aborted ? download.signal.reason : undefined;
          // Refused: the plugin's words are already shown. Too slow: said as such, not as an abort.
          if (why === REFUSED) throw { reason: "aborted", message: "The plugin refused the drop." };
          if (why === TOO_SLOW) throw { reason: "drop_expired", message: "The download took too long." };
          throw error;
        } finally {
          clearTimeout(limit);
          dropDownloads.delete(dropId);
        }
      });
    },
  };
}

/** Why a moving image's render was stopped: the designer's Cancel. */
const CANCELLED = "cancelled";

/** Why a drop's download was stopped (its AbortSignal's reason). */
const REFUSED = "refused";
const TOO_SLOW = "too-slow";

export type InsertController = ReturnType<typeof createInsertController>;
