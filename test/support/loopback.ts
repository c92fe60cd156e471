// Serves a fetch handler over real HTTP on 127.0.0.1, on a port the OS picks, for integration tests.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";

export interface LoopbackServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  close(): Promise<void>;
}

export function serveOnLoopback(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<LoopbackServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive sockets would hold close() open until they time out.
            if ("closeAllConnections" in server) server.closeAllConnections();
          }),
      });
    });
  });
}
