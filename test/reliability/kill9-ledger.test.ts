// kill -9 at varied moments, many times over: `npm run local-api` runs in a child process on
// 127.0.0.1 with its own state folder, takes paid work (sync conversions, renders, AI tasks, each
// under an Idempotency-Key, plus repeats of earlier keys) and is killed with SIGKILL after a random
// delay, then started again on the same folder. After every kill the ledger and the work must agree:
// every charge belongs to a job or task shown as charged, no job or task is shown charged without
// its charge, every sync charge has its key, no key is charged twice, and nothing acknowledged is lost.

import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encode, lottie, png, SVG, smallCatalogue, worker } from "../local-api/work-support";
import { LOCAL_API_READY, startServerChild } from "../support/server-child";
import { type Acknowledged, checkAgreement, type Kind } from "./fixtures/ledger-agreement";

/** Kill-and-restart runs, split over two lanes (state folders) that run side by side. */
const RUNS = 30;
const LANES = 2;
/**
 * Most runs are killed at a random moment up to MAX_KILL_DELAY_MS after WARM_CHARGES charges (the
 * first of each kind of work is slow in a fresh process, so kills then land amid steady charges and
 * completions); a quarter are killed at a random moment from the start, amid the first requests.
 */
const MAX_KILL_DELAY_MS = 400;
const WARM_CHARGES = 6;
/** A run that has not warmed up within this is killed then. */
const WARM_CAP_MS = 5000;

const root = mkdtempSync(join(tmpdir(), "kill9-ledger-"));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

const catalogFile = smallCatalogue(4).path;
// One client per run, so each run's charges stay within the ledger's kept events per period.
const clients = Array.from({ length: RUNS }, (_, i) =>
  worker(`k9-${i}`, { credits: { allowance: 1_000_000, spend_ceiling: false } }),
);
const accountsFile = join(root, "accounts.json");
writeFileSync(accountsFile, JSON.stringify({ clients }));
const auth = (client: string) => ({ "Client-ID": client, "Client-Secret": `${client}-secret` });

/** A small seeded generator (mulberry32), so a failing run can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Starts the server on a port it picks itself (PORT=0), read from its ready line. */
async function startServer(stateDir: string) {
  const server = startServerChild(
    "src/local-api/serve.ts",
    { LOCAL_API_STATE_DIR: stateDir, LOCAL_API_ACCOUNTS: accountsFile, LOCAL_API_CATALOG: catalogFile },
    LOCAL_API_READY,
  );
  children.add(server.child);
  const url = await server.ready;
  return {
    url,
    async kill() {
      server.child.kill("SIGKILL");
      await server.exited;
      children.delete(server.child);
    },
  };
}

const SMALL_PNG = await png();

function formOf(kind: Kind): { path: string; form: FormData } {
  const form = new FormData();
  const [path, bytes, name] =
    kind === "sync"
      ? ["/v3/convert/svg-to-png", encode(SVG), "a.svg"]
      : kind === "job"
        ? ["/v3/convert/lottie-to-gif", lottie(), "a.json"]
        : ["/v3/ai/vectorize", new Uint8Array(SMALL_PNG), "a.png"];
  form.append("file", new Blob([bytes]), name);
  if (kind === "job") {
    // Small frames: renders finish within the kill window, so kills land around their charges.
    form.append("width", "32");
    form.append("height", "32");
  }
  return { path, form };
}

/** Sends one keyed request; the acknowledgement when the server answered it as new work. */
async function submit(
  url: string,
  client: string,
  key: string,
  kind: Kind,
): Promise<Acknowledged | undefined> {
  const { path, form } = formOf(kind);
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { ...auth(client), "Idempotency-Key": key },
    body: form,
  });
  if (response.status === 200 && kind === "sync") return { client, key, kind };
  if (response.status !== 202) return undefined;
  const body = (await response.json()) as {
    response: { job?: { uuid: string }; tasks?: { task_id: string }[] };
  };
  return kind === "job"
    ? { client, key, kind, job: body.response.job!.uuid }
    : { client, key, kind, tasks: body.response.tasks!.map((task) => task.task_id) };
}

/** Polls a job or task until it finishes; true when it completed (and so was charged). */
async function finished(url: string, ack: Acknowledged): Promise<boolean> {
  const path = ack.job ? `/v3/convert/jobs/${ack.job}` : `/v3/ai/tasks/${ack.tasks![0]}`;
  for (;;) {
    const body = (await (await fetch(`${url}${path}`, { headers: auth(ack.client) })).json()) as {
      response: { job?: { status: string }; task?: { status: string } };
    };
    const status = body.response.job?.status ?? body.response.task?.status;
    if (status === "completed" || status === "COMPLETED") return true;
    if (status === "failed" || status === "FAILED") return false;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** Repeats an acknowledged key: anything but the original answer means it was charged again. */
async function repeat(url: string, ack: Acknowledged): Promise<string | undefined> {
  const { path, form } = formOf(ack.kind);
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { ...auth(ack.client), "Idempotency-Key": ack.key },
    body: form,
  });
  const body = (await response.json()) as { response?: { job?: { uuid: string } } };
  // New work under an old key: a sync 200, a 202 naming another job, or AI tasks dispatched again.
  const again =
    (ack.kind === "sync" && response.status === 200) ||
    (ack.kind === "job" && response.status === 202 && body.response?.job?.uuid !== ack.job) ||
    (ack.kind === "ai" && response.status === 202);
  return again ? `key ${ack.key} (${ack.kind}) repeated after a restart was run again` : undefined;
}

/** One lane: its own state folder, killed and restarted `runs.length` times. */
async function lane(lane: number, runs: number[]) {
  const stateDir = join(root, `lane-${lane}`);
  const acknowledged: Acknowledged[] = [];
  const mismatches: string[] = [];
  let last = { charges: 0, interrupted: 0 };
  for (const run of runs) {
    const draw = random(20_261_123 + run);
    const client = `k9-${run}`;
    const server = await startServer(stateDir);
    const sent: Array<Promise<unknown>> = [];
    let stopped = false;
    // Repeats of keys acknowledged before earlier kills: never charged again.
    for (const ack of acknowledged.slice(-3)) {
      sent.push(
        repeat(server.url, ack).then(
          (problem) => problem && mismatches.push(problem),
          () => {},
        ),
      );
    }
    // New work, four streams until the kill; each waits for its job or task to finish before the
    // next, so work completes (and is charged) all along instead of piling up in the queue.
    let count = 0;
    let charged = 0;
    const stream = async () => {
      while (!stopped) {
        const kind = (["sync", "job", "ai"] as const)[Math.floor(draw() * 3)]!;
        const key = `kill9-${lane}-${run}-${count++}-${kind}`.padEnd(16, "0");
        const ack = await submit(server.url, client, key, kind).catch(() => undefined);
        if (!ack) continue;
        acknowledged.push(ack);
        if (kind === "sync" || (await finished(server.url, ack).catch(() => false))) charged += 1;
      }
    };
    for (let i = 0; i < 4; i++) sent.push(stream());
    const early = draw() < 1 / 4;
    for (let waited = 0; !early && charged < WARM_CHARGES && waited < WARM_CAP_MS; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.floor(draw() * MAX_KILL_DELAY_MS * (early ? 2 : 1))),
    );
    await server.kill();
    stopped = true;
    await Promise.allSettled(sent);
    const { found, ...tally } = await checkAgreement(
      { stateDir, accounts: { clients }, catalogFile },
      acknowledged,
    );
    mismatches.push(...found);
    last = tally;
  }
  return { runs: runs.length, mismatches, ...last };
}

describe("kill -9 and the ledger", () => {
  it(`${RUNS} kills at random moments leave the ledger and the work in agreement`, async () => {
    const lanes = await Promise.all(
      Array.from({ length: LANES }, (_, l) =>
        lane(
          l,
          Array.from({ length: RUNS }, (_, run) => run).filter((run) => run % LANES === l),
        ),
      ),
    );
    const runs = lanes.reduce((total, result) => total + result.runs, 0);
    // The state carries over from run to run, so a disagreement found once is found again later.
    const mismatches = [...new Set(lanes.flatMap((result) => result.mismatches))];
    const charges = lanes.reduce((total, result) => total + result.charges, 0);
    const cut = lanes.reduce((total, result) => total + result.interrupted, 0);
    console.log(
      `kill -9 loop: ${runs} runs, ${mismatches.length} mismatches (${charges} charges on disk, ${cut} jobs and tasks cut short by a kill)`,
    );
    expect(mismatches).toEqual([]);
    expect(runs).toBe(RUNS);
  }, 180_000);
});
