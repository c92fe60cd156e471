// Serves the proxy's fetch handler over Node's HTTP server. The raw request target is checked
// before Node's URL parsing can resolve "..", turn "\" into "/" or accept an absolute URL: such a
// target is a 404 in the envelope and the app never sees it.

import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import { errorEnvelope } from "../api/envelope";
import { pulledStream } from "./node-streams";
import { isSafeRequestTarget } from "./path-guard";

type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Hands the app a Request whose body is pulled from the socket (see node-streams.ts). */
function withPulledBody(fetch: FetchHandler) {
  return (request: Request, env: HttpBindings | Http2Bindings) => {
    if (request.method === "GET" || request.method === "HEAD" || !env?.incoming) return fetch(request);
    const init = {
      method: request.method,
      headers: request.headers,
      body: pulledStream(env.incoming as IncomingMessage),
      duplex: "half",
      signal: request.signal,
    };
    return fetch(new Request(request.url, init as RequestInit));
  };
}

export interface RunningProxy {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export function serveProxy(
  fetch: FetchHandler,
  { host, port }: { host: string; port: number },
): Promise<RunningProxy> {
  const listener = getRequestListener(withPulledBody(fetch));
  const server = createServer((req, res) => {
    if (isSafeRequestTarget(req.url ?? "")) return void listener(req, res);
    const body = JSON.stringify(errorEnvelope("not_found", "There is no such route on this proxy."));
    res.writeHead(404, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const { port: bound } = server.address() as AddressInfo;
      const shownHost = host.includes(":") ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${bound}`,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
