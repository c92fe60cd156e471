// The plugin's side of the message protocol, in memory: answers the ui's requests the way the
// sandbox does (clientStorage kept in a Map, inserts answered with node ids) and records them,
// so ui tests run the real ui port over a transport that reaches no Figma.

import { CHANNEL, type RequestEnvelope } from "../../../src/messages/envelope";
import type {
  EventMap,
  EventType,
  ProtocolError,
  SelectedNode,
  SelectionInfo,
  Settings,
} from "../../../src/messages/types";
import { createUiPort, type UiTransport } from "../../../src/messages/ui-port";

export interface Sent {
  type: string;
  payload: Record<string, unknown>;
}

export const NO_SELECTION: SelectionInfo = {
  count: 0,
  nodes: [],
  kinds: [],
  anyExportable: false,
  anyImageFill: false,
  anyAsset: false,
};

/** What the plugin says of the given selected nodes, its summary drawn from them. */
export function selectionOf(...nodes: SelectedNode[]): SelectionInfo {
  return {
    ...NO_SELECTION,
    count: nodes.length,
    nodes,
    kinds: [...new Set(nodes.map((n) => n.nodeType))],
    anyExportable: nodes.some((n) => n.exportable),
    anyImageFill: nodes.some((n) => n.hasImageFill),
    anyAsset: nodes.some((n) => n.assetUuid),
  };
}

export function fakePlugin(
  init: {
    storage?: Map<string, unknown>;
    selection?: SelectionInfo;
    launchQuery?: string;
    launchCommand?: "open" | "replace" | "similar" | "search" | "assets";
    /**
     * Answers a request the defaults do not (export-selection, place-result...): a payload, or
     * `{ error }` to fail it as the sandbox would; undefined falls back to the defaults.
     */
    respond?: (
      type: string,
      payload: Record<string, unknown>,
    ) => unknown | { error: ProtocolError } | undefined;
  } = {},
) {
  const storage = init.storage ?? new Map<string, unknown>();
  const sent: Sent[] = [];
  const drops: { point: { clientX: number; clientY: number }; metadata: Record<string, unknown> }[] = [];
  let listener: ((message: unknown) => void) | null = null;

  function reply(envelope: RequestEnvelope, payload: unknown) {
    listener?.({
      channel: CHANNEL,
      kind: "response",
      id: envelope.id,
      type: envelope.type,
      ok: true,
      payload,
    });
  }

  function fail(envelope: RequestEnvelope, error: ProtocolError) {
    listener?.({
      channel: CHANNEL,
      kind: "response",
      id: envelope.id,
      type: envelope.type,
      ok: false,
      error,
    });
  }

  function answer(envelope: RequestEnvelope) {
    const payload = envelope.payload as Record<string, unknown>;
    const custom = init.respond?.(envelope.type, payload);
    if (custom !== undefined) {
      const failed = (custom as { error?: ProtocolError }).error;
      return failed ? fail(envelope, failed) : reply(envelope, custom);
    }
    switch (envelope.type) {
      case "ready":
        return reply(envelope, {
          launch: {
            command: init.launchCommand ?? "open",
            ...(init.launchQuery ? { query: init.launchQuery } : {}),
          },
          selection: init.selection ?? NO_SELECTION,
          settings: storage.get("settings") ?? {},
          editorType: "figma",
          home: (storage.get("home-snapshot") as string | undefined) ?? "",
        });
      case "storage-get":
        return reply(envelope, { value: storage.get(payload.key as string) });
      case "storage-set": {
        const key = payload.key as string;
        const value =
          key === "settings"
            ? { ...(storage.get(key) as Partial<Settings> | undefined), ...(payload.value as object) }
            : payload.value;
        storage.set(key, value);
        return reply(envelope, {});
      }
      case "insert":
        return reply(envelope, { nodeIds: ["1:2"], placedWhere: "centre" });
      case "replace-selection":
        return reply(envelope, { nodeIds: ["1:3"], placedWhere: "replace" });
      default:
        return reply(envelope, {});
    }
  }

  const transport: UiTransport = {
    post(message) {
      const envelope = message as RequestEnvelope;
      sent.push({ type: envelope.type, payload: envelope.payload as Record<string, unknown> });
      queueMicrotask(() => answer(envelope));
    },
    postDrop(point, metadata) {
      drops.push({ point, metadata: { ...metadata } });
    },
    listen(next) {
      listener = next;
      return () => {
        listener = null;
      };
    },
  };

  return {
    port: createUiPort(transport),
    storage,
    sent,
    drops,
    sentOf: (type: string) => sent.filter((s) => s.type === type),
    emit<K extends EventType>(type: K, payload: EventMap[K]) {
      listener?.({ channel: CHANNEL, kind: "event", type, payload });
    },
  };
}
