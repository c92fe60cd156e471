// `npm run local-api` as an operator runs it: a child process on 127.0.0.1:$PORT.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MALFORMED_HEADS, rawRequest, readRawAnswer } from "../support/raw-http";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "local-api-serve-"));
let child: ChildProcess | undefined;
afterAll(async () => {
  // Wait for it to exit: on the way out it writes its state into the folder about to be removed.
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run local-api", () => {
  it("serves on 127.0.0.1:$PORT, prints the URL, the account (never its secret) and the catalogue size, and answers malformed HTTP in the envelope", async () => {
    const port = await freePort();
    const accounts = join(dir, "accounts.json");
    writeFileSync(
      accounts,
      JSON.stringify({ clients: [{ client_id: "studio", client_secret: "very-secret-value" }] }),
    );
    child = spawn(process.execPath, ["--import", "tsx", "src/local-api/serve.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        LOCAL_API_ACCOUNTS: accounts,
        LOCAL_API_STATE_DIR: join(dir, "state"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (/catalogue: .*\n/.test(output)) resolve();
      });
      child!.stderr!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      child!.on("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    expect(output).toContain(`local API listening on http://127.0.0.1:${port}`);
    expect(output).toMatch(/accounts: studio \(plan local\)/);
    expect(output).toMatch(
      /catalogue: \d{5} assets \(icon \d{5}, illustration \d{4}, 3d \d{4}, lottie \d{2}, ai-image 0\)/,
    );
    expect(output).not.toContain("very-secret-value");
    const response = await fetch(`http://127.0.0.1:${port}/v3/search?query=star&per_page=1`, {
      headers: { "Client-ID": "studio" },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { response: { items: { data: { urls: { svg: string } }[] } } };
    expect(body.response.items.data[0]!.urls.svg.startsWith(`http://127.0.0.1:${port}/previews/`)).toBe(true);

    // What Node's parser refuses before the app sees it is answered in the envelope too, and the
    // server stays in service.
    for (const head of MALFORMED_HEADS) {
      const { status, enveloped } = readRawAnswer(await rawRequest(`http://127.0.0.1:${port}`, head));
      const what = JSON.stringify(head.slice(0, 80));
      expect(enveloped, what).toBe(true);
      expect(status, what).toBeGreaterThanOrEqual(400);
      expect(status, what).toBeLessThan(500);
    }
    const after = await fetch(`http://127.0.0.1:${port}/v3/search?query=star&per_page=1`, {
      headers: { "Client-ID": "studio" },
    });
    expect(after.status).toBe(200);
  });

  it("stops with a clear message, and no stack trace, on a malformed accounts file", async () => {
    const accounts = join(dir, "bad-accounts.json");
    writeFileSync(accounts, JSON.stringify({ clients: [{ client_id: "x" }] }));
    const bad = spawn(process.execPath, ["--import", "tsx", "src/local-api/serve.ts"], {
      env: {
        ...process.env,
        PORT: String(await freePort()),
        LOCAL_API_ACCOUNTS: accounts,
        LOCAL_API_STATE_DIR: join(dir, "s2"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    bad.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    bad.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => bad.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/local API did not start: Accounts .* are malformed/);
    expect(output).toContain("client_secret");
    expect(output).not.toMatch(/\n\s+at /);
  });
});
