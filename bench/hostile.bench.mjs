// The local API under attack: the hostile mix (test/reliability/fixtures/hostile-mix.ts) of the
// red-team round's inputs, sent in parallel loops beside ordinary searches and small conversions,
// against the local API in a process of its own over loopback HTTP. Reports the p99 latency of a plain
// search during the attack (goal under 200 ms) against the same figure with no attack, the server's
// peak resident memory with its worker threads and render processes (goal under 1 GB), how the attack
// was answered, and whether the server is alive at the end. `npm run bench hostile` runs it alone;
// HOSTILE_BENCH_SECONDS sets the attack's length (default 20).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { summarise } from "./lib/stats.mjs";

export const name = "hostile";

const SECONDS = Number(process.env.HOSTILE_BENCH_SECONDS ?? 20);
const HEADERS = { "Client-ID": "bench", "Client-Secret": "bench-secret-0123456789" };
const GB = 1024 ** 3;

export async function run() {
  const { forkProxy } = await import("../test/support/forked-proxy.ts");
  const { runHostileMix } = await import("../test/reliability/fixtures/hostile-mix.ts");
  const stateDir = mkdtempSync(join(tmpdir(), "assetport-hostile-"));
  const accounts = {
    clients: [
      {
        client_id: "bench",
        client_secret: HEADERS["Client-Secret"],
        credits: { allowance: 100_000_000 },
        rate_limits: { reads_per_minute: 100_000_000, writes_per_minute: 100_000_000 },
      },
    ],
  };
  const server = await forkProxy(
    new URL("../test/reliability/fixtures/served-local-api.ts", import.meta.url),
    [JSON.stringify({ stateDir, accounts })],
  );
  const target = {
    url: server.url,
    headers: HEADERS,
    ...(server.pid !== undefined && existsSync(`/proc/${server.pid}/status`) ? { pid: server.pid } : {}),
    renderers: () => server.ask("renderers"),
  };
  const rows = [];
  try {
    const quiet = await runHostileMix(target, { durationMs: 5_000, loopsPerAttack: 0 });
    const attacked = await runHostileMix(target, { durationMs: SECONDS * 1000, loopsPerAttack: 2 });
    const calm = summarise(quiet.searchMs);
    const busy = summarise(attacked.searchMs);
    rows.push({
      figure: "search p99, no attack",
      value: calm.p99,
      unit: "ms",
      spread: `median ${calm.median.toFixed(1)} ms, ${calm.runs} searches`,
    });
    rows.push({
      figure: `search p99 during the attack (${SECONDS} s, 2 loops per hostile input)`,
      value: busy.p99,
      unit: "ms",
      spread: `median ${busy.median.toFixed(1)} ms, ${busy.runs} searches`,
      target: "< 200 ms",
      met: busy.p99 < 200,
    });
    if (attacked.peakRssBytes !== undefined) {
      rows.push({
        figure: "server peak RSS during the attack (threads and render processes)",
        value: attacked.peakRssBytes / GB,
        unit: "GB",
        target: "< 1 GB",
        met: attacked.peakRssBytes < GB,
      });
    }
    const answers = Object.entries(attacked.answers)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => `${key}: ${count}`)
      .join(", ");
    rows.push({
      figure: "answers during the attack",
      value: attacked.unexpected.length,
      unit: "unexpected",
      spread: answers,
      target: "0",
      met: attacked.unexpected.length === 0,
    });
    rows.push({
      figure: "small svg-to-png conversions answered 200 during the attack",
      value: attacked.ordinary.ok,
      unit: `of ${attacked.ordinary.total}`,
    });
    const alive = await fetch(`${server.url}/v3/search?query=heart`, { headers: HEADERS })
      .then((r) => r.status === 200)
      .catch(() => false);
    rows.push({
      figure: "server alive and answering after the attack",
      value: alive ? 1 : 0,
      unit: "",
      target: "1",
      met: alive,
    });
  } finally {
    await server.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
  return rows;
}
