// The Node entry as `npm run proxy` starts it: the local API in-process (its files reached through
// the relay), or the real service named by UPSTREAM_URL; a bad setting stops it.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startNodeProxy } from "../../src/proxy/node/start";
import { LOCAL_UPSTREAM_ORIGIN } from "../../src/server/embedded-service";
import { startServedProxy } from "../../src/server/serve-proxy";
import { auth, CLIENT_ID, CLIENT_SECRET, startLocalApi, TEAM_TOKEN } from "./support";

const stateDir = mkdtempSync(join(tmpdir(), "proxy-entry-"));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

describe("startServedProxy", () => {
  it("runs the local API in-process and serves its previews through a grant", async () => {
    const proxy = await startServedProxy({
      PORT: "0",
      PROXY_OPEN_ACCESS: "loopback",
      LOCAL_API_STATE_DIR: stateDir,
    });
    try {
      expect(proxy.upstreamDescription).toMatch(/local API in this process \(\d+ assets/);
      const search = await fetch(`${proxy.url}/v3/search?query=home&per_page=1`);
      expect(search.status).toBe(200);
      type Listed = { urls: Record<string, string> };
      const asset = ((await search.json()) as { response: { items: { data: Listed[] } } }).response.items
        .data[0]!;
      const url = Object.values(asset.urls)[0]!;
      expect(url.startsWith(LOCAL_UPSTREAM_ORIGIN)).toBe(true);
      const grant = (await (await fetch(`${proxy.url}/relay/grant`)).json()) as {
        response: { link: string };
      };
      expect(grant.response.link.startsWith(`${proxy.url}/relay/g?`)).toBe(true);
      const signed = await fetch(grant.response.link + encodeURIComponent(url));
      expect(signed.status).toBe(200);
      const relayed = await fetch(`${proxy.url}/relay?url=${encodeURIComponent(url)}`);
      expect(relayed.status).toBe(200);
      expect(Buffer.from(await signed.arrayBuffer()).equals(Buffer.from(await relayed.arrayBuffer()))).toBe(
        true,
      );
      const text = await (await fetch(`${proxy.url}/v3/credits`)).text();
      expect(text).not.toContain("local-demo-secret");
    } finally {
      await proxy.close();
    }
  });

  it("hands out a download link a plain HTTP client can fetch, in front of the local API in-process", async () => {
    const proxy = await startServedProxy({
      PORT: "0",
      PROXY_OPEN_ACCESS: "loopback",
      LOCAL_API_STATE_DIR: stateDir,
    });
    try {
      const search = await fetch(`${proxy.url}/v3/search?query=star&per_page=1`);
      const { uuid } = ((await search.json()) as { response: { items: { data: { uuid: string }[] } } })
        .response.items.data[0]!;
      const answer = await fetch(`${proxy.url}/v3/items/${uuid}/api-download`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ format: "svg" }),
      });
      expect(answer.status).toBe(200);
      const { download_url, source_download_url } = (
        (await answer.json()) as {
          response: { download: { download_url: string; source_download_url: string } };
        }
      ).response.download;
      // The service's own link names a host that is not on the network; the proxy's works anywhere.
      expect(source_download_url.startsWith(LOCAL_UPSTREAM_ORIGIN)).toBe(true);
      const file = await fetch(download_url);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(await file.text()).toMatch(/^<svg[\s>]/);
    } finally {
      await proxy.close();
    }
  });

  it("fronts the service named by UPSTREAM_URL with the configured credentials", async () => {
    const api = await startLocalApi();
    const proxy = await startServedProxy({
      PORT: "0",
      UPSTREAM_URL: api.url,
      CLIENT_ID,
      CLIENT_SECRET,
      PROXY_TOKENS: `design-team:${TEAM_TOKEN}`,
    });
    try {
      expect(proxy.upstreamDescription).toContain(api.url);
      expect(proxy.upstreamDescription).not.toContain(CLIENT_SECRET);
      expect((await fetch(`${proxy.url}/v3/credits`)).status).toBe(401);
      expect((await fetch(`${proxy.url}/v3/credits`, { headers: auth() })).status).toBe(200);
    } finally {
      await proxy.close();
      await api.close();
    }
  });

  it("sends its access log to the sink it is given, one JSON line per request", async () => {
    const lines: string[] = [];
    const proxy = await startServedProxy(
      { PORT: "0", PROXY_OPEN_ACCESS: "loopback", LOCAL_API_STATE_DIR: stateDir },
      { log: (line) => lines.push(line) },
    );
    try {
      expect((await fetch(`${proxy.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${proxy.url}/v3/search?query=home&per_page=1`)).status).toBe(200);
    } finally {
      await proxy.close();
    }
    const routes = lines.map((line) => (JSON.parse(line) as { route: string; status: number }).route);
    expect(routes).toEqual(["GET /healthz", "GET /v3/search"]);
  });

  it("stops on a bad setting", async () => {
    await expect(startServedProxy({ PORT: "0" })).rejects.toThrow(/PROXY_TOKENS/);
    await expect(startServedProxy({ PORT: "0", PROXY_OPEN_ACCESS: "1", HOST: "0.0.0.0" })).rejects.toThrow(
      /loopback/,
    );
  });

  it("on its own, fronts no service it was not given", async () => {
    // The proxy never builds the local API: only the composition (src/server/) hands it one.
    await expect(startNodeProxy({ PORT: "0", PROXY_OPEN_ACCESS: "loopback" })).rejects.toThrow(
      /UPSTREAM_URL/,
    );
  });
});
