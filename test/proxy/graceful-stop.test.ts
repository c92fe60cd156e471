// SIGTERM to the proxy's Node entry (as a container runtime or systemd sends it) while an upload is
// still arriving: the proxy takes no new connection, lets the request under way finish within its
// grace period (PROXY_SHUTDOWN_GRACE_S), then the local API behind it saves its state, and it exits
// 0. A request still unfinished when the grace period ends is cut, and the exit is still 0.
//
// No clock decides anything here: the upload is held half-sent by the test itself, and the signal is
// sent only once the server has taken the request (it answered "100 Continue").

import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encode, fileForm, SVG } from "../local-api/work-support";
import { PROXY_READY, type ServerChild, startServerChild } from "../support/server-child";

const root = mkdtempSync(join(tmpdir(), "graceful-stop-"));
const children: ServerChild[] = [];
afterAll(() => {
  for (const server of children) server.child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

async function startProxy(name: string, graceS: number): Promise<{ server: ServerChild; origin: string }> {
  const server = startServerChild(
    "src/server/serve-proxy.ts",
    {
      PROXY_OPEN_ACCESS: "loopback",
      LOCAL_API_STATE_DIR: join(root, name),
      PROXY_SHUTDOWN_GRACE_S: String(graceS),
    },
    PROXY_READY,
  );
  children.push(server);
  return { server, origin: await server.ready };
}

/** A conversion upload, its head sent and its body held in two halves until the test says. */
async function heldUpload(origin: string) {
  const form = new Response(fileForm(encode(SVG), "shape.svg"));
  const body = Buffer.from(await form.arrayBuffer());
  const request = httpRequest(`${origin}/v3/convert/svg-to-png`, {
    method: "POST",
    headers: {
      "content-type": form.headers.get("content-type")!,
      "transfer-encoding": "chunked",
      expect: "100-continue",
    },
  });
  const answered = new Promise<{ status: number; bytes: Buffer } | { error: string }>((resolve) => {
    request.on("response", (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
      response.on("error", (error) => resolve({ error: error.message }));
    });
    request.on("error", (error) => resolve({ error: error.message }));
  });
  // The server answers 100 Continue once it has the request's head: from then on it is under way.
  await new Promise<void>((resolve) => request.once("continue", () => resolve()));
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return { answered, finish: () => request.end(body.subarray(half)) };
}

const stopping = (server: ServerChild) => server.stderr().includes("proxy: stopping on SIGTERM");

describe("stopping the Node proxy on SIGTERM", () => {
  it("lets an upload under way finish and be answered, refuses new connections, and exits 0", async () => {
    const { server, origin } = await startProxy("finishes", 60);
    const upload = await heldUpload(origin);
    server.child.kill("SIGTERM");
    await expect.poll(() => stopping(server), { timeout: 15_000, interval: 20 }).toBe(true);
    expect(server.stderr()).toContain("requests under way: 1,");
    // Nothing new is taken while it drains.
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    upload.finish();
    const answer = await upload.answered;
    expect(answer).toMatchObject({ status: 200 });
    expect((answer as { bytes: Buffer }).bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain("proxy: stopped: 1 finished, 0 cut");
  });

  it("cuts an upload still unfinished when the grace period ends, and exits 0", async () => {
    const { server, origin } = await startProxy("cut", 1);
    const upload = await heldUpload(origin);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain("proxy: stopped: 0 finished, 1 cut");
    expect(await upload.answered).toHaveProperty("error");
  });
});
