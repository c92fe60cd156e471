// The proxy's cost: the same search and the same synchronous conversion sent to the local API
// directly and through the proxy, with autocannon at several concurrencies. Two proxy layouts:
//   in-process   the proxy with the local API in its own process, as `npm start` runs it; the same
//                process layout as "direct" (one server process), so it measures the proxy alone;
//   over HTTP    the proxy in its own process in front of the local API's, as in front of the real
//                service; one more process on the same cores, so it also pays a second HTTP hop.
// Every target is warmed up first, then measured in interleaved rounds (each round runs every target
// once, the order rotated), so a neighbour's load on a shared machine falls on all of them alike.
// A round's ratio compares runs made seconds apart; the figure is the median over rounds, with the
// range. Latency medians come from each response's own duration (sub-millisecond), not autocannon's
// whole-millisecond histogram. `npm run bench proxy` runs this suite alone; PROXY_BENCH_ROUNDS and
// PROXY_BENCH_SECONDS change how long.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { quantile, summarise } from "./lib/stats.mjs";

export const name = "proxy";

const CONCURRENCIES = [1, 10, 50];
const ROUNDS = Number(process.env.PROXY_BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.PROXY_BENCH_SECONDS ?? 2);
const WARMUP_SECONDS = 1;
const SERVER = new URL("./lib/proxy-bench-server.ts", import.meta.url).pathname;
const CLIENT = { "client-id": "bench-client", "client-secret": "bench-secret-not-for-anything-else" };
const TOKEN = { authorization: "Bearer bench-token-0123456789abcdef" };
const THROUGHPUT_TARGET = 0.85;
const ADDED_LATENCY_TARGET_MS = 1;

export async function startBenchServer(...args) {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = await once(createInterface({ input: child.stdout }), "line");
  return { url: JSON.parse(line).url, pid: child.pid, stop: () => child.kill() };
}

/**
 * One autocannon run: requests per second answered 2xx, and the median duration of those answers.
 * A conversion may also be refused 429 when every work slot and the short line behind them are taken
 * (the local API's designed back-pressure; docs/local-api.md): such refusals are counted, not
 * timed, and any other non-2xx fails the run.
 */
function measure(options, seconds) {
  return new Promise((resolve, reject) => {
    const durations = [];
    let refused = 0;
    const instance = autocannon({ duration: seconds, ...options }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > refused || result.errors > 0 || result.timeouts > 0) {
        return reject(new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      }
      durations.sort((a, b) => a - b);
      resolve({ rps: durations.length / seconds, p50: quantile(durations, 0.5), refused });
    });
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status === 429 && options.method === "POST") refused++;
      else if (status >= 200 && status < 300) durations.push(ms);
    });
  });
}

async function conversionRequest(baseUrl, headers) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="64" height="64"><circle cx="12" cy="12" r="9" fill="#3b82f6"/></svg>`;
  const form = new FormData();
  form.set("file", new Blob([svg], { type: "image/svg+xml" }), "icon.svg");
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const contentType = encoded.headers.get("content-type");
  const probe = await fetch(`${baseUrl}/v3/convert/svg-to-png`, {
    method: "POST",
    headers: { ...headers, "content-type": contentType },
    body,
  });
  await probe.arrayBuffer();
  if (probe.status !== 200) return undefined;
  return { method: "POST", body, headers: { "content-type": contentType } };
}

const range = (s, digits) => `${s.min.toFixed(digits)}–${s.max.toFixed(digits)}`;

/** Rows for one operation at one concurrency, from interleaved rounds over every target. */
async function compare(op, path, request, connections, targets) {
  const options = (target) => {
    const extra = request ?? {};
    return {
      url: `${target.url}${path}`,
      connections,
      ...extra,
      headers: { ...target.headers, ...(extra.headers ?? {}) },
    };
  };
  for (const target of targets) await measure(options(target), WARMUP_SECONDS);
  const runs = new Map(targets.map((t) => [t.label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length]);
    for (const target of order) runs.get(target.label).push(await measure(options(target), SECONDS));
  }
  const direct = runs.get("direct");
  const directRps = summarise(direct.map((r) => r.rps));
  const directP50 = summarise(direct.map((r) => r.p50));
  const refusals = (label) => {
    const total = runs.get(label).reduce((sum, r) => sum + r.refused, 0);
    return total > 0 ? `; ${total} refused 429 (work slots full)` : "";
  };
  const rows = [
    {
      figure: `${op} c=${connections} direct: req/s`,
      value: directRps.median,
      unit: "req/s",
      spread: `${range(directRps, 0)}; p50 ${directP50.median.toFixed(2)} ms (${range(directP50, 2)}), ${ROUNDS} rounds${refusals("direct")}`,
    },
  ];
  for (const target of targets.filter((t) => t.label !== "direct")) {
    const mine = runs.get(target.label);
    const ratio = summarise(mine.map((r, i) => r.rps / direct[i].rps));
    const added = summarise(mine.map((r, i) => r.p50 - direct[i].p50));
    rows.push(
      {
        figure: `${op} c=${connections} ${target.label}: req/s ratio to direct`,
        value: ratio.median,
        unit: "x",
        spread: `${range(ratio, 2)}; ${summarise(mine.map((r) => r.rps)).median.toFixed(0)} req/s${refusals(target.label)}`,
        target: `>= ${THROUGHPUT_TARGET}`,
        met: ratio.median >= THROUGHPUT_TARGET,
      },
      {
        figure: `${op} c=${connections} ${target.label}: added median latency`,
        value: added.median,
        unit: "ms",
        spread: range(added, 2),
        target: `< ${ADDED_LATENCY_TARGET_MS} ms`,
        met: added.median < ADDED_LATENCY_TARGET_MS,
      },
    );
  }
  return rows;
}

export async function run() {
  const api = await startBenchServer("local-api");
  const overHttp = await startBenchServer("proxy", api.url);
  const embedded = await startBenchServer("proxy-embedded");
  const rows = [];
  try {
    const targets = [
      { label: "direct", url: api.url, headers: CLIENT },
      { label: "proxy in-process", url: embedded.url, headers: TOKEN },
      { label: "proxy over HTTP", url: overHttp.url, headers: TOKEN },
    ];
    const cases = [{ op: "search", path: "/v3/search?query=arrow&per_page=30" }];
    const conversion = await conversionRequest(api.url, CLIENT);
    if (conversion) cases.push({ op: "svg-to-png", path: "/v3/convert/svg-to-png", request: conversion });
    else rows.push({ figure: "svg-to-png", value: "skipped", target: "the local API answers no conversion" });
    for (const { op, path, request } of cases) {
      for (const connections of CONCURRENCIES) {
        process.stderr.write(`bench: proxy ${op} c=${connections}...\n`);
        rows.push(...(await compare(op, path, request, connections, targets)));
      }
    }
  } finally {
    api.stop();
    overHttp.stop();
    embedded.stop();
  }
  return rows;
}
