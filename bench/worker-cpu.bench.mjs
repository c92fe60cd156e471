// The proxy's CPU on Workers: the Workers build (scripts/build-worker.mjs) under workerd (miniflare),
// in front of the local API in its own process, answering searches of a page of 30 icons. workerd
// gives a Worker no CPU clock of its own (Date and performance.now stand still while code runs,
// as on Cloudflare), so the figure is the workerd process's own CPU time (utime + stime from /proc)
// over many requests, divided by their count: an upper bound of the Worker's billed CPU time, since
// it also holds workerd's HTTP parsing of both exchanges. /healthz, answered by the same Worker
// without calling the service, is measured the same way beside it, in interleaved rounds.
// WORKER_CPU_ROUNDS and WORKER_CPU_REQUESTS change how long it runs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { Miniflare } from "miniflare";
import { buildWorker } from "../scripts/build-worker.mjs";
import { summarise } from "./lib/stats.mjs";
import { startBenchServer } from "./proxy.bench.mjs";

export const name = "worker-cpu";

const ROUNDS = Number(process.env.WORKER_CPU_ROUNDS ?? 5);
const REQUESTS = Number(process.env.WORKER_CPU_REQUESTS ?? 1500);
const CONNECTIONS = 4;
const TOKEN = "bench-token-0123456789abcdef";
const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** workerd processes started by this process (miniflare runs one). */
function workerdPids() {
  const out = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" });
  return out
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, comm]) => pid && comm?.includes("workerd"))
    .map(([pid]) => Number(pid));
}

/** CPU milliseconds used so far by the processes `pids`. */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks / TICKS_PER_SECOND) * 1000;
}

function send(url, amount) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, amount, connections: CONNECTIONS, headers: { authorization: `Bearer ${TOKEN}` } },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0 || result.errors > 0)
          return reject(new Error(`${url}: ${result.non2xx} non-2xx`));
        resolve(result);
      },
    );
  });
}

export async function run() {
  const outDir = mkdtempSync(join(tmpdir(), "worker-cpu-"));
  await buildWorker(join(outDir, "proxy.js"));
  const api = await startBenchServer("local-api");
  const mf = new Miniflare({
    modules: true,
    scriptPath: join(outDir, "proxy.js"),
    modulesRoot: outDir,
    compatibilityDate: "2024-09-23",
    bindings: {
      UPSTREAM_URL: api.url,
      CLIENT_ID: "bench-client",
      CLIENT_SECRET: "bench-secret-not-for-anything-else",
      PROXY_TOKENS: `bench:${TOKEN}`,
      PROXY_SIGNING_KEY: "bench-signing-key-0123456789abcdef0123456789",
      PROXY_RATE_LIMIT: "0",
      PROXY_UPSTREAM_RATE_LIMIT: "0",
      PROXY_CACHE_TTL_MS: "0",
    },
    durableObjects: { BUDGETS: "ProxyBudget" },
  });
  try {
    const base = (await mf.ready).toString().replace(/\/$/, "");
    const pids = workerdPids();
    if (pids.length === 0)
      return [{ figure: "worker CPU", value: "skipped", target: "no workerd process found" }];
    const targets = [
      { label: "search (30 icons)", url: `${base}/v3/search?query=arrow&per_page=30` },
      { label: "/healthz", url: `${base}/healthz` },
    ];
    for (const target of targets) await send(target.url, 200);
    const perRequest = new Map(targets.map((t) => [t.label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of round % 2 ? [...targets].reverse() : targets) {
        const before = cpuMs(pids);
        await send(target.url, REQUESTS);
        perRequest.get(target.label).push((cpuMs(pids) - before) / REQUESTS);
      }
    }
    return targets.map((target) => {
      const s = summarise(perRequest.get(target.label));
      return {
        figure: `workerd CPU per ${target.label}`,
        value: s.median,
        unit: "ms",
        spread: `${s.min.toFixed(3)}–${s.max.toFixed(3)}; ${ROUNDS} rounds of ${REQUESTS}, ${CONNECTIONS} at once`,
      };
    });
  } finally {
    await mf.dispose();
    api.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}
