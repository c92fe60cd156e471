// How the Node entry reaches the service and its file hosts: a fetch-shaped function over node:http
// and node:https. Node 20's built-in fetch reads a streamed request body as fast as it is offered,
// whatever the socket can take, so a 50 MB upload to a slower service sat whole in the proxy's
// memory (measured: test/proxy/streaming-memory.test.ts); piping into http.request waits for drain.

import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { NULL_BODY_STATUSES } from "../../api/contract/null-body";
import { checkedLookup } from "../../api/server/checked-lookup";
import type { Upstream } from "../context";
import type { ResolveHost } from "../ssrf/outbound-url";
import { pulledStream } from "./streams";

interface Agents {
  "http:": http.Agent;
  "https:": https.Agent;
  /** How new sockets find their address (the system's lookup when absent). */
  lookup?: LookupFunction;
}

function agentsWith(lookup?: LookupFunction): Agents {
  const options = { keepAlive: true };
  return {
    "http:": new http.Agent(options),
    "https:": new https.Agent(options),
    ...(lookup ? { lookup } : {}),
  };
}

const agents = agentsWith();

/** Request bodies up to this size are read whole and sent in one write instead of piped. */
const SMALL_BODY_BYTES = 64 * 1024;

export function streamingFetch(request: Request): Promise<Response> {
  return fetchWith(agents, request);
}

/**
 * For the relay's file hosts: every new connection resolves the name once and connects only to an
 * address judged public from that same answer (pooled sockets were judged when they opened).
 */
export function pinnedStreamingFetch(resolve: ResolveHost): Upstream {
  const pinned = agentsWith(checkedLookup(resolve) as unknown as LookupFunction);
  return (request) => fetchWith(pinned, request);
}

function fetchWith(pool: Agents, request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.reject(new TypeError(`unsupported protocol ${url.protocol}`));
  }
  const transport = url.protocol === "https:" ? https : http;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return new Promise<Response>((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: request.method,
        headers,
        agent: pool[url.protocol as "http:" | "https:"],
        ...(pool.lookup ? { lookup: pool.lookup } : {}),
        signal: request.signal,
      },
      (incoming) => {
        const status = incoming.statusCode ?? 502;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
          else if (value !== undefined) responseHeaders.set(name, value);
        }
        const bodiless = NULL_BODY_STATUSES.has(status) || request.method === "HEAD";
        if (bodiless) incoming.resume();
        resolve(
          new Response(bodiless ? null : pulledStream(incoming), {
            status,
            statusText: incoming.statusMessage ?? "",
            headers: responseHeaders,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    const declared = Number(request.headers.get("content-length") ?? Number.NaN);
    if (request.body && declared <= SMALL_BODY_BYTES) {
      // A small body (its length declared and checked by the body limit) is sent in one write.
      request.arrayBuffer().then(
        (bytes) => outgoing.end(Buffer.from(bytes)),
        (error) => outgoing.destroy(error),
      );
    } else if (request.body) {
      const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
      body.on("error", (error) => outgoing.destroy(error));
      body.pipe(outgoing);
    } else {
      outgoing.end();
    }
  });
}
