// SIGTERM while the reverse index warms up: `npm run local-api` and the proxy's Node entry (the second
// half of `npm start`) stop the warm-up instead of waiting for it (its descriptor cache is never
// written), save their state, and exit 0.
//
// The warm-up is held at an explicit gate, not raced: the catalogue's first icon is read from a named
// pipe. The test knows the warm-up has reached it when the pipe has a reader, sends SIGTERM, and
// opens the gate only once the server has closed its state (its lock file is gone), so the warm-up is
// still running when the signal lands, on any machine.

import { type ChildProcess, execFileSync } from "node:child_process";
import {
  closeSync,
  constants,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { LOCK_FILE } from "../../src/local-api/state/state-lock";
import { LOCAL_API_READY, PROXY_READY, startServerChild } from "../support/server-child";
import { encode, headersOf, SVG, smallCatalogue, worker } from "./work-support";

const root = mkdtempSync(join(tmpdir(), "shutdown-"));
const children: ChildProcess[] = [];
const gates: number[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const fd of gates.splice(0)) closeSync(fd);
  rmSync(root, { recursive: true, force: true });
});
const accountsFile = join(root, "accounts.json");
writeFileSync(accountsFile, JSON.stringify({ clients: [worker("conv")] }));

/** A catalogue whose first icon is read from a named pipe: the warm-up waits there until it closes. */
function gatedCatalogue(name: string): { catalogFile: string; pipe: string } {
  const pipe = join(root, `${name}.gate`);
  execFileSync("mkfifo", [pipe]);
  const lines = readFileSync(smallCatalogue(3).path, "utf8").split("\n");
  const gate = { name: "gate", type: "icon", svg_file: pipe, contributor: "testset", categories: ["even"] };
  lines.splice(1, 0, JSON.stringify({ ...gate, price: "free" }));
  const catalogFile = join(root, `${name}.jsonl`);
  writeFileSync(catalogFile, lines.join("\n"));
  return { catalogFile, pipe };
}

/** Resolves once the warm-up has opened the pipe; returns the write end that holds it shut. */
async function warmUpAtGate(pipe: string): Promise<number> {
  for (;;) {
    try {
      // Non-blocking: ENXIO until the server opens the pipe to read it.
      const fd = openSync(pipe, constants.O_WRONLY | constants.O_NONBLOCK);
      gates.push(fd);
      return fd;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENXIO") throw error;
      await sleep(10);
    }
  }
}

/** Waits for the server to close its state (it removes its lock then), then lets the warm-up go on. */
async function openGateAfterClose(stateDir: string, gate: number): Promise<void> {
  while (existsSync(join(stateDir, LOCK_FILE))) await sleep(10);
  gates.splice(gates.indexOf(gate), 1);
  closeSync(gate);
}

async function start(entry: string, stateDir: string, ready: RegExp, env: Record<string, string>) {
  const server = startServerChild(
    entry,
    { LOCAL_API_STATE_DIR: stateDir, LOCAL_API_ACCOUNTS: accountsFile, ...env },
    ready,
  );
  children.push(server.child);
  return { ...server, url: await server.ready };
}

const cacheOf = (stateDir: string) => join(stateDir, "similarity-descriptors.bin");

describe("SIGTERM during the index warm-up", () => {
  it("npm run local-api stops the warm-up, keeps the work it answered for, and exits 0", async () => {
    const stateDir = join(root, "local");
    const { catalogFile, pipe } = gatedCatalogue("local");
    const server = await start("src/local-api/serve.ts", stateDir, LOCAL_API_READY, {
      LOCAL_API_CATALOG: catalogFile,
    });
    const gate = await warmUpAtGate(pipe);
    const form = new FormData();
    form.append("file", new Blob([encode(SVG)]), "a.svg");
    const response = await fetch(`${server.url}/v3/convert/svg-to-png`, {
      method: "POST",
      headers: headersOf("conv"),
      body: form,
    });
    expect(response.status).toBe(200);
    server.child.kill("SIGTERM");
    await openGateAfterClose(stateDir, gate);
    expect(await server.exited).toBe(0);
    expect(existsSync(cacheOf(stateDir))).toBe(false);
    // The charge it answered for is in the snapshot it wrote on the way out.
    const snapshot = JSON.parse(readFileSync(join(stateDir, "work.snapshot.json"), "utf8"));
    const periods = Object.values(snapshot.document.ledger.accounts.conv) as Array<{ used: number }>;
    expect(periods.map((period) => period.used)).toEqual([1]);
  });

  it("the proxy's Node entry stops the embedded local API's warm-up and exits 0", async () => {
    const stateDir = join(root, "proxy");
    const { catalogFile, pipe } = gatedCatalogue("proxy");
    const proxy = await start("src/server/serve-proxy.ts", stateDir, PROXY_READY, {
      PROXY_TOKENS: "team:shutdown-test-token-0123456789",
      LOCAL_API_CATALOG: catalogFile,
    });
    const gate = await warmUpAtGate(pipe);
    proxy.child.kill("SIGTERM");
    await openGateAfterClose(stateDir, gate);
    expect(await proxy.exited).toBe(0);
    expect(existsSync(cacheOf(stateDir))).toBe(false);
    expect(existsSync(join(stateDir, "work.snapshot.json"))).toBe(true);
  });
});
