// Node's HTTP server, bounded: a head must arrive within seconds, not Node's minute (and the check
// runs every second, not every 30 s), a whole request within a stated time, and no caller may hold
// more than its share of connections. A slowloris (thousands of sockets, a byte every few seconds)
// otherwise holds every connection the process can open. Both Node entries apply it.

import type { Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";
import { errorEnvelope } from "../contract/envelope";
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from "./server-limits";

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

/**
 * What the per-address cap counts: an IPv4 address (also when IPv4-mapped), or an IPv6 address's
 * /64 (one host is usually given a whole /64, so counting each address would let it open
 * connections without bound).
 */
export function connectionGroup(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const bare = address.split("%")[0]!;
  const groups = (part: string) => {
    if (part === "") return [];
    const split = part.split(":");
    // A trailing dotted IPv4 stands for two groups.
    if (split.at(-1)!.includes(".")) split.splice(-1, 1, "0", "0");
    return split;
  };
  const [head = "", tail] = bare.split("::");
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const full = [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  const prefix = full.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(":")}::/64`;
}

function refuseConnection(socket: Socket): void {
  // Never handed to the HTTP server (see limitConnections), so this socket has no error listener.
  socket.on("error", () => socket.destroy());
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
  const admit = (socket: Socket): boolean => {
    const group = connectionGroup(socket.remoteAddress ?? "unknown");
    const open = perAddress.get(group) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) return false;
    perAddress.set(group, open + 1);
    socket.once("close", () => {
      const left = (perAddress.get(group) ?? 1) - 1;
      if (left <= 0) perAddress.delete(group);
      else perAddress.set(group, left);
    });
    return true;
  };
  // A gate in front of the HTTP server's own "connection" listener rather than one more listener
  // beside it: a listener cannot stop the others, so the server would attach its parser to a
  // refused socket and could parse what the caller sends before the socket is gone. A refused
  // socket is never handed to the server at all.
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === "connection" && !admit(args[0] as Socket)) {
      refuseConnection(args[0] as Socket);
      return true;
    }
    return emit(event, ...args);
  }) as Server["emit"];
}
