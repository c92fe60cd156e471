// SIGTERM while the reverse index warms up: `npm run local-api` and the proxy's Node entry (the second
// half of `npm start`) stop the warm-up instead of waiting for it (its descriptor cache is never
// written), save their state, and exit 0.

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encode, headersOf, SVG, worker } from "./work-support";

const root = mkdtempSync(join(tmpdir(), "shutdown-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});
const accountsFile = join(root, "accounts.json");
writeFileSync(accountsFile, JSON.stringify({ clients: [worker("conv")] }));

/** Starts an entry on the packaged catalogue (thousands of icons: the warm-up takes seconds). */
async function start(entry: string, stateDir: string, ready: RegExp, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: {
      ...process.env,
      PORT: "0",
      LOCAL_API_STATE_DIR: stateDir,
      LOCAL_API_ACCOUNTS: accountsFile,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve();
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    void exited.then((code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  return { child, exited, output: () => output };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const cacheOf = (stateDir: string) => join(stateDir, "similarity-descriptors.bin");

describe("SIGTERM during the index warm-up", () => {
  it("npm run local-api stops the warm-up, keeps the work it answered for, and exits 0", async () => {
    const stateDir = join(root, "local");
    const port = await freePort();
    const server = await start("src/local-api/serve.ts", stateDir, /catalogue: .*\n/, { PORT: String(port) });
    const form = new FormData();
    form.append("file", new Blob([encode(SVG)]), "a.svg");
    const response = await fetch(`http://127.0.0.1:${port}/v3/convert/svg-to-png`, {
      method: "POST",
      headers: headersOf("conv"),
      body: form,
    });
    expect(response.status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(cacheOf(stateDir))).toBe(false);
    // The charge it answered for is in the snapshot it wrote on the way out.
    const snapshot = JSON.parse(readFileSync(join(stateDir, "work.snapshot.json"), "utf8"));
    const periods = Object.values(snapshot.document.ledger.accounts.conv) as Array<{ used: number }>;
    expect(periods.map((period) => period.used)).toEqual([1]);
  });

  it("the proxy's Node entry stops the embedded local API's warm-up and exits 0", async () => {
    const stateDir = join(root, "proxy");
    const proxy = await start("src/proxy/node.ts", stateDir, /upstream: .*\n/, {
      PROXY_TOKENS: "team:shutdown-test-token-0123456789",
    });
    proxy.child.kill("SIGTERM");
    expect(await proxy.exited).toBe(0);
    expect(existsSync(cacheOf(stateDir))).toBe(false);
    expect(existsSync(join(stateDir, "work.snapshot.json"))).toBe(true);
  });
});
