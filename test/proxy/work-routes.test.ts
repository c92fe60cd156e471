// Conversions and AI work through the proxy in front of the local API over real HTTP: a sync
// conversion's bytes equal the direct answer's, async renders and AI tasks come back with Location
// in the proxy's URL space, are polled through it, and their results relay byte for byte.

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auth,
  CLIENT_ID,
  CLIENT_SECRET,
  type LocalApiServer,
  serviceId,
  startLocalApi,
  startProxy,
  type TestProxy,
  upload,
} from "./support";

let api: LocalApiServer;
let proxy: TestProxy;
const direct = { "client-id": CLIENT_ID, "client-secret": CLIENT_SECRET };
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9" fill="#e11d48"/></svg>`;

async function pollThroughProxy(location: string, done: (body: Record<string, unknown>) => boolean) {
  for (let attempt = 0; attempt < 120; attempt++) {
    const response = await fetch(location, { headers: auth() });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    if (done(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${location} never finished`);
}

/**
 * The result link the proxy gave (a sealed /relay/r link on the proxy) brings the same bytes as the
 * link the service gives when asked directly for the same job or task.
 */
async function resultEqualsDirect(link: string, directPoll: string, directUrl: (body: unknown) => string) {
  expect(link.startsWith(`${proxy.url}/relay/r?`)).toBe(true);
  const relayed = await fetch(link, { headers: auth() });
  expect(relayed.status).toBe(200);
  const answer = await fetch(`${api.url}${directPoll}`, { headers: direct });
  const file = await fetch(directUrl(await answer.json()));
  expect(Buffer.from(await relayed.arrayBuffer()).equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
}

beforeAll(async () => {
  api = await startLocalApi();
  proxy = await startProxy(api.url);
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

describe("work routes through the proxy", () => {
  it("passes the catalogues through", async () => {
    for (const path of ["/v3/convert/operations", "/v3/ai/operations", "/v3/ai/models"]) {
      const proxied = await fetch(`${proxy.url}${path}`, { headers: auth() });
      const straight = await fetch(`${api.url}${path}`, { headers: direct });
      expect(proxied.status, path).toBe(200);
      expect(await proxied.text()).toBe(await straight.text());
    }
  });

  it("returns a sync conversion's bytes exactly as the service makes them", async () => {
    const proxied = await fetch(`${proxy.url}/v3/convert/svg-to-png`, {
      method: "POST",
      headers: auth(),
      body: upload(SVG, "image/svg+xml", "dot.svg", { width: "96", height: "96" }),
    });
    const straight = await fetch(`${api.url}/v3/convert/svg-to-png`, {
      method: "POST",
      headers: direct,
      body: upload(SVG, "image/svg+xml", "dot.svg", { width: "96", height: "96" }),
    });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get("content-type")).toBe("image/png");
    expect(proxied.headers.get("x-credits-consumed")).toBe(straight.headers.get("x-credits-consumed"));
    const bytes = Buffer.from(await proxied.arrayBuffer());
    expect(bytes.equals(Buffer.from(await straight.arrayBuffer()))).toBe(true);
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
  });

  it("carries the service's own refusals through unchanged", async () => {
    const wrongInput = await fetch(`${proxy.url}/v3/convert/png-to-jpg`, {
      method: "POST",
      headers: auth(),
      body: upload(SVG, "image/svg+xml", "not.png"),
    });
    expect(wrongInput.status).toBe(400);
    expect(((await wrongInput.json()) as { data: { reason: string } }).data.reason).toBe(
      "invalid_input_file",
    );
    const unknown = await fetch(`${proxy.url}/v3/convert/png-to-webp`, {
      method: "POST",
      headers: auth(),
      body: upload(SVG, "image/svg+xml", "a.svg"),
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { data: { reason: string } }).data.reason).toBe("unknown_operation");
  });

  it("passes a reverse image search and its answer through unchanged", async () => {
    // An unknown image_hash: the answer comes without the cold similarity index (about 30 s to build).
    const ask = (base: string, headers: Record<string, string>) =>
      fetch(`${base}/v3/reverse-image-search`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ image_hash: "unknown-hash-0000", asset: "icon" }),
      });
    const proxied = await ask(proxy.url, auth());
    const straight = await ask(api.url, direct);
    expect(proxied.status).toBe(straight.status);
    expect(await proxied.text()).toBe(await straight.text());
  });

  it("queues a render, polls the job through the proxy and relays the result", async () => {
    const lottie = await (
      await fetch(`${proxy.url}/v3/convert/svg-to-lottie`, {
        method: "POST",
        headers: auth(),
        body: upload(SVG, "image/svg+xml", "a.svg"),
      })
    ).text();
    const queued = await fetch(`${proxy.url}/v3/convert/lottie-to-gif`, {
      method: "POST",
      headers: { ...auth(), "idempotency-key": "render-key-0123456789" },
      body: upload(lottie, "application/json", "a.json", { width: "48", height: "48" }),
    });
    expect(queued.status).toBe(202);
    const location = queued.headers.get("location")!;
    expect(location.startsWith(`${proxy.url}/v3/convert/jobs/`)).toBe(true);
    expect(Number(queued.headers.get("retry-after"))).toBeGreaterThan(0);
    const finished = (await pollThroughProxy(location, (body) => {
      const status = (body.response as { job: { status: string } }).job.status;
      return status === "completed" || status === "failed";
    })) as { response: { job: { status: string; result_url: string } } };
    expect(finished.response.job, JSON.stringify(finished)).toMatchObject({ status: "completed" });
    const jobId = serviceId(location.slice(location.lastIndexOf("/") + 1));
    await resultEqualsDirect(
      finished.response.job.result_url,
      `/v3/convert/jobs/${jobId}`,
      (body) => (body as typeof finished).response.job.result_url,
    );
  });

  it("submits AI work, polls its task through the proxy and relays the result", async () => {
    const png = await sharp({ create: { width: 48, height: 48, channels: 4, background: "#2563eb" } })
      .png()
      .toBuffer();
    const submitted = await fetch(`${proxy.url}/v3/ai/vectorize`, {
      method: "POST",
      headers: auth(),
      body: upload(png, "image/png", "a.png"),
    });
    expect(submitted.status).toBe(202);
    const body = (await submitted.json()) as { response: { tasks: { task_id: string }[] } };
    const location = submitted.headers.get("location")!;
    const taskId = body.response.tasks[0]!.task_id;
    expect(location).toBe(`${proxy.url}/v3/ai/tasks/${taskId}`);
    const finished = (await pollThroughProxy(location, (answer) => {
      const status = (answer.response as { task: { status: string } }).task.status;
      return status === "COMPLETED" || status === "FAILED";
    })) as { response: { task: { status: string; result: { url: string } } } };
    expect(finished.response.task.status).toBe("COMPLETED");
    await resultEqualsDirect(
      finished.response.task.result.url,
      `/v3/ai/tasks/${serviceId(taskId)}`,
      (answer) => (answer as typeof finished).response.task.result.url,
    );
  });
});
