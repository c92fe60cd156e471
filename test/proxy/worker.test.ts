// The Workers build, run under workerd (miniflare), over real HTTP in front of the local API: a
// search and a conversion (bytes equal to the direct answer); the bundle holds no local API and no
// demo secret.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without types
import { buildWorker } from "../../scripts/build-worker.mjs";
import { serveOnLoopback } from "../support/loopback";
import {
  auth,
  CLIENT_ID,
  CLIENT_SECRET,
  type LocalApiServer,
  OTHER_TOKEN,
  SIGNING_KEY,
  scopedId,
  serviceId,
  startLocalApi,
  TEAM_TOKEN,
} from "./support";

let api: LocalApiServer;
let mf: Miniflare;
let workerUrl: string;
let bundle: string;
const outDir = mkdtempSync(join(tmpdir(), "proxy-worker-"));

const bindings = (upstreamUrl: string, more: Record<string, string> = {}) => ({
  UPSTREAM_URL: upstreamUrl,
  CLIENT_ID,
  CLIENT_SECRET,
  PROXY_TOKENS: `design-team:${TEAM_TOKEN},marketing:${OTHER_TOKEN}`,
  PROXY_SIGNING_KEY: SIGNING_KEY,
  ...more,
});

/**
 * The bundle as two Workers ("a" and "b"): two instances of the handler, each its own isolate with its
 * own globals, as two locations would run it, sharing the Durable Object namespace "a" defines (the
 * one wrangler.toml binds as BUDGETS).
 */
async function startWorker(
  upstreamUrl: string,
  more: Record<string, string> = {},
): Promise<{ mf: Miniflare; url: string }> {
  const worker = (name: string) => ({
    name,
    modules: true,
    scriptPath: join(outDir, "proxy.js"),
    modulesRoot: outDir,
    compatibilityDate: "2024-09-23",
    bindings: bindings(upstreamUrl, more),
    durableObjects: { BUDGETS: name === "a" ? "ProxyBudget" : { className: "ProxyBudget", scriptName: "a" } },
  });
  const instance = new Miniflare({ workers: [worker("a"), worker("b")] });
  const url = (await instance.ready).toString().replace(/\/$/, "");
  return { mf: instance, url };
}

beforeAll(async () => {
  const built = (await buildWorker(join(outDir, "proxy.js"))) as { inputs: string[] };
  bundle = readFileSync(join(outDir, "proxy.js"), "utf8");
  expect(built.inputs.some((input) => input.startsWith("src/proxy/"))).toBe(true);
  api = await startLocalApi();
  ({ mf, url: workerUrl } = await startWorker(api.url));
}, 120_000);

afterAll(async () => {
  await mf?.dispose();
  await api?.close();
  rmSync(outDir, { recursive: true, force: true });
});

describe("the Workers build under workerd", () => {
  it("bundles neither the local API nor its demo secret", () => {
    expect(bundle).not.toContain("local-demo-secret");
    expect(bundle).not.toContain("src/local-api");
  });

  it("passes a search through to the local API", async () => {
    const refused = await fetch(`${workerUrl}/v3/search?query=star`);
    expect(refused.status).toBe(401);
    const response = await fetch(`${workerUrl}/v3/search?query=star&per_page=3`, {
      headers: { ...auth(), origin: "null" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("null");
    const body = (await response.json()) as {
      response: { items: { data: { urls: Record<string, string> }[] } };
    };
    expect(body.response.items.data).toHaveLength(3);
    const text = JSON.stringify(body) + JSON.stringify([...response.headers]);
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toContain(SIGNING_KEY);
    // The grant is made with WebCrypto on workerd too, and its links served there without a token.
    const url = Object.values(body.response.items.data[0]!.urls)[0]!;
    const grant = await fetch(`${workerUrl}/relay/grant`, { headers: auth() });
    const { link } = ((await grant.json()) as { response: { link: string } }).response;
    expect(link.startsWith(`${workerUrl}/relay/g?`)).toBe(true);
    const preview = await fetch(link + encodeURIComponent(url));
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toMatch(/^public, max-age=\d+, immutable$/);
    expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("refuses an inside address in a url field there too", async () => {
    const response = await fetch(`${workerUrl}/v3/reverse-image-search`, {
      method: "POST",
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ url: "http://[::ffff:169.254.169.254]/latest/" }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { data: { reason: string } }).data.reason).toBe("invalid_request");
  });

  it("passes a conversion through with its bytes unchanged", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="4" y="4" width="16" height="16" fill="#16a34a"/></svg>`;
    const upload = () => {
      const form = new FormData();
      form.set("file", new Blob([svg], { type: "image/svg+xml" }), "a.svg");
      return form;
    };
    const response = await fetch(`${workerUrl}/v3/convert/svg-to-png`, {
      method: "POST",
      headers: auth(),
      body: upload(),
    });
    const direct = await fetch(`${api.url}/v3/convert/svg-to-png`, {
      method: "POST",
      headers: { "client-id": CLIENT_ID, "client-secret": CLIENT_SECRET },
      body: upload(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-credits-consumed")).toBe(direct.headers.get("x-credits-consumed"));
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(
      true,
    );
  });

  it("keeps a team's task and its result its own there too, with the ids Node would give", async () => {
    const png = await sharp({ create: { width: 24, height: 24, channels: 4, background: "#9333ea" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("file", new Blob([png], { type: "image/png" }), "a.png");
    const submitted = await fetch(`${workerUrl}/v3/ai/vectorize`, {
      method: "POST",
      headers: auth(),
      body: form,
    });
    expect(submitted.status).toBe(202);
    const taskId = ((await submitted.json()) as { response: { tasks: { task_id: string }[] } }).response
      .tasks[0]!.task_id;
    expect(taskId).toBe(await scopedId("task", serviceId(taskId)));
    let task: { status: string; result?: { url: string } } = { status: "PENDING" };
    for (let attempt = 0; attempt < 120 && !/^(COMPLETED|FAILED)$/.test(task.status); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      const polled = await fetch(`${workerUrl}/v3/ai/tasks/${taskId}`, { headers: auth() });
      expect(polled.status).toBe(200);
      task = ((await polled.json()) as { response: { task: typeof task } }).response.task;
    }
    expect(task.status).toBe("COMPLETED");
    expect((await fetch(`${workerUrl}/v3/ai/tasks/${taskId}`, { headers: auth(OTHER_TOKEN) })).status).toBe(
      404,
    );
    const link = task.result!.url;
    expect(link.startsWith(`${workerUrl}/relay/r?`)).toBe(true);
    expect((await fetch(link, { headers: auth(OTHER_TOKEN) })).status).toBe(404);
    const result = await fetch(link, { headers: auth() });
    expect(result.status).toBe(200);
    expect((await result.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("answers a misconfigured Worker with the envelope, not a crash", async () => {
    const broken = new Miniflare({
      modules: true,
      scriptPath: join(outDir, "proxy.js"),
      modulesRoot: outDir,
      compatibilityDate: "2024-09-23",
      bindings: { PROXY_TOKENS: `design-team:${TEAM_TOKEN}` },
    });
    // Without a signing key each isolate would sign with its own, so that is refused too.
    const keyless = new Miniflare({
      modules: true,
      scriptPath: join(outDir, "proxy.js"),
      modulesRoot: outDir,
      compatibilityDate: "2024-09-23",
      bindings: { UPSTREAM_URL: api.url, CLIENT_ID, PROXY_TOKENS: `design-team:${TEAM_TOKEN}` },
    });
    try {
      for (const worker of [broken, keyless]) {
        const response = await worker.dispatchFetch("http://proxy.test/v3/search", { headers: auth() });
        expect(response.status).toBe(500);
        expect(((await response.json()) as { data: { reason: string } }).data.reason).toBe("internal_error");
      }
    } finally {
      await broken.dispose();
      await keyless.dispose();
    }
  });

  it("holds a token's budget across two instances of the handler, through the Durable Object", async () => {
    const limited = await startWorker(api.url, { PROXY_RATE_LIMIT: "4" });
    try {
      // Worker "b" reached directly (the listening address serves "a"); miniflare types it loosely.
      const other = (await limited.mf.getWorker("b")) as unknown as {
        fetch(url: string, init?: RequestInit): Promise<Response>;
      };
      const statuses: number[] = [];
      // Three through each instance: each would allow four on its own, together only four pass.
      for (let i = 0; i < 3; i++) {
        statuses.push((await fetch(`${limited.url}/v3/credits`, { headers: auth() })).status);
        statuses.push((await other.fetch(`${limited.url}/v3/credits`, { headers: auth() })).status);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(4);
      expect(statuses.slice(4)).toEqual([429, 429]);
      // Another token has its own budget.
      const theirs = await other.fetch(`${limited.url}/v3/credits`, { headers: auth(OTHER_TOKEN) });
      expect(theirs.status).toBe(200);
    } finally {
      await limited.mf.dispose();
    }
  });

  it("refuses to serve without the budgets' Durable Object, saying so in the log only", async () => {
    const bare = new Miniflare({
      modules: true,
      scriptPath: join(outDir, "proxy.js"),
      modulesRoot: outDir,
      compatibilityDate: "2024-09-23",
      bindings: bindings(api.url),
    });
    try {
      const url = (await bare.ready).toString().replace(/\/$/, "");
      const response = await fetch(`${url}/v3/credits`, { headers: auth() });
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain("BUDGETS");
    } finally {
      await bare.dispose();
    }
  });

  it("answers an identical read from the location's cache, whichever instance is asked", async () => {
    const asked: string[] = [];
    // The service, with every read it answers counted.
    const counted = await serveOnLoopback((request) => {
      const url = new URL(request.url);
      asked.push(url.pathname);
      return fetch(`${api.url}${url.pathname}${url.search}`, { headers: request.headers });
    });
    const pair = await startWorker(counted.url);
    try {
      const other = (await pair.mf.getWorker("b")) as unknown as {
        fetch(url: string, init?: RequestInit): Promise<Response>;
      };
      const ids = async (response: Response) =>
        (
          (await response.json()) as { response: { items: { data: { id: string }[] } } }
        ).response.items.data.map((item) => item.id);
      const first = await fetch(`${pair.url}/v3/search?query=heart&per_page=4`, { headers: auth() });
      const second = await other.fetch(`${pair.url}/v3/search?per_page=4&query=heart`, { headers: auth() });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(await ids(second)).toEqual(await ids(first));
      expect(second.headers.get("age")).not.toBeNull();
      expect(asked.filter((path) => path === "/v3/search")).toHaveLength(1);
    } finally {
      await pair.mf.dispose();
      await counted.close();
    }
  });
});
