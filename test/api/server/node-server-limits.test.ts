// The per-address connection cap of both Node entries: a refused connection is answered 429 and
// closed without any of its bytes reaching the app (even a request pipelined behind the connect),
// and IPv6 callers are counted per /64, the block one host is usually given.

import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { connectionGroup, limitConnections } from "../../../src/api/server/node-server-limits";
import { DEFAULT_SERVER_LIMITS } from "../../../src/api/server/server-limits";

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

describe("a refused connection", () => {
  it("never reaches the app, even with requests already sent on it", async () => {
    const reached: string[] = [];
    server = createServer((request, response) => {
      reached.push(request.url ?? "");
      response.end("ok");
    });
    limitConnections(server, { ...DEFAULT_SERVER_LIMITS, maxConnectionsPerAddress: 1 });
    // What the HTTP server's own connection handling (its parser) is given.
    let handedToHttp = 0;
    server.on("connection", () => handedToHttp++);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };

    const holder = connect(port, "127.0.0.1");
    await new Promise((resolve) => holder.once("connect", resolve));
    // Let the server count the first connection before the second one arrives.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = connect(port, "127.0.0.1");
    const requests = Array.from({ length: 20 }, (_, i) => `GET /pipelined-${i} HTTP/1.1\r\nHost: x\r\n\r\n`);
    refused.write(requests.join(""));
    let answer = "";
    refused.on("data", (chunk) => {
      answer += chunk;
      // Keep sending while the server writes its refusal: none of it may be parsed.
      if (!refused.destroyed) refused.write(requests.join(""));
    });
    refused.on("error", () => undefined);
    await new Promise((resolve) => refused.once("close", resolve));
    holder.destroy();
    // Anything the server's parser took from the refused socket would have been answered by now.
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(answer.startsWith("HTTP/1.1 429 ")).toBe(true);
    expect(answer).toContain('"rate_limit_exceeded"');
    expect(reached).toEqual([]);
    expect(handedToHttp).toBe(1);
  });
});

describe("connections are grouped", () => {
  it("per address for IPv4, per /64 for IPv6", () => {
    expect(connectionGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(connectionGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
    const host = connectionGroup("2001:db8:1:2::1");
    expect(connectionGroup("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(host);
    expect(connectionGroup("2001:0DB8:0001:0002:0:0:0:9")).toBe(host);
    expect(connectionGroup("2001:db8:1:2:a:b:1.2.3.4")).toBe(host);
    expect(connectionGroup("fe80::1%eth0")).toBe(connectionGroup("fe80::2"));
    expect(connectionGroup("2001:db8:1:3::1")).not.toBe(host);
    expect(connectionGroup("::1")).not.toBe(host);
  });
});
