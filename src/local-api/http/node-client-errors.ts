// Requests Node's HTTP parser refuses before the app sees them (a malformed request line or header,
// a target that is not a path, headers past Node's size limit) are answered in the v3 envelope too,
// instead of Node's bare status line that a client could not tell from a broken server. Both Node
// entries use it: the local API's own (`npm run local-api`) and the proxy's, which embeds the local
// API anyway.

import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { errorEnvelope } from "../../api/envelope";

function answer(error: Error & { code?: string }): { status: string; reason: string; message: string } {
  if (error.code === "HPE_HEADER_OVERFLOW")
    return {
      status: "431 Request Header Fields Too Large",
      reason: "invalid_request",
      message: "The request's address or headers are too large.",
    };
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return {
      status: "408 Request Timeout",
      reason: "invalid_request",
      message: "The request took too long to arrive.",
    };
  return {
    status: "400 Bad Request",
    reason: "invalid_request",
    message: "The request is not well-formed HTTP.",
  };
}

export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: Error & { code?: string }, socket: Duplex) => {
    // Nothing to answer on a connection the caller already closed, or once an answer has begun.
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, reason, message } = answer(error);
    const body = JSON.stringify(errorEnvelope(reason, message));
    socket.end(
      `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}
