// The proxy's cost: the same search and the same synchronous conversion sent to the local API
// directly and through the proxy (in front of it over HTTP, and with it in-process as `npm start`
// runs it), with autocannon at several concurrencies. Reports throughput ratio and added median latency.
// `npm run bench proxy` runs this suite alone.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

export const name = "proxy";

const CONCURRENCIES = [1, 10, 50];
const DURATION_S = Number(process.env.PROXY_BENCH_SECONDS ?? 5);
const SERVER = new URL("./lib/proxy-bench-server.ts", import.meta.url).pathname;
const CLIENT = { "client-id": "bench-client", "client-secret": "bench-secret-not-for-anything-else" };
const TOKEN = { authorization: "Bearer bench-token-0123456789abcdef" };

async function start(...args) {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = await once(createInterface({ input: child.stdout }), "line");
  return { url: JSON.parse(line).url, stop: () => child.kill() };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION_S, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function conversionRequest(baseUrl, headers) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="64" height="64"><circle cx="12" cy="12" r="9" fill="#3b82f6"/></svg>`;
  const form = new FormData();
  form.set("file", new Blob([svg], { type: "image/svg+xml" }), "icon.svg");
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const probe = await fetch(`${baseUrl}/v3/convert/svg-to-png`, {
    method: "POST",
    headers: { ...headers, "content-type": encoded.headers.get("content-type") },
    body,
  });
  await probe.arrayBuffer();
  if (probe.status !== 200) return undefined;
  return {
    method: "POST",
    body,
    headers: { ...headers, "content-type": encoded.headers.get("content-type") },
  };
}

export async function run() {
  const api = await start("local-api");
  const overHttp = await start("proxy", api.url);
  const embedded = await start("proxy-embedded");
  const rows = [];
  try {
    const targets = [
      { label: "direct", url: api.url, headers: CLIENT },
      { label: "proxy -> local API over HTTP", url: overHttp.url, headers: TOKEN },
      { label: "proxy with local API in-process", url: embedded.url, headers: TOKEN },
    ];
    const cases = [{ op: "search", path: "/v3/search?query=arrow&per_page=30", request: () => ({}) }];
    const conversion = await conversionRequest(api.url, CLIENT);
    if (conversion) {
      cases.push({
        op: "svg-to-png",
        path: "/v3/convert/svg-to-png",
        request: (headers) => ({ ...conversion, headers: { ...conversion.headers, ...headers } }),
      });
    } else {
      rows.push({
        figure: "svg-to-png",
        value: "skipped",
        unit: "",
        target: "the local API answers no conversion yet",
      });
    }
    for (const { op, path, request } of cases) {
      for (const connections of CONCURRENCIES) {
        const results = {};
        for (const target of targets) {
          const options = {
            url: `${target.url}${path}`,
            connections,
            headers: target.headers,
            ...request(target.headers),
          };
          const result = await cannon(options);
          if (result.non2xx > 0 || result.errors > 0) {
            throw new Error(`${op} via ${target.label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
          }
          results[target.label] = result;
        }
        const direct = results.direct;
        for (const target of targets.slice(1)) {
          const via = results[target.label];
          rows.push({
            figure: `${op} c=${connections} ${target.label}: req/s (direct ${direct.requests.average.toFixed(0)})`,
            value: via.requests.average,
            unit: "req/s",
            spread: `ratio ${(via.requests.average / direct.requests.average).toFixed(2)}`,
          });
          rows.push({
            figure: `${op} c=${connections} ${target.label}: added median latency (direct p50 ${direct.latency.p50} ms)`,
            value: via.latency.p50 - direct.latency.p50,
            unit: "ms",
            spread: `p99 ${via.latency.p99} vs ${direct.latency.p99} ms`,
          });
        }
      }
    }
  } finally {
    api.stop();
    overHttp.stop();
    embedded.stop();
  }
  return rows;
}
