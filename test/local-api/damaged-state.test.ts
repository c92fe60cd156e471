// A damaged state file is never replaced by an empty one: the start is refused with one line naming
// the file and what to do, and the file is left as it was (the evidence). A missing file is a first
// start. State from the older separate files (credits.json, work.json) is imported once.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalApi } from "../../src/local-api/app";
import { StateFileError } from "../../src/local-api/state/state-file-error";
import { json, startLocalApi } from "./support";
import { encode, fileForm, headersOf, postForm, SVG, smallCatalogue, worker } from "./work-support";

const root = mkdtempSync(join(tmpdir(), "damaged-state-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const catalogFile = smallCatalogue(4).path;
const accounts = { clients: [worker("conv")] };
let count = 0;

/** A state folder a clean run left behind: one sync conversion charged under a key. */
async function usedStateDir(): Promise<string> {
  const stateDir = join(root, `state-${++count}`);
  const api = await startLocalApi({ stateDir, accounts, catalogFile });
  const response = await postForm(api, "/v3/convert/svg-to-png", fileForm(encode(SVG), "a.svg"), {
    ...headersOf("conv"),
    "Idempotency-Key": "damaged-state-key-0001",
  });
  expect(response.status).toBe(200);
  await api.close();
  return stateDir;
}

const truncate = (path: string) => writeFileSync(path, readFileSync(path).subarray(0, 9));

describe("a damaged state file", () => {
  const cases: Array<[string, (dir: string) => string]> = [
    [
      "a truncated snapshot",
      (dir) => {
        truncate(join(dir, "work.snapshot.json"));
        return "work.snapshot.json";
      },
    ],
    [
      "a journal with a bad line before good ones",
      (dir) => {
        const seq = JSON.parse(readFileSync(join(dir, "work.snapshot.json"), "utf8")).seq;
        writeFileSync(
          join(dir, "work.journal"),
          `{"seq":${seq + 1},"ops":[{"op":"k\n{"seq":${seq + 2},"ops":[]}\n`,
        );
        return "work.journal";
      },
    ],
    [
      "a truncated rate-limits.json",
      (dir) => {
        writeFileSync(join(dir, "rate-limits.json"), '{"conv\\nconverter');
        return "rate-limits.json";
      },
    ],
    [
      "a damaged signing key",
      (dir) => {
        writeFileSync(join(dir, "signing-key.json"), '{"key":"short"}');
        return "signing-key.json";
      },
    ],
    [
      "an empty credits.json from before the journal",
      (dir) => {
        rmSync(join(dir, "work.snapshot.json"));
        writeFileSync(join(dir, "credits.json"), "");
        return "credits.json";
      },
    ],
    [
      "a truncated work.json from before the journal",
      (dir) => {
        rmSync(join(dir, "work.snapshot.json"));
        writeFileSync(join(dir, "work.json"), '{"version":1,"keys":[["conv\\nk",');
        return "work.json";
      },
    ],
  ];

  for (const [what, damage] of cases) {
    it(`${what}: the start is refused, naming the file, and the file is kept as it was`, async () => {
      const stateDir = await usedStateDir();
      const name = damage(stateDir);
      const before = readFileSync(join(stateDir, name));
      let refusal: unknown;
      try {
        createLocalApi({ stateDir, accounts, catalogFile });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(StateFileError);
      const message = (refusal as Error).message;
      expect(message).toContain(join(stateDir, name));
      expect(message).toMatch(/is damaged .* move it aside/);
      expect(message).not.toContain("\n");
      expect(readFileSync(join(stateDir, name)).equals(before)).toBe(true);
    });
  }

  it("older credits.json and work.json are imported once: usage and keys carry over", async () => {
    const stateDir = join(root, "legacy");
    mkdirSync(stateDir, { recursive: true });
    const period = { used: 7, events: [{ at: "2026-03-01T00:00:00.000Z", kind: "conversion", credits: 7 }] };
    writeFileSync(
      join(stateDir, "credits.json"),
      JSON.stringify({ version: 1, accounts: { conv: { "2026-02-15": period } } }),
    );
    const key = "legacy-import-key-0001";
    writeFileSync(
      join(stateDir, "work.json"),
      JSON.stringify({
        version: 1,
        keys: [
          [
            `conv\n${key}`,
            { at: Date.UTC(2026, 2, 10, 11), run: { family: "conversion", state: "completed_sync" } },
          ],
        ],
        jobs: [],
        tasks: [],
      }),
    );
    const api = await startLocalApi({ stateDir, accounts, catalogFile });
    try {
      expect(existsSync(join(stateDir, "credits.json"))).toBe(false);
      expect(existsSync(join(stateDir, "work.json"))).toBe(false);
      expect((await json(await api.get("/v3/credits", headersOf("conv")))).response.credits.used).toBe(7);
      const repeat = await postForm(api, "/v3/convert/svg-to-png", fileForm(encode(SVG), "a.svg"), {
        ...headersOf("conv"),
        "Idempotency-Key": key,
      });
      expect([repeat.status, (await json(repeat)).data.reason]).toEqual([
        409,
        "idempotency_already_completed",
      ]);
    } finally {
      await api.close();
    }
  });
});

/** Runs an entry point to its exit; returns its code and everything it printed. */
function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

describe("the servers on a damaged state file", () => {
  it("npm run local-api and the proxy's Node entry (npm start) stop with one line and no stack trace", async () => {
    const stateDir = await usedStateDir();
    truncate(join(stateDir, "work.snapshot.json"));
    const env = { PORT: "0", LOCAL_API_STATE_DIR: stateDir, LOCAL_API_CATALOG: catalogFile };
    const local = await run("src/local-api/serve.ts", env);
    expect(local.code).toBe(1);
    expect(local.output).toMatch(/^local API did not start: state file .*work\.snapshot\.json is damaged/);
    expect(local.output.trim().split("\n")).toHaveLength(1);
    const proxy = await run("src/server/serve-proxy.ts", {
      ...env,
      PROXY_TOKENS: "team:state-test-token-0123456789",
    });
    expect(proxy.code).toBe(1);
    expect(proxy.output).toMatch(/proxy: not started: state file .*work\.snapshot\.json is damaged/);
    expect(proxy.output).not.toMatch(/\n\s+at /);
  });
});
