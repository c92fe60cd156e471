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

/**
 * Bodies up to this size (a conversion's SVG, a JSON submission) are read whole before the app runs:
 * a Buffer is cheaper to hand on than a stream pulled chunk by chunk. This happens before the token
 * is checked, so it stays at what Node buffers for a paused request anyway (16 KB): a caller without
 * a token can make the proxy hold no more than before. Anything larger, or of unknown length, is
 * pulled as the service takes it.
 */
const SMALL_BODY_BYTES = 16 * 1024;

type WithRawBody = IncomingMessage & { rawBody?: Buffer };

function smallDeclaredBody(req: IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.headers["transfer-encoding"] !== undefined)
    return false;
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  return declared > 0 && declared <= SMALL_BODY_BYTES;
}

/** The whole body, or undefined when the caller went away before sending it. */
function readWhole(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.once("error", () => resolve(undefined));
    req.once("close", () => {
      if (!req.complete) resolve(undefined);
    });
  });
}

/** Hands the app a Request whose body is pulled from the socket (see node-streams.ts). */
function withPulledBody(fetch: FetchHandler) {
  return (request: Request, env: HttpBindings | Http2Bindings) => {
    if (request.method === "GET" || request.method === "HEAD" || !env?.incoming) return fetch(request);
    // Read whole already (SMALL_BODY_BYTES): @hono/node-server serves the Buffer as the body.
    if ((env.incoming as WithRawBody).rawBody !== undefined) return fetch(request);
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
    if (isSafeRequestTarget(req.url ?? "")) {
      if (!smallDeclaredBody(req)) return void listener(req, res);
      return void readWhole(req).then((body) => {
        if (body === undefined) return void res.destroy();
        (req as WithRawBody).rawBody = body;
        listener(req, res);
      });
    }
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
