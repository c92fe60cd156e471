// Requests Node's HTTP parser refuses before the app sees them (a malformed request line or header,
// a target that is not a path, headers past Node's size limit), and requests the fetch-based app
// could not even be handed (a TRACE or CONNECT, which a web Request refuses to carry; a Host that is
// missing or not a host, which the adapter cannot build a URL from) are answered in the v3 envelope
// too, instead of Node's bare status line or an empty 500 that a client could not tell from a
// broken server. Both Node entries use it: the local API's own (`npm run local-api`) and the
// proxy's, which embeds the local API anyway.

import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { errorEnvelope } from "../contract/envelope";

interface Refusal {
  status: number;
  reason: string;
  message: string;
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  405: "Method Not Allowed",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

function answer(error: Error & { code?: string }): Refusal {
  if (error.code === "HPE_HEADER_OVERFLOW")
    return {
      status: 431,
      reason: "invalid_request",
      message: "The request's address or headers are too large.",
    };
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return { status: 408, reason: "invalid_request", message: "The request took too long to arrive." };
  return { status: 400, reason: "invalid_request", message: "The request is not well-formed HTTP." };
}

/** The methods a route may answer; the rest (TRACE, CONNECT, WebDAV's, made-up ones) never reach the app. */
export const SERVED_METHODS: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
]);

// A host name (letters, digits, dots, hyphens, underscores) or a bracketed IPv6 literal, then an
// optional port: what a URL's authority may hold without user info.
const HOST_HEADER = /^(?:[A-Za-z0-9_][A-Za-z0-9_.-]{0,252}|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

function wellFormedHost(host: string): boolean {
  const match = HOST_HEADER.exec(host);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

/** Why a request's head cannot be handed to the app, or undefined when it can. */
export function refusedHead(req: IncomingMessage): Refusal | undefined {
  const method = req.method ?? "";
  if (!SERVED_METHODS.has(method))
    return {
      status: 405,
      reason: "invalid_request",
      message: `This server does not answer ${method.slice(0, 16)} requests.`,
    };
  const host = req.headers.host;
  if (host === undefined || host === "")
    return { status: 400, reason: "invalid_request", message: "The request has no Host header." };
  if (!wellFormedHost(host))
    return {
      status: 400,
      reason: "invalid_request",
      message: "The request's Host header is not a host name.",
    };
  return undefined;
}

function envelopeText(refusal: Refusal): string {
  return JSON.stringify(errorEnvelope(refusal.reason, refusal.message));
}

/** The refusal on a raw socket (the parser's errors, CONNECT), then the connection closed. */
function endSocket(socket: Duplex, refusal: Refusal): void {
  const body = envelopeText(refusal);
  const allow = refusal.status === 405 ? `allow: ${[...SERVED_METHODS].join(", ")}\r\n` : "";
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status] ?? "Bad Request"}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${allow}connection: close\r\n\r\n${body}`,
  );
}

export function answerHead(res: ServerResponse, refusal: Refusal): void {
  const body = envelopeText(refusal);
  res.writeHead(refusal.status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    connection: "close",
    ...(refusal.status === 405 ? { allow: [...SERVED_METHODS].join(", ") } : {}),
  });
  res.end(body);
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: Error & { code?: string }, socket: Duplex) => {
    // Nothing to answer on a connection the caller already closed, or once an answer has begun.
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    endSocket(socket, answer(error));
  });
  // CONNECT is handed to its own event; without a listener Node drops the socket unanswered.
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    endSocket(socket, {
      status: 405,
      reason: "invalid_request",
      message: `This server does not answer ${req.method} requests.`,
    });
  });
  // A missing Host is answered below in the envelope, not by Node's bare 400.
  (server as Server & { requireHostHeader?: boolean }).requireHostHeader = false;
  // The app's listener (the fetch adapter) runs only for heads it can take.
  const listeners = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const refusal = refusedHead(req);
    if (refusal) return answerHead(res, refusal);
    for (const listener of listeners) listener.call(server, req, res);
  });
}
