// The container's command, run as the image runs it: the Dockerfile's CMD on a freshly built
// dist/server/proxy.mjs, in a folder outside the repository (no node_modules to lean on), in front
// of a service on 127.0.0.1. Its HEALTHCHECK command is run too, and SIGTERM ends it with 0.

import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the build, without declarations
import { buildServer, SERVER_COMMAND } from "../../scripts/build-server.mjs";
import {
  auth,
  CLIENT_ID,
  CLIENT_SECRET,
  type LocalApiServer,
  startLocalApi,
  TEAM_TOKEN,
} from "../proxy/support";

const ROOT = join(import.meta.dirname, "../..");
const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");

/** The JSON-array form of an instruction of the Dockerfile's last stage (CMD, HEALTHCHECK ... CMD). */
function execForm(instruction: RegExp): string[] {
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  const match = instruction.exec(lastStage);
  if (!match?.[1]) throw new Error(`The Dockerfile's last stage has no ${instruction}`);
  return JSON.parse(match[1]) as string[];
}

const folder = mkdtempSync(join(tmpdir(), "assetport-server-"));
let service: LocalApiServer;
let proxy: ChildProcess;
let origin: string;
let stderr = "";

beforeAll(async () => {
  service = await startLocalApi();
  await buildServer(join(folder, "dist/server/proxy.mjs"));
  const [command, ...args] = execForm(/^CMD (\[.*\])$/m);
  proxy = spawn(command!, args, {
    cwd: folder,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      UPSTREAM_URL: service.url,
      CLIENT_ID,
      CLIENT_SECRET,
      PROXY_TOKENS: `design-team:${TEAM_TOKEN}`,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  origin = await new Promise<string>((resolve, reject) => {
    proxy.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)?.[1];
      if (url && stderr.includes("upstream: ")) resolve(url);
    });
    proxy.on("exit", (code) => reject(new Error(`the bundle exited (${code}) at start: ${stderr}`)));
  });
});
afterAll(async () => {
  proxy?.kill("SIGKILL");
  await service?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the container's command", () => {
  it("is the bundle the build writes, run by Node alone as a non-root user", () => {
    expect(execForm(/^CMD (\[.*\])$/m)).toEqual(SERVER_COMMAND);
    expect(dockerfile).toMatch(/^FROM node:20\S* AS build$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it("serves the service through its routes, with the secret only on its side", async () => {
    const search = await fetch(`${origin}/v3/search?query=home&per_page=1`, { headers: auth() });
    expect(search.status).toBe(200);
    expect(await search.text()).not.toContain(CLIENT_SECRET);
    expect((await fetch(`${origin}/v3/search?query=home`)).status).toBe(401);
  });

  it("passes its own health check", async () => {
    const [command, ...args] = execForm(/^HEALTHCHECK .*?CMD (\[.*\])$/m);
    const port = new URL(origin).port;
    await expect(
      promisify(execFile)(command!, args, { env: { PATH: process.env.PATH, PORT: port } }),
    ).resolves.toBeDefined();
  });

  it("stops on SIGTERM with exit 0", async () => {
    const exited = new Promise<number | null>((resolve) => proxy.on("exit", resolve));
    proxy.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stderr).toContain("proxy: stopped: 0 finished, 0 cut");
  });
});
