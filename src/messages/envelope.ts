// The wrappers every message travels in. Requests carry an id that their response echoes
// (several can be in flight at once); events are one-way. `channel` lets each side ignore
// foreign messages that share the same window (Figma's own, browser extensions').
import type {
  EventMap,
  EventType,
  ProtocolError,
  RequestPayload,
  RequestType,
  ResponsePayload,
} from "./types";

export const CHANNEL = "assetport";

export interface RequestEnvelope<K extends RequestType = RequestType> {
  channel: typeof CHANNEL;
  kind: "request";
  id: string;
  type: K;
  payload: RequestPayload<K>;
}

export type ResponseEnvelope<K extends RequestType = RequestType> =
  | { channel: typeof CHANNEL; kind: "response"; id: string; type: K; ok: true; payload: ResponsePayload<K> }
  | {
      channel: typeof CHANNEL;
      kind: "response";
      id: string;
      type: K | null;
      ok: false;
      error: ProtocolError;
    };

export interface EventEnvelope<K extends EventType = EventType> {
  channel: typeof CHANNEL;
  kind: "event";
  type: K;
  payload: EventMap[K];
}

/** Moves one message to the other side and hands over what arrives from it. */
export interface Transport {
  post(message: unknown): void;
  /** Returns a function that stops listening. */
  listen(listener: (message: unknown) => void): () => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** True for anything that claims to be ours; its payload is checked separately. */
export function isOurs(
  value: unknown,
): value is { channel: typeof CHANNEL; kind: string } & Record<string, unknown> {
  return isRecord(value) && value.channel === CHANNEL && typeof value.kind === "string";
}

export function errorReply(id: string, type: RequestType | null, error: ProtocolError): ResponseEnvelope {
  return { channel: CHANNEL, kind: "response", id, type, ok: false, error };
}
