// The local API as an operator runs it (`npm run local-api`, which `npm start`'s proxy embeds the
// same way): a child process on a free port with a fresh state folder, timed from spawn to its first
// answered search, with the resident memory of its whole process tree (render processes included).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

export const DEMO = { "Client-ID": "local-demo", "Client-Secret": "local-demo-secret" };
const MB = 1024 * 1024;

/** Resident memory (MB) of `pid` alone and of it with every descendant, from /proc. */
export function treeRss(pid) {
  const rssOf = (id) => {
    try {
      const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, "utf8"));
      return line ? (Number(line[1]) * 1024) / MB : 0;
    } catch {
      return 0;
    }
  };
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 2nd field after the command, which may itself hold spaces and brackets.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  return { own: rssOf(pid), tree: tree.reduce((sum, id) => sum + rssOf(id), 0), processes: tree.length };
}

/**
 * CPU time (user + system, all threads) `pid` has used, in ms: on a machine shared with other work
 * the wall time to start stretches with the load; this does much less.
 */
export function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime, the 14th and 15th fields of the line, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Starts `src/local-api/serve.ts` of the checkout at `cwd`; resolves once a search has been answered,
 * with the milliseconds from spawn to that answer and the start line's own "ready in" figure.
 */
export async function startLocalApi(cwd) {
  const stateDir = mkdtempSync(join(tmpdir(), "bench-local-api-"));
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "src/local-api/serve.ts"], {
    cwd,
    env: { ...process.env, PORT: "0", LOCAL_API_STATE_DIR: stateDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout });
  let url;
  let readyInMs;
  for await (const line of lines) {
    url ??= /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
    const ready = /ready in (\d+) ms/.exec(line);
    if (ready) {
      readyInMs = Number(ready[1]);
      break;
    }
  }
  if (!url) throw new Error(`the local API did not start: ${stderr.slice(0, 500)}`);
  const answer = await fetch(`${url}/v3/search?query=heart&per_page=1`, { headers: DEMO });
  if (answer.status !== 200) throw new Error(`first search answered ${answer.status}`);
  await answer.arrayBuffer();
  const firstAnswerMs = performance.now() - started;
  return {
    url,
    pid: child.pid,
    firstAnswerMs,
    cpuMs: cpuMsOf(child.pid),
    readyInMs,
    async stop() {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
