// Node's HTTP server, bounded: a head must arrive within seconds, not Node's minute (and the check
// runs every second, not every 30 s), a whole request within a stated time, and no caller may hold
// more than its share of connections. A slowloris (thousands of sockets, a byte every few seconds)
// otherwise holds every connection the process can open. Both Node entries apply it.

import type { Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";
import { errorEnvelope } from "../../api/envelope";
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from "../../api/net/server-limits";

/** Options only createServer takes: how often Node looks for connections past their time. */
export function serverOptions(limits: ServerLimits = DEFAULT_SERVER_LIMITS): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutS * 1000,
    requestTimeout: limits.requestTimeoutS * 1000,
    keepAliveTimeout: limits.keepAliveTimeoutS * 1000,
    // Node checks the two timeouts above only this often (30 s by default).
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutS * 500),
  };
}

function refuseConnection(socket: Socket): void {
  const body = JSON.stringify(
    errorEnvelope(
      "rate_limit_exceeded",
      "Too many open connections from this address; close some and retry.",
    ),
  );
  // Closed as soon as the answer is written, so nothing the caller sends is parsed; a caller that
  // never reads its answer does not hold the socket either.
  socket.end(
    `HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nretry-after: 1\r\nconnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
  socket.setTimeout(1000, () => socket.destroy());
}

/** Applies the limits to a server made without serverOptions too (all but the checking interval). */
export function limitConnections(server: Server, limits: ServerLimits = DEFAULT_SERVER_LIMITS): void {
  server.headersTimeout = limits.headersTimeoutS * 1000;
  server.requestTimeout = limits.requestTimeoutS * 1000;
  server.keepAliveTimeout = limits.keepAliveTimeoutS * 1000;
  // Past this Node closes new connections at once, unanswered: the cheapest refusal under attack.
  server.maxConnections = limits.maxConnections;
  const perAddress = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) return refuseConnection(socket);
    perAddress.set(address, open + 1);
    socket.once("close", () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
}
