// Boots the sandbox in Figma's order: the script starts when the command is chosen; a quick action's
// parameters are entered (suggesting recent searches) while no window may show; "run" fires with the
// command and parameters; only then the ui opens at its remembered size, on that launch. It answers
// the ui's requests and tells it about selection changes and drop results.
import { withBootData } from "../messages/boot-data";
import { DRAG_TYPE } from "../messages/drag";
import { parseDropMetadata } from "../messages/schemas";
import { COMMAND_WINDOW, clampWindowSize, DEFAULT_SETTINGS } from "../messages/settings";
import type { LaunchInfo, ProtocolError } from "../messages/types";
import { applyOptions } from "./apply-options";
import { assetsInFile, showLayer } from "./assets-in-file";
import { batchCandidates } from "./batch-candidates";
import { documentColours } from "./document-colours";
import { createDropLanding } from "./drops";
import { toProtocolError } from "./errors";
import { exportSelection } from "./export-selection";
import { getFileColour, setFileColour } from "./file-colour";
import { insert, replaceSelection } from "./insert";
import { launchFrom, suggestRecentSearches } from "./launch";
import { layerThumb } from "./layer-thumb";
import { fitNotice, notify } from "./notice";
import { placeBatchResult } from "./place-batch-result";
import { placeResult } from "./place-result";
import { emit, figmaTransport, type Handlers, serve } from "./port";
import { revert, revertSelectionAndClose } from "./revert";
import { describeSelection } from "./selection";
import { changePendingWork, getSettings, storageGet, storageSet } from "./storage";
import { applySwap } from "./swap-apply";
import { findSwappable } from "./swap-find";

// Errors the designer should see on the canvas too; a malformed message is the ui's bug, not theirs.
const SILENT = new Set(["invalid_message", "unknown_type"]);

function report(error: unknown): ProtocolError {
  const protocolError = toProtocolError(error);
  // The ui gets the whole message; the canvas notice is made to fit Figma's 100 characters.
  if (!SILENT.has(protocolError.reason)) notify(protocolError.message, { error: true });
  return protocolError;
}

/**
 * The entry's whole job: start, or close with a short reason when the window cannot open (a plugin
 * left running with no window could not be used or closed by the designer).
 */
export function startOrClose(): Promise<void> {
  return start().then(
    () => undefined,
    (error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      figma.closePlugin(fitNotice(`Assetport could not start: ${why}`));
    },
  );
}

/** Resolves once "run" has fired and the window is open, with a function that stops the plugin. */
export function start(): Promise<() => void> {
  // Listeners in the script's first turn: Figma may fire "run" right after it.
  const stopSuggesting = suggestRecentSearches();
  return new Promise((resolve, reject) => {
    figma.once("run", ({ command, parameters }: RunEvent) => {
      // A result's "Revert" button: done on the canvas at once, no window to open.
      if (command === "revert") {
        revertSelectionAndClose().then(() => resolve(stopSuggesting), reject);
        return;
      }
      openWindow(launchFrom(command, parameters)).then(
        (stopWindow) =>
          resolve(() => {
            stopSuggesting();
            stopWindow();
          }),
        reject,
      );
    });
  });
}

/** The ui, opened on the launch "run" carried: the first thing it asks (`ready`) already has it. */
async function openWindow(launch: LaunchInfo): Promise<() => void> {
  // Read together; written into the page, so its first render shows the settings, the recent lists
  // and the kept home.
  const [settings, home, recentAssets, recentSearches] = await Promise.all([
    getSettings().catch(() => DEFAULT_SETTINGS),
    storageGet("home-snapshot").catch(() => ""),
    storageGet("recent-assets").catch(() => []),
    storageGet("recent-searches").catch(() => []),
  ]);
  const selectionCommand = launch.command === "vectorize" || launch.command === "remove-background";
  figma.showUI(withBootData(__html__, { settings, home, recentAssets, recentSearches, launch }), {
    ...(selectionCommand ? COMMAND_WINDOW : clampWindowSize(settings.windowWidth, settings.windowHeight)),
    themeColors: true,
    title: "Assetport",
  });

  // In the same turn as showUI: the ui cannot send anything before these listen.
  const transport = figmaTransport();
  const drops = createDropLanding();
  const handlers: Handlers = {
    ready: async () => {
      // The home's snapshot rides with `ready`: the window paints it before any search answers.
      const [settings, home] = await Promise.all([
        getSettings(),
        storageGet("home-snapshot").catch(() => ""),
      ]);
      return { launch, selection: describeSelection(), settings, editorType: figma.editorType, home };
    },
    insert,
    "drop-content": drops.place,
    "drop-cancel": ({ dropId }) => {
      drops.cancel(dropId);
      return {};
    },
    "replace-selection": replaceSelection,
    "document-colours": documentColours,
    "apply-options": applyOptions,
    "file-colour-get": getFileColour,
    "file-colour-set": setFileColour,
    "swap-find": findSwappable,
    "swap-apply": applySwap,
    "get-selection": () => describeSelection(),
    "export-selection": exportSelection,
    "layer-thumb": layerThumb,
    "place-result": placeResult,
    "assets-in-file": assetsInFile,
    "show-layer": showLayer,
    "batch-candidates": batchCandidates,
    "place-batch-result": placeBatchResult,
    revert,
    "storage-get": async ({ key }) => ({ value: await storageGet(key) }),
    "storage-set": storageSet,
    "pending-work-put": ({ work }) => changePendingWork(work.idempotencyKey, work),
    "pending-work-remove": ({ idempotencyKey }) => changePendingWork(idempotencyKey),
    notify: ({ message, error, timeoutMs }) => {
      notify(message, { error: error ?? false, timeout: timeoutMs });
      return {};
    },
    "close-plugin": ({ message }) => {
      // After this answer has gone: a closed plugin has no window to answer to.
      setTimeout(() => figma.closePlugin(message ? fitNotice(message) : undefined), 0);
      return {};
    },
    // Arrives every frame of a drag: it only moves the window's edge. The ui stores the size once,
    // when the drag ends; a write per frame would rewrite the settings dozens of times a second.
    resize: ({ width, height }) => {
      const size = clampWindowSize(width, height);
      figma.ui.resize(size.width, size.height);
      return {};
    },
  };
  const stop = serve(transport, handlers, report);

  const onSelection = () => emit(transport, "selection-changed", describeSelection());
  figma.on("selectionchange", onSelection);
  // Each page keeps its own selection: a page switch shows another one, and other records.
  const onPage = () => {
    onSelection();
    emit(transport, "page-changed", { pageId: figma.currentPage.id });
  };
  figma.on("currentpagechange", onPage);
  const onDrop = (event: DropEvent): boolean => {
    // Our pluginDrop, told apart by its metadata: it also carries a DRAG_TYPE item (every drop Figma
    // shows carries items or files), so the metadata is read first.
    const meta = event.dropMetadata as { assetport?: unknown; dropId?: unknown } | undefined;
    if (meta?.assetport === 1) {
      const parsed = parseDropMetadata(meta);
      if (parsed.ok) drops.landed(parsed.value, event);
      else {
        const error = report({ reason: "invalid_message", message: parsed.message });
        // Its content, if the ui still sends it, is refused at once rather than after DROP_WAIT_MS.
        if (typeof meta.dropId === "string") drops.cancel(meta.dropId);
        emit(transport, "drop-result", { dropId: String(meta.dropId ?? ""), ok: false, error });
      }
      return false;
    }
    // Our drag without our metadata: a drop the browser made of the drag itself. Figma says its canvas
    // does not get those from a plugin window; claimed anyway, so it could never make anything of it.
    return !event.items.some((item) => item.type === DRAG_TYPE);
  };
  figma.on("drop", onDrop);

  return () => {
    stop();
    figma.off("selectionchange", onSelection);
    figma.off("currentpagechange", onPage);
    figma.off("drop", onDrop);
    drops.stop();
  };
}
