// One server per state folder: a second one (in this process or another) refuses to start with one
// line naming the folder, and the first keeps its record; a lock left by a server killed with
// SIGKILL does not block the next start.

import { type ChildProcess, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalApi } from "../../src/local-api/app";
import { LOCK_FILE, StateLockError } from "../../src/local-api/state/state-lock";
import { LOCAL_API_READY, startServerChild } from "../support/server-child";
import {
  encode,
  fileForm,
  headersOf,
  SVG,
  smallCatalogue,
  usedCreditsInProcess,
  worker,
} from "./work-support";

const root = mkdtempSync(join(tmpdir(), "state-lock-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});
const catalogFile = smallCatalogue(4).path;
const accounts = { clients: [worker("conv")] };
const accountsFile = join(root, "accounts.json");
writeFileSync(accountsFile, JSON.stringify(accounts));

function startServer(stateDir: string) {
  const server = startServerChild(
    "src/local-api/serve.ts",
    { LOCAL_API_STATE_DIR: stateDir, LOCAL_API_ACCOUNTS: accountsFile, LOCAL_API_CATALOG: catalogFile },
    LOCAL_API_READY,
  );
  children.push(server.child);
  return server;
}

async function convert(url: string, key: string): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([encode(SVG)]), "a.svg");
  const response = await fetch(`${url}/v3/convert/svg-to-png`, {
    method: "POST",
    headers: { ...headersOf("conv"), "Idempotency-Key": key },
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}

describe("the state folder's lock", () => {
  it("a second instance in this process is refused until the first closes", async () => {
    const stateDir = join(root, "in-process");
    const first = createLocalApi({ stateDir, accounts, catalogFile });
    let refusal: unknown;
    try {
      createLocalApi({ stateDir, accounts, catalogFile }).close();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(StateLockError);
    expect((refusal as Error).message).toContain(stateDir);
    // The first still records its work.
    const response = await first.fetch(
      new Request("http://127.0.0.1/v3/convert/svg-to-png", {
        method: "POST",
        headers: { ...headersOf("conv"), "Idempotency-Key": "state-lock-key-00001" },
        body: fileForm(encode(SVG), "a.svg"),
      }),
    );
    expect(response.status).toBe(200);
    await first.close();
    expect(existsSync(join(stateDir, LOCK_FILE))).toBe(false);
    const second = createLocalApi({ stateDir, accounts, catalogFile });
    expect(await usedCreditsInProcess(second, "conv")).toBe(1); // the first one's charge was kept
    await second.close();
  });

  it("a second server process on the same folder refuses with one line naming it; the first is unharmed", async () => {
    const stateDir = join(root, "two-processes");
    const first = startServer(stateDir);
    const url = await first.ready;
    const second = startServer(stateDir);
    expect(await second.exited).toBe(1);
    const lines = second.stderr().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(stateDir);
    expect(lines[0]).toContain("in use by another running server");
    expect(await convert(url, "state-lock-key-00002")).toBe(200);
    first.child.kill("SIGKILL");
    await first.exited;
    // The lock the killed server left names a dead process: the next start takes it over.
    const third = startServer(stateDir);
    const thirdUrl = await third.ready;
    expect(await convert(thirdUrl, "state-lock-key-00002")).toBe(409); // its key survived
    third.child.kill("SIGTERM");
    expect(await third.exited).toBe(0);
    expect(existsSync(join(stateDir, LOCK_FILE))).toBe(false);
  });

  it("a lock naming a process that no longer runs, or naming none, does not block a start", async () => {
    const deadPid = spawnSync(process.execPath, ["-e", "0"]).pid!;
    for (const content of [`${deadPid}\n`, ""]) {
      const stateDir = join(root, `stale-${content.length}`);
      mkdirSync(stateDir, { recursive: true });
      writeFileSync(join(stateDir, LOCK_FILE), content);
      const api = createLocalApi({ stateDir, accounts, catalogFile });
      await api.close();
      expect(existsSync(join(stateDir, LOCK_FILE))).toBe(false);
    }
  });
});
