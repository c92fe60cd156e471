// Boots the sandbox: shows the ui at its remembered size, answers its requests, tells it about
// selection changes and drop results, and remembers how the plugin was launched.
import { DRAG_TYPE } from "../messages/drag";
import { parseDropMetadata } from "../messages/schemas";
import { DEFAULT_SETTINGS } from "../messages/settings";
import type { LaunchInfo, ProtocolError } from "../messages/types";
import { createDropLanding } from "./drops";
import { toProtocolError } from "./errors";
import { exportSelection } from "./export-selection";
import { insert, replaceSelection } from "./insert";
import { launchFrom, suggestRecentSearches } from "./launch";
import { placeResult } from "./place-result";
import { emit, figmaTransport, type Handlers, serve } from "./port";
import { describeSelection } from "./selection";
import { changePendingWork, getSettings, storageGet, storageSet } from "./storage";

// Errors the designer should see on the canvas too; a malformed message is the ui's bug, not theirs.
const SILENT = new Set(["invalid_message", "unknown_type"]);

function report(error: unknown): ProtocolError {
  const protocolError = toProtocolError(error);
  if (!SILENT.has(protocolError.reason)) figma.notify(protocolError.message, { error: true });
  return protocolError;
}

const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

export async function start(): Promise<() => void> {
  // Listeners first: Figma fires "run" right after the script's first turn.
  let launch: LaunchInfo = launchFrom(figma.command);
  figma.on("run", ({ command, parameters }: RunEvent) => {
    launch = launchFrom(command, parameters);
  });
  if (figma.parameters) suggestRecentSearches();

  const transport = figmaTransport();
  const drops = createDropLanding();
  const handlers: Handlers = {
    ready: async () => ({
      launch,
      selection: describeSelection(),
      settings: await getSettings(),
      editorType: figma.editorType,
    }),
    insert,
    "drop-content": drops.place,
    "drop-cancel": ({ dropId }) => {
      drops.cancel(dropId);
      return {};
    },
    "replace-selection": replaceSelection,
    "get-selection": () => describeSelection(),
    "export-selection": exportSelection,
    "place-result": placeResult,
    "storage-get": async ({ key }) => ({ value: await storageGet(key) }),
    "storage-set": storageSet,
    "pending-work-put": ({ work }) => changePendingWork(work.idempotencyKey, work),
    "pending-work-remove": ({ idempotencyKey }) => changePendingWork(idempotencyKey),
    notify: ({ message, error, timeoutMs }) => {
      figma.notify(message, { error: error ?? false, timeout: timeoutMs });
      return {};
    },
    resize: ({ width, height }) => {
      const w = clamp(width, 280, 1600);
      const h = clamp(height, 320, 1600);
      figma.ui.resize(w, h);
      // The size is a comfort: a full storage must not turn a resize into an error.
      return storageSet({ key: "settings", value: { windowWidth: w, windowHeight: h } }).catch(() => ({}));
    },
  };
  const stop = serve(transport, handlers, report);

  const onSelection = () => emit(transport, "selection-changed", describeSelection());
  figma.on("selectionchange", onSelection);
  const onDrop = (event: DropEvent): boolean => {
    // The browser's own drop of our drag (its dataTransfer carries only our marker type): claimed, so
    // Figma makes nothing of it; the pluginDrop below places the asset.
    if (event.items.some((item) => item.type === DRAG_TYPE)) return false;
    const meta = event.dropMetadata as { assetport?: unknown; dropId?: unknown } | undefined;
    if (meta?.assetport !== 1) return true;
    const parsed = parseDropMetadata(meta);
    if (parsed.ok) drops.landed(parsed.value, event);
    else {
      const error = report({ reason: "invalid_message", message: parsed.message });
      emit(transport, "drop-result", { dropId: String(meta.dropId ?? ""), ok: false, error });
    }
    return false;
  };
  figma.on("drop", onDrop);

  const settings = await getSettings().catch(() => DEFAULT_SETTINGS);
  figma.showUI(__html__, {
    width: clamp(settings.windowWidth, 280, 1600),
    height: clamp(settings.windowHeight, 320, 1600),
    themeColors: true,
    title: "Assetport",
  });

  return () => {
    stop();
    figma.off("selectionchange", onSelection);
    figma.off("drop", onDrop);
    drops.stop();
  };
}
