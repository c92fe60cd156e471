// Every route the local API serves, through the proxy over real HTTP: bodies and the headers the
// client reads arrive intact, files relay byte for byte, and the secret is nowhere to be seen.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auth,
  CLIENT_SECRET,
  type LocalApiServer,
  SIGNING_KEY,
  startLocalApi,
  startProxy,
  TEAM_TOKEN,
  type TestProxy,
} from "./support";

let api: LocalApiServer;
let proxy: TestProxy;
const seen: string[] = [];

async function both(path: string, init: RequestInit = {}) {
  const direct = await fetch(`${api.url}${path}`, {
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      "client-id": "proxy-test-client",
      "client-secret": CLIENT_SECRET,
    },
  });
  const proxied = await fetch(`${proxy.url}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), ...auth() },
  });
  const proxiedText = await proxied.text();
  seen.push(proxiedText, JSON.stringify([...proxied.headers]));
  return { direct, directText: await direct.text(), proxied, proxiedText };
}

beforeAll(async () => {
  api = await startLocalApi();
  // No cache here: the comparisons below must each reach the service.
  proxy = await startProxy(api.url, { cacheTtlMs: 0 });
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

describe("forwarding to the local API", () => {
  it("answers /healthz without a token", async () => {
    const response = await fetch(`${proxy.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ response: { status: "ok" } });
  });

  it("passes a search through unchanged, previews included, with the rate-limit headers", async () => {
    const { proxied, proxiedText, directText } = await both("/v3/search?query=arrow&per_page=5");
    expect(proxied.status).toBe(200);
    expect(proxiedText).toBe(directText);
    const body = JSON.parse(proxiedText) as {
      response: { items: { total: number; data: { urls: Record<string, string> }[] } };
    };
    expect(body.response.items.data.length).toBe(5);
    expect(proxied.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect(proxied.headers.get("x-request-id")).toBeTruthy();
  });

  it("passes an item, a download, the credits and the local API's errors", async () => {
    const search = await both("/v3/search?query=heart&per_page=1");
    const uuid = (JSON.parse(search.proxiedText) as { response: { items: { data: { uuid: string }[] } } })
      .response.items.data[0]!.uuid;

    const item = await both(`/v3/items/${uuid}`);
    expect(item.proxied.status).toBe(200);
    expect(item.proxiedText).toBe(item.directText);

    const missing = await both("/v3/items/00000000-0000-0000-0000-000000000000");
    expect(missing.proxied.status).toBe(404);
    expect(JSON.parse(missing.proxiedText).data.reason).toBe("item_not_found");

    const download = await both(`/v3/items/${uuid}/api-download`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ format: "svg", width: 0, height: 0 }),
    });
    expect(download.proxied.status).toBe(200);
    const { download_url: link, source_download_url: url } = (
      JSON.parse(download.proxiedText) as {
        response: { download: { download_url: string; source_download_url: string } };
      }
    ).response.download;
    expect(url.startsWith(api.url)).toBe(true);
    // A link any client can fetch from the proxy, with no token: the same bytes as the service's file.
    expect(link.startsWith(`${proxy.url}/relay/p?`)).toBe(true);
    const relayed = await fetch(link);
    const file = await fetch(url);
    expect(relayed.status).toBe(200);
    expect(Buffer.from(await relayed.arrayBuffer()).equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
    expect(relayed.headers.get("content-type")).toBe(file.headers.get("content-type"));

    const credits = await both("/v3/credits");
    expect(credits.proxied.status).toBe(200);
    expect(JSON.parse(credits.proxiedText).response.credits).toBeTruthy();
  });

  it("answers every unknown route, method or id with the envelope's 404 and never a stack", async () => {
    for (const [method, path] of [
      ["GET", "/v3/nothing"],
      ["GET", "/admin"],
      ["DELETE", "/v3/credits"],
      ["POST", "/v3/search"],
      ["GET", "/v3/items/a%2Fb"],
      ["GET", "/v3/items/..%2Fcredits"],
      ["GET", "/v3/items/x%5Cy"],
      ["GET", "/v3//search"],
      ["GET", "/v3/search/"],
    ] as const) {
      const response = await fetch(`${proxy.url}${path}`, { method, headers: auth() });
      expect(response.status, `${method} ${path}`).toBe(404);
      const body = await response.text();
      expect(JSON.parse(body).data.reason).toBe("not_found");
      expect(body).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it("never shows the secret or a token in an answer or a log line", () => {
    expect(seen.length).toBeGreaterThan(5);
    for (const text of [...seen, ...proxy.logs]) {
      expect(text).not.toContain(CLIENT_SECRET);
      expect(text).not.toContain(TEAM_TOKEN);
      expect(text).not.toContain(SIGNING_KEY);
    }
    const lines = proxy.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    const search = lines.find((line) => line.route === "GET /v3/search");
    expect(search).toMatchObject({ status: 200, token: "design-team" });
    expect(typeof search?.upstream_ms).toBe("number");
    expect(typeof search?.request_id).toBe("string");
    // No query, body or header values: the route pattern stands for the path.
    expect(proxy.logs.join("\n")).not.toContain("arrow");
  });
});
