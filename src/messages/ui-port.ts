// The ui's end of the protocol. Imports nothing from the plugin, so the iframe bundle stays free of
// sandbox code. The transport is injectable: the real one wraps window.parent.postMessage and the
// window's message events; tests pass the emulator's window instead.
import { DRAG_TYPE } from "./drag";
import { CHANNEL, isOurs, type RequestEnvelope, type Transport } from "./envelope";
import type {
  DropMetadata,
  EventMap,
  EventType,
  ProtocolError,
  ProtocolErrorReason,
  RequestPayload,
  RequestType,
  ResponsePayload,
} from "./types";

/** What the ui needs of `window`: written out so this file also typechecks without the DOM library. */
export interface WindowLike {
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

/** Where a drop happened in the iframe (the MouseEvent's clientX/clientY of dragend or drop). */
export interface DropPoint {
  clientX: number;
  clientY: number;
}

export interface UiTransport extends Transport {
  /** Sends `pluginDrop` so Figma fires the plugin's drop event under the pointer. */
  postDrop(point: DropPoint, metadata: DropMetadata): void;
}

/** Figma delivers `{pluginMessage}` from the plugin; the ui posts `{pluginMessage}` or `{pluginDrop}` to its parent. */
export function windowTransport(win: WindowLike = globalThis as unknown as WindowLike): UiTransport {
  return {
    post(message) {
      win.parent.postMessage({ pluginMessage: message }, "*");
    },
    postDrop(point, metadata) {
      // The item repeats the drop id: Figma's examples always send items or files, and a drop with
      // neither is not documented. The asset itself never rides here (see DropMetadata).
      const items = [{ type: DRAG_TYPE, data: metadata.dropId }];
      win.parent.postMessage(
        { pluginDrop: { clientX: point.clientX, clientY: point.clientY, items, dropMetadata: metadata } },
        "*",
      );
    },
    listen(listener) {
      const onMessage = (event: { data: unknown }) => {
        const data = event.data as { pluginMessage?: unknown } | null;
        if (data && typeof data === "object" && "pluginMessage" in data) listener(data.pluginMessage);
      };
      win.addEventListener("message", onMessage);
      return () => win.removeEventListener("message", onMessage);
    },
  };
}

/** A refused or failed request, with the plugin's reason for the ui to turn into words. */
export class PluginRequestError extends Error implements ProtocolError {
  readonly reason: ProtocolErrorReason;
  constructor(error: ProtocolError) {
    super(error.message);
    this.name = "PluginRequestError";
    this.reason = error.reason;
  }
}

export interface UiPort {
  /** Sends a request and resolves with the plugin's answer; rejects with PluginRequestError. */
  request<K extends RequestType>(
    type: K,
    payload: RequestPayload<K>,
    options?: { timeoutMs?: number },
  ): Promise<ResponsePayload<K>>;
  /** Listens to one event type; returns a function that stops listening. */
  on<K extends EventType>(type: K, handler: (payload: EventMap[K]) => void): () => void;
  /**
   * Drops an asset onto the canvas under the pointer. Its outcome is the answer to the `drop-content`
   * request that follows; a `drop-result` event comes only when the plugin refuses the drop itself.
   */
  drop(point: DropPoint, metadata: Omit<DropMetadata, "assetport">): void;
  close(): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: PluginRequestError): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** The events the plugin may send; anything else arriving is not acted on. */
const EVENT_TYPES: ReadonlySet<string> = new Set<EventType>([
  "selection-changed",
  "drop-result",
  "page-changed",
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

export function createUiPort(transport: UiTransport = windowTransport()): UiPort {
  const pending = new Map<string, Pending>();
  const handlers = new Map<string, Set<(payload: never) => void>>();
  let counter = 0;
  const prefix = Math.random().toString(36).slice(2, 8);

  const stop = transport.listen((raw) => {
    // Only our own, well-formed envelopes get through; anything else is not for us.
    if (!isOurs(raw)) return;
    if (raw.kind === "response" && typeof raw.id === "string") {
      const waiting = pending.get(raw.id);
      if (!waiting) return;
      pending.delete(raw.id);
      if (waiting.timer !== undefined) clearTimeout(waiting.timer);
      if (raw.ok === true && isRecord(raw.payload)) waiting.resolve(raw.payload);
      else waiting.reject(new PluginRequestError(readError(raw.error)));
    } else if (
      raw.kind === "event" &&
      typeof raw.type === "string" &&
      EVENT_TYPES.has(raw.type) &&
      isRecord(raw.payload)
    ) {
      for (const handler of handlers.get(raw.type) ?? []) handler(raw.payload as never);
    }
  });

  return {
    request(type, payload, options) {
      counter += 1;
      const id = `${prefix}-${counter}`;
      const envelope: RequestEnvelope = {
        channel: CHANNEL,
        kind: "request",
        id,
        type,
        payload,
      } as RequestEnvelope;
      return new Promise((resolve, reject) => {
        const timeoutMs = options?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
        const timer =
          timeoutMs > 0
            ? setTimeout(() => {
                pending.delete(id);
                reject(
                  new PluginRequestError({
                    reason: "timeout",
                    message: `The plugin did not answer ${type}.`,
                  }),
                );
              }, timeoutMs)
            : undefined;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
        transport.post(envelope);
      });
    },
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
    drop(point, metadata) {
      transport.postDrop(point, { assetport: 1, ...metadata });
    },
    close() {
      stop();
      for (const [id, waiting] of pending) {
        if (waiting.timer !== undefined) clearTimeout(waiting.timer);
        waiting.reject(
          new PluginRequestError({ reason: "internal_error", message: "The connection was closed." }),
        );
        pending.delete(id);
      }
    },
  };
}

function readError(raw: unknown): ProtocolError {
  const error = raw as Partial<ProtocolError> | null;
  if (error && typeof error.reason === "string" && typeof error.message === "string") {
    return { reason: error.reason as ProtocolErrorReason, message: error.message };
  }
  return { reason: "internal_error", message: "The plugin sent an unreadable error." };
}
