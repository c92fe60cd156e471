// A download is paid once: the window's own stores, over the proxy and the embedded local API on
// 127.0.0.1, insert the same icon twice. The service must see one api-download and one file fetch,
// and the meter must move at once on the first (before the credits are read again) and not at all
// on the second.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createLocalApi, type LocalApi } from "../../../src/local-api/app";
import { createProxy } from "../../../src/proxy/app";
import { type RunningProxy, serveProxy } from "../../../src/proxy/node/server";
import { LOCAL_UPSTREAM_ORIGIN } from "../../../src/server/embedded-service";
import { createAppState } from "../../../src/ui/app-state";
import { createUiApi } from "../../../src/ui/services/ui-api";
import { worker } from "../../local-api/work-support";
import { fakePlugin } from "../support/fake-plugin";

const TOKEN = "design-team-token-0123456789";
/** A second account's token on the same server. */
const OTHER_TOKEN = "brand-team-token-9876543210";
let api: LocalApi;
let proxy: RunningProxy;
let stateDir: string;
/** Every request the local API itself received (method and path). */
const served: string[] = [];
/** How many of the next file fetches the file host fails. */
let filesToFail = 0;
/**
 * While set, the file host refuses every file (410, as for an expired link) until a new link has been
 * asked for: refused while the api-downloads served are at most this.
 */
let refuseUntilNewLink: number | null = null;
/** While set, the file host answers only once it settles. */
let filesHeld: Promise<void> | null = null;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "download-reuse-"));
  api = createLocalApi({
    stateDir,
    publicBaseUrl: LOCAL_UPSTREAM_ORIGIN,
    accounts: { clients: [worker("embedded")] },
  });
  const count = async (request: Request) => {
    if (new URL(request.url).pathname.startsWith("/files/") && filesToFail > 0) {
      filesToFail -= 1;
      return new Response("busy", { status: 503 });
    }
    if (new URL(request.url).pathname.startsWith("/files/") && filesHeld) await filesHeld;
    if (new URL(request.url).pathname.startsWith("/files/") && refuseUntilNewLink !== null) {
      if (downloadsServed() <= refuseUntilNewLink) return new Response("gone", { status: 410 });
      refuseUntilNewLink = null;
    }
    served.push(`${request.method} ${new URL(request.url).pathname}`);
    return api.fetch(request);
  };
  const app = createProxy({
    upstream: count,
    fetchFile: count,
    upstreamBaseUrl: LOCAL_UPSTREAM_ORIGIN,
    clientId: "embedded",
    clientSecret: "embedded-secret",
    tokens: [
      { label: "design", token: TOKEN },
      { label: "brand", token: OTHER_TOKEN },
    ],
    log: () => undefined,
  });
  proxy = await serveProxy(app.fetch, { host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await proxy.close();
  await api.close();
  rmSync(stateDir, { recursive: true, force: true });
});

/** The window's stores over real HTTP; reads of the credits wait while `holdCredits` is set. */
function openWindow(options: { token?: string; kept?: unknown } = {}) {
  let holdCredits: Promise<void> | null = null;
  let release = () => {};
  const fetchOver = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname === "/v3/credits" && holdCredits) await holdCredits;
    return fetch(request);
  };
  const plugin = fakePlugin();
  plugin.storage.set("settings", { proxyUrl: proxy.url });
  if (options.kept) plugin.storage.set("kept-downloads", options.kept);
  const app = createAppState({
    port: plugin.port,
    debounceMs: 0,
    makeApi: (url, token) =>
      createUiApi(url, token, { fetch: fetchOver, retry: { rateLimitRetries: 0, failureRetries: 0 } }),
    baked: { proxyUrls: [proxy.url], accessToken: options.token ?? TOKEN },
  });
  return {
    app,
    plugin,
    hold() {
      holdCredits = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    release() {
      holdCredits = null;
      release();
    },
    /** The file host fails the next `count` file fetches (503, nothing served). */
    failFiles(count: number) {
      filesToFail = count;
    },
  };
}

const searchOver = (params: Parameters<ReturnType<typeof createUiApi>["search"]>[0]) =>
  createUiApi(proxy.url, TOKEN, { retry: { rateLimitRetries: 0, failureRetries: 0 } })
    .search(params)
    .then((found) => found);
const downloadsServed = () => served.filter((s) => s.endsWith("/api-download")).length;
const filesServed = () => served.filter((s) => s.startsWith("GET /files/")).length;

it("downloads an asset once, moves the meter at once, and the second insert is free", async () => {
  const window = openWindow();
  const { app } = window;
  await app.start();
  await app.credits.refresh();
  const before = app.credits.balance.value?.used;
  expect(before).toBe(0);
  const { data } = await searchOver({ query: "star", asset: "icon", per_page: 2 });
  const [star, other] = data;
  if (!star || !other) throw new Error("the packaged sets have no two stars");

  expect(app.insert.costOf(star, "icon")).toBe("1 credit");
  window.hold();
  await app.insert.insert(star, "icon");
  // The credits have not been read again yet: the meter moved by the download's price alone.
  expect(app.credits.balance.value?.used).toBe(1);
  expect(window.plugin.sentOf("insert")).toHaveLength(1);
  window.release();
  await app.credits.refresh();
  expect(app.credits.balance.value?.used).toBe(1);
  expect([downloadsServed(), filesServed()]).toEqual([1, 1]);

  expect(app.insert.costOf(star, "icon")).toBe("Already downloaded · no credit");
  expect(app.insert.costOf(other, "icon")).toBe("1 credit");
  await app.insert.insert(star, "icon");
  await app.credits.refresh();
  expect(window.plugin.sentOf("insert")).toHaveLength(2);
  const [first, second] = window.plugin.sentOf("insert");
  expect(second?.payload.content).toEqual(first?.payload.content);
  expect([downloadsServed(), filesServed()]).toEqual([1, 1]);
  expect(app.credits.balance.value?.used).toBe(1);
  expect(app.insert.downloads.saved.value).toEqual({ downloads: 1, credits: 1 });
  app.search.dispose();
});

it("two inserts of one asset at once share one download", async () => {
  const { app } = openWindow();
  await app.start();
  const { data } = await searchOver({ query: "rocket", asset: "icon", per_page: 1 });
  const rocket = data[0];
  if (!rocket) throw new Error("the packaged sets have no rocket");
  const downloadsBefore = downloadsServed();
  await Promise.all([app.insert.insert(rocket, "icon"), app.insert.insert(rocket, "icon")]);
  expect(downloadsServed() - downloadsBefore).toBe(1);
  app.search.dispose();
});

it("a file fetch that fails is retried from the link already paid for, not a new download", async () => {
  const window = openWindow();
  const { app } = window;
  await app.start();
  const { data } = await searchOver({ query: "heart", asset: "icon", per_page: 1 });
  const heart = data[0];
  if (!heart) throw new Error("the packaged sets have no heart");
  await app.credits.refresh();
  const used = app.credits.balance.value?.used ?? 0;
  const [downloadsBefore, filesBefore] = [downloadsServed(), filesServed()];
  window.failFiles(1);
  await app.insert.insert(heart, "icon");
  expect(
    window.plugin.sentOf("insert").filter((s) => (s.payload.asset as { uuid: string }).uuid === heart.uuid),
  ).toHaveLength(0);
  await app.insert.insert(heart, "icon");
  expect(
    window.plugin.sentOf("insert").filter((s) => (s.payload.asset as { uuid: string }).uuid === heart.uuid),
  ).toHaveLength(1);
  expect([downloadsServed() - downloadsBefore, filesServed() - filesBefore]).toEqual([1, 1]);
  await app.credits.refresh();
  expect(app.credits.balance.value?.used).toBe(used + 1);
  app.search.dispose();
});

it("a drop refused while its paid file arrives stops only its wait: the next insert takes the file", async () => {
  const window = openWindow();
  const { app, plugin } = window;
  await app.start();
  const { data } = await searchOver({ query: "home", asset: "icon", per_page: 1 });
  const home = data[0];
  if (!home) throw new Error("the packaged sets have no home");
  const [downloadsBefore, filesBefore] = [downloadsServed(), filesServed()];
  let letFileGo = () => {};
  filesHeld = new Promise<void>((resolve) => {
    letFileGo = resolve;
  });
  const dropId = app.insert.dragStart();
  const dropped = app.insert.dragEnd(dropId, home, "icon", {
    kind: "canvas",
    point: { clientX: -300, clientY: 220 },
  });
  // The link is answered (and paid); the file is on its way when the plugin refuses the drop.
  for (let i = 0; i < 200 && downloadsServed() === downloadsBefore; i++)
    await new Promise((r) => setTimeout(r, 5));
  expect(downloadsServed() - downloadsBefore).toBe(1);
  plugin.emit("drop-result", { dropId, ok: false, error: { reason: "invalid_message", message: "refused" } });
  await dropped;
  filesHeld = null;
  letFileGo();
  await app.insert.insert(home, "icon");
  expect(
    plugin.sentOf("insert").filter((s) => (s.payload.asset as { uuid: string }).uuid === home.uuid),
  ).toHaveLength(1);
  expect([downloadsServed() - downloadsBefore, filesServed() - filesBefore]).toEqual([1, 1]);
  app.search.dispose();
});

/** What a window kept in clientStorage once its cache was written (a moment after a download). */
async function keptBy(plugin: ReturnType<typeof openWindow>["plugin"]): Promise<{ key: string }[]> {
  for (let i = 0; i < 200 && !plugin.storage.get("kept-downloads"); i++)
    await new Promise((r) => setTimeout(r, 5));
  return plugin.storage.get("kept-downloads") as { key: string }[];
}

it("an insert at once after reopening waits for the kept downloads instead of paying again", async () => {
  const first = openWindow();
  await first.app.start();
  const { data } = await searchOver({ query: "bell", asset: "icon", per_page: 1 });
  const bell = data[0];
  if (!bell) throw new Error("the packaged sets have no bell");
  await first.app.insert.insert(bell, "icon");
  const kept = await keptBy(first.plugin);
  expect(kept.length).toBeGreaterThan(0);
  const downloadsBefore = downloadsServed();
  const reopened = openWindow({ kept });
  await reopened.app.start();
  await reopened.app.insert.insert(bell, "icon");
  expect(reopened.plugin.sentOf("insert")).toHaveLength(1);
  expect(downloadsServed() - downloadsBefore).toBe(0);
  first.app.search.dispose();
  reopened.app.search.dispose();
});

it("another account's kept file is not reused: it is neither free nor taken", async () => {
  const first = openWindow();
  await first.app.start();
  const { data } = await searchOver({ query: "camera", asset: "icon", per_page: 1 });
  const camera = data[0];
  if (!camera) throw new Error("the packaged sets have no camera");
  await first.app.insert.insert(camera, "icon");
  const kept = await keptBy(first.plugin);
  expect(JSON.stringify(kept)).not.toContain(TOKEN);
  const other = openWindow({ token: OTHER_TOKEN, kept });
  await other.app.start();
  await other.app.credits.refresh();
  await other.app.insert.downloads.load();
  expect(other.app.insert.costOf(camera, "icon")).toBe("1 credit");
  const downloadsBefore = downloadsServed();
  await other.app.insert.insert(camera, "icon");
  expect(downloadsServed() - downloadsBefore).toBe(1);
  // The first account's own file is still its own: free for it.
  const again = openWindow({ kept });
  await again.app.start();
  await again.app.credits.refresh();
  await again.app.insert.downloads.load();
  expect(again.app.insert.costOf(camera, "icon")).toBe("Already downloaded · no credit");
  for (const window of [first, other, again]) window.app.search.dispose();
});

it("a link the file host refuses is forgotten: the retry asks for a new one and succeeds", async () => {
  const window = openWindow();
  const { app, plugin } = window;
  await app.start();
  const { data } = await searchOver({ query: "mail", asset: "icon", per_page: 1 });
  const mail = data[0];
  if (!mail) throw new Error("the packaged sets have no mail");
  const inserted = () =>
    plugin.sentOf("insert").filter((s) => (s.payload.asset as { uuid: string }).uuid === mail.uuid);
  const downloadsBefore = downloadsServed();
  // Refused until a second link is asked for: the first (paid by this insert) is the one refused.
  refuseUntilNewLink = downloadsBefore + 1;
  await app.insert.insert(mail, "icon");
  expect(inserted()).toHaveLength(0);
  await app.insert.insert(mail, "icon");
  expect(inserted()).toHaveLength(1);
  expect(downloadsServed() - downloadsBefore).toBe(2);
  app.search.dispose();
});
