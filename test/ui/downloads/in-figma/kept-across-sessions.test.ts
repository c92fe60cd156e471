// Kept downloads through the real plugin and the emulator's clientStorage, against the embedded
// local API over HTTP on 127.0.0.1: an icon inserted in one session is not downloaded (nor charged)
// again after the plugin is reopened, and the plugin holds what is stored to its budget.

import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import {
  KEPT_DOWNLOADS_BUDGET,
  type KeptDownload,
  keptWeight,
  withinKeptBudget,
} from "../../../../src/messages/kept-downloads";
import { createAppState } from "../../../../src/ui/app-state";
import { createUiApi } from "../../../../src/ui/services/ui-api";
import { type RunningLocalApi, startLocalApi } from "../../../local-api/support";
import { headersOf, worker } from "../../../local-api/work-support";
import { type Booted, bootPlugin } from "../../../plugin/harness";

let server: RunningLocalApi;
const booted: Booted[] = [];
/** Every api-download the window sent. */
const downloadsSent: string[] = [];

beforeAll(async () => {
  server = await startLocalApi({ accounts: { clients: [worker("app")] } });
});
afterAll(() => server.close());
afterEach(() => {
  for (const figma of booted.splice(0)) figma.stop();
});

async function boot(stored?: Record<string, unknown>) {
  const figma = await bootPlugin(stored ? { stored } : {});
  booted.push(figma);
  return figma;
}

function openWindow(figma: Booted) {
  const fetchOver = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.endsWith("/api-download")) downloadsSent.push(new URL(request.url).pathname);
    return fetch(request);
  };
  const app = createAppState({
    port: figma.port,
    debounceMs: 0,
    makeApi: (url) =>
      createUiApi(url, "", {
        headers: headersOf("app"),
        fetch: fetchOver,
        retry: { rateLimitRetries: 0, failureRetries: 0 },
      }),
    baked: { proxyUrls: [server.url], accessToken: "" },
  });
  return app;
}

const keptIn = async (figma: Booted) =>
  ((await figma.port.request("storage-get", { key: "kept-downloads" })).value ?? []) as KeptDownload[];

it("an icon inserted before the plugin was closed is reused after it is reopened", async () => {
  const first = await boot();
  const before = openWindow(first);
  await before.start();
  const found = await createUiApi(server.url, "", { headers: headersOf("app") }).search({
    query: "star",
    asset: "icon",
    per_page: 1,
  });
  const star = found.data[0];
  if (!star) throw new Error("the packaged sets have no star");
  await before.insert.insert(star, "icon");
  expect(downloadsSent).toHaveLength(1);
  // The copy is written a moment after the download.
  for (let i = 0; i < 100 && (await keptIn(first)).length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect((await keptIn(first)).map((e) => e.key)).toEqual([`${server.url}||${star.uuid}|svg|0x0`]);

  // Reopened: the plugin finds what the last session stored.
  const stored: Record<string, unknown> = {};
  for (const key of await first.figma.clientStorage.keysAsync())
    stored[key] = await first.figma.clientStorage.getAsync(key);
  first.stop();
  const second = await boot(stored);
  const after = openWindow(second);
  await after.start();
  await after.insert.downloads.load();
  await after.credits.refresh();
  const used = after.credits.balance.value?.used;
  expect(after.insert.costOf(star, "icon")).toBe("Already downloaded · no credit");
  await after.insert.insert(star, "icon");
  expect(downloadsSent).toHaveLength(1);
  expect(second.page.children.map((n) => n.name)).toContain(star.name);
  await after.credits.refresh();
  expect(after.credits.balance.value?.used).toBe(used);
  before.search.dispose();
  after.search.dispose();
});

it("the plugin refuses kept downloads above their budget whole, and keeps what it had", async () => {
  const figma = await boot();
  const within = [{ key: "small", type: "image/svg+xml", data: "PHN2Zy8+" }];
  await figma.port.request("storage-set", { key: "kept-downloads", value: within });
  const data = "A".repeat(340_000);
  const value = Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, type: "image/png", data }));
  await expect(figma.port.request("storage-set", { key: "kept-downloads", value })).rejects.toMatchObject({
    reason: "invalid_message",
  });
  expect(await keptIn(figma)).toEqual(within);
  // Exactly the budget is taken.
  const budget = withinKeptBudget(value);
  expect(budget.reduce((sum, e) => sum + keptWeight(e), 0)).toBeLessThanOrEqual(KEPT_DOWNLOADS_BUDGET);
  await figma.port.request("storage-set", { key: "kept-downloads", value: budget });
  expect((await keptIn(figma)).map((e) => e.key)).toEqual(budget.map((e) => e.key));
  // Settings still save beside them.
  await figma.port.request("storage-set", { key: "settings", value: { iconSize: 32 } });
  expect((await figma.port.request("storage-get", { key: "settings" })).value).toMatchObject({
    iconSize: 32,
  });
});

it("a full storage gives up kept downloads before the designer's recent assets", async () => {
  const figma = await boot();
  const data = "A".repeat(300_000);
  const kept = Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, type: "image/png", data }));
  await figma.port.request("storage-set", { key: "kept-downloads", value: kept });
  const recent = [{ uuid: "star-1", name: "Star", type: "icon" as const, usedAt: 1 }];
  await figma.port.request("storage-set", { key: "recent-assets", value: recent });
  // Something else of the plugin's fills the rest, to just below the cap.
  const storage = figma.figma.clientStorage;
  let used = 0;
  for (const key of await storage.keysAsync())
    used += key.length + JSON.stringify(await storage.getAsync(key)).length;
  await storage.setAsync("filler", "x".repeat(5_000_000 - used - 200));

  const searches = Array.from({ length: 20 }, (_, i) => ({
    query: `query ${i}`,
    type: "icon" as const,
    at: i,
  }));
  await figma.port.request("storage-set", { key: "recent-searches", value: searches });
  expect(await keptIn(figma)).toEqual([]);
  expect((await figma.port.request("storage-get", { key: "recent-assets" })).value).toEqual(recent);
  expect((await figma.port.request("storage-get", { key: "recent-searches" })).value).toHaveLength(20);
});
