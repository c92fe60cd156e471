// One server for the proxy bench, in its own process so that each side has its own event loop:
//   local-api            the local API on 127.0.0.1
//   proxy <service url>  the proxy in front of a service over HTTP (as in front of the real one)
//   proxy-embedded       the proxy with the local API in its process (what `npm start` runs)
// Prints {"url": ...} once listening. The account's limits are lifted so the bench measures speed.
// Started with an IPC channel (the memory bench), it also reports its resident memory: "reset"
// answers the current figure and starts a new peak, "report" answers the peak since, sampled every
// 10 ms.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalApi } from "../../src/local-api/app";
import { createProxy } from "../../src/proxy/app";
import { serveProxy } from "../../src/proxy/node/server";
import { streamingFetch } from "../../src/proxy/node/upstream";

export const BENCH_CLIENT = { id: "bench-client", secret: "bench-secret-not-for-anything-else" };
export const BENCH_TOKEN = "bench-token-0123456789abcdef";

function localApi() {
  return createLocalApi({
    stateDir: mkdtempSync(join(tmpdir(), "proxy-bench-")),
    accounts: {
      clients: [
        {
          client_id: BENCH_CLIENT.id,
          client_secret: BENCH_CLIENT.secret,
          credits: { allowance: 1_000_000_000 },
          rate_limits: { reads_per_minute: 100_000_000, writes_per_minute: 100_000_000 },
          max_upload_kb: 10_240,
        },
      ],
    },
  });
}

function proxy(upstream: (request: Request) => Promise<Response>, upstreamBaseUrl: string) {
  return createProxy({
    upstream,
    upstreamBaseUrl,
    clientId: BENCH_CLIENT.id,
    clientSecret: BENCH_CLIENT.secret,
    tokens: [{ label: "bench", token: BENCH_TOKEN }],
    rateLimitPerMinute: 0,
    // The teams' shares of the service's limit are off too: the account above has no limit to share.
    upstreamRateLimitPerMinute: 0,
    cacheTtlMs: Number(process.env.PROXY_CACHE_TTL_MS ?? 0),
    log: () => undefined,
  });
}

const [mode, serviceUrl] = process.argv.slice(2);
let fetchHandler: (request: Request) => Response | Promise<Response>;
if (mode === "local-api") {
  const api = localApi();
  fetchHandler = (request) => api.fetch(request);
} else if (mode === "proxy" && serviceUrl) {
  fetchHandler = proxy(streamingFetch, serviceUrl).fetch;
} else if (mode === "proxy-embedded") {
  const api = localApi();
  fetchHandler = proxy((request) => api.fetch(request), "http://local-api.invalid").fetch;
} else {
  throw new Error("usage: proxy-bench-server.ts local-api | proxy <service url> | proxy-embedded");
}
const running = await serveProxy(fetchHandler, { host: "127.0.0.1", port: 0 });
console.log(JSON.stringify({ url: running.url }));
if (process.send) {
  const send = process.send.bind(process);
  let peak = process.memoryUsage.rss();
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  setInterval(sample, 10).unref();
  process.on("message", (message) => {
    if (message === "reset") {
      peak = process.memoryUsage.rss();
      send({ rss: peak });
    } else if (message === "report") {
      sample();
      send({ peak });
    }
  });
}
// Exit cleanly on a signal, so a --cpu-prof run writes its profile.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
