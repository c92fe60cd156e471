// The plugin's end of the protocol: every request is validated where it enters, handed to its one
// handler, and answered with the same id; a refused message gets an error reply and changes nothing.
import { CHANNEL, type EventEnvelope, errorReply, type Transport } from "../messages/envelope";
import { parseRequest } from "../messages/schemas";
import type {
  EventMap,
  EventType,
  ProtocolError,
  RequestPayload,
  RequestType,
  ResponsePayload,
} from "../messages/types";

export type Handlers = {
  [K in RequestType]: (payload: RequestPayload<K>) => Promise<ResponsePayload<K>> | ResponsePayload<K>;
};

/** Figma's ui channel as a transport (figma.ui.on keeps other listeners intact, unlike onmessage). */
export function figmaTransport(): Transport {
  return {
    post: (message) => figma.ui.postMessage(message),
    listen(listener) {
      const onMessage = (message: unknown) => listener(message);
      figma.ui.on("message", onMessage);
      return () => figma.ui.off("message", onMessage);
    },
  };
}

export function emit<K extends EventType>(transport: Transport, type: K, payload: EventMap[K]): void {
  const envelope: EventEnvelope<K> = { channel: CHANNEL, kind: "event", type, payload };
  transport.post(envelope);
}

/** Answers requests from the ui until the returned function is called. */
export function serve(
  transport: Transport,
  handlers: Handlers,
  toError: (error: unknown) => ProtocolError,
): () => void {
  return transport.listen(async (raw) => {
    const parsed = parseRequest(raw);
    if (!parsed.ok) {
      if (parsed.reply) transport.post(parsed.reply);
      return;
    }
    const { id, type, payload } = parsed.request;
    try {
      const handler = handlers[type] as (payload: unknown) => unknown;
      const answer = await handler(payload);
      transport.post({ channel: CHANNEL, kind: "response", id, type, ok: true, payload: answer });
    } catch (error) {
      transport.post(errorReply(id, type, toError(error)));
    }
  });
}
