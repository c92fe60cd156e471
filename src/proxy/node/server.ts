// Serves the proxy's fetch handler over Node's HTTP server. The raw request target is checked
// before Node's URL parsing can resolve "..", turn "\" into "/" or accept an absolute URL: such a
// target is a 404 in the envelope and the app never sees it. No byte of a body is read before the
// app asks for it, which is after the caller's token was checked.

import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import { errorEnvelope } from "../../api/contract/envelope";
import { isSafeRequestTarget } from "../path-guard";
import { pulledStream } from "./streams";

type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * Bodies up to this size (a conversion's SVG, a JSON submission), their length declared, are read
 * whole when the app first asks for them and handed on as one chunk: cheaper than a stream pulled
 * chunk by chunk. Anything larger, or of unknown length, is pulled as the service takes it.
 */
const SMALL_BODY_BYTES = 16 * 1024;

function smallDeclaredBody(req: IncomingMessage): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return false;
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

/** One chunk, read from the socket only on the first pull. */
function wholeOnDemand(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const body = await readWhole(req);
        if (body === undefined) return controller.error(new Error("the caller went away mid-body"));
        controller.enqueue(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Hands the app a Request whose body is read only when the app reads it (see node-streams.ts). When
 * the app answers without reading a body it was sent (a refused token, a 413), the connection is
 * closed after the answer, so Node does not read on through the rest of the upload to keep it.
 */
function withPulledBody(fetch: FetchHandler) {
  return async (request: Request, env: HttpBindings | Http2Bindings) => {
    if (request.method === "GET" || request.method === "HEAD" || !env?.incoming) return fetch(request, env);
    const incoming = env.incoming as IncomingMessage;
    const init = {
      method: request.method,
      headers: request.headers,
      body: smallDeclaredBody(incoming) ? wholeOnDemand(incoming) : pulledStream(incoming),
      duplex: "half",
      signal: request.signal,
    };
    const response = await fetch(new Request(request.url, init as RequestInit), env);
    if (!incoming.complete) (env.outgoing as ServerResponse).shouldKeepAlive = false;
    return response;
  };
}

/** What a stop did to the requests under way when it began. */
export interface Drained {
  /** Answered within the grace period. */
  finished: number;
  /** Still running when it ended: their connections were cut. */
  cut: number;
}

export interface RunningProxy {
  url: string;
  server: Server;
  /** Requests being answered now. */
  inFlight(): number;
  /**
   * Takes no new connection, lets the requests under way finish for up to `graceMs`, then cuts what
   * is left.
   */
  stop(graceMs: number): Promise<Drained>;
  /** Stops at once: every connection cut. */
  close(): Promise<void>;
}

/** Counts the requests under way, and ends idle kept-alive connections once the server stops. */
function trackRequests(server: Server) {
  let inFlight = 0;
  let stopping = false;
  let onIdle: (() => void) | undefined;
  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    // A connection kept alive after this answer would only hold the stop up.
    if (stopping) res.shouldKeepAlive = false;
    res.once("close", () => {
      inFlight -= 1;
      if (!stopping) return;
      // The socket turns idle just after the answer's close: end it then.
      setImmediate(() => server.closeIdleConnections());
      if (inFlight === 0) onIdle?.();
    });
  });
  return {
    inFlight: () => inFlight,
    /** Resolves once no request is under way (at once when none is). */
    stop(): Promise<void> {
      stopping = true;
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => (onIdle = resolve));
    },
  };
}

async function drain(server: Server, requests: ReturnType<typeof trackRequests>, graceMs: number) {
  const closed = new Promise<void>((done) => server.close(() => done()));
  const before = requests.inFlight();
  const idle = requests.stop();
  server.closeIdleConnections();
  if (before > 0 && graceMs > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([idle, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }
  const cut = requests.inFlight();
  server.closeAllConnections();
  await closed;
  return { finished: before - cut, cut };
}

export function serveProxy(
  fetch: FetchHandler,
  { host, port, options = {} }: { host: string; port: number; options?: ServerOptions },
): Promise<RunningProxy> {
  const listener = getRequestListener(withPulledBody(fetch));
  const server = createServer(options, (req, res) => {
    if (isSafeRequestTarget(req.url ?? "")) return void listener(req, res);
    const body = JSON.stringify(errorEnvelope("not_found", "There is no such route on this proxy."));
    res.writeHead(404, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  });
  const requests = trackRequests(server);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const { port: bound } = server.address() as AddressInfo;
      const shownHost = host.includes(":") ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${bound}`,
        server,
        inFlight: requests.inFlight,
        stop: (graceMs) => drain(server, requests, graceMs),
        close: async () => void (await drain(server, requests, 0)),
      });
    });
  });
}
