// @vitest-environment happy-dom
// The window's entry (main.tsx) asks the plugin how it was started before it renders: the answer
// crosses to the sandbox and back while the first frame renders, instead of after it. The order is
// read where it shows, in what the page posts to its parent and what #app holds at that moment.
import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.resetModules();
  document.body.innerHTML = "";
  globalThis.__assetportEarlyReady = undefined;
});

/** What main.tsx posts to its parent, with how many children #app had at that moment. */
function watchPosts(app: HTMLElement) {
  const posted: { type: string; rendered: number }[] = [];
  vi.spyOn(window.parent, "postMessage").mockImplementation((data: unknown) => {
    const message = (data as { pluginMessage?: { type?: string } }).pluginMessage;
    if (message?.type) posted.push({ type: message.type, rendered: app.childElementCount });
  });
  return posted;
}

it("posts `ready` to the plugin before the first render, then renders the window", async () => {
  document.body.innerHTML = '<div id="app"></div>';
  const app = document.getElementById("app")!;
  const posted = watchPosts(app);

  await import("../../src/ui/main");

  expect(posted[0]).toEqual({ type: "ready", rendered: 0 });
  // Nothing answers here, and the window is drawn all the same.
  expect(app.childElementCount).toBeGreaterThan(0);
});

it("takes the answer to the page's early `ready` and asks no second time", async () => {
  document.body.innerHTML = '<div id="app"></div>';
  const app = document.getElementById("app")!;
  const posted = watchPosts(app);
  // The first search may leave: nobody answers it here.
  vi.stubGlobal("fetch", () => new Promise(() => undefined));
  const { CHANNEL } = await import("../../src/messages/envelope");
  const { EARLY_READY_ID } = await import("../../src/ui/boot/early-ready");
  const payload = {
    launch: { command: "" },
    selection: { count: 0, nodes: [] },
    settings: {},
    editorType: "figma",
  };
  globalThis.__assetportEarlyReady = {
    response: Promise.resolve({
      channel: CHANNEL,
      kind: "response",
      id: EARLY_READY_ID,
      type: "ready",
      ok: true,
      payload,
    }),
  };

  await import("../../src/ui/main");
  // The answer taken, start() goes on at once: it reads the stored history.
  await vi.waitFor(() => expect(posted.map((p) => p.type)).toContain("storage-get"));
  expect(posted.map((p) => p.type)).not.toContain("ready");
});

it("asks for the recent assets with `ready`, without waiting for its answer", async () => {
  document.body.innerHTML = '<div id="app"></div>';
  const asked: string[] = [];
  vi.spyOn(window.parent, "postMessage").mockImplementation((data: unknown) => {
    const message = (data as { pluginMessage?: { type?: string; payload?: { key?: string } } }).pluginMessage;
    if (message?.type)
      asked.push(message.payload?.key ? `${message.type} ${message.payload.key}` : message.type);
  });
  // The plugin has not answered `ready` yet (and never does here).
  globalThis.__assetportEarlyReady = { response: new Promise(() => undefined) };

  await import("../../src/ui/main");

  await vi.waitFor(() => expect(asked).toContain("storage-get recent-assets"));
  expect(asked).toContain("storage-get recent-searches");
});

/**
 * The results' searches main.tsx sends (the browse, or the words'), with how many children #app had
 * at that moment; not the sets' searches a kept home's set names may send first.
 */
function watchSearches(app: HTMLElement) {
  const sent: { query: string | null; rendered: number }[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const ofSets = url.searchParams.has("contributors[]") || url.searchParams.get("sort") === "featured";
    if (url.pathname === "/v3/search" && !ofSets)
      sent.push({ query: url.searchParams.get("query"), rendered: app.childElementCount });
    return new Promise(() => undefined);
  });
  return sent;
}

const SETTINGS = { proxyUrl: "http://localhost:8787", accessToken: "design-token" };

/** The home a last window kept for this server and account: its sets, shown by the first render. */
async function keptHome(): Promise<string> {
  const { makeHomeSnapshot, serverIdentity } = await import("../../src/ui/home/home-snapshot");
  const { BAKED_CONNECTION, chosenProxyUrl } = await import("../../src/ui/settings/settings-store");
  const text = makeHomeSnapshot({
    server: serverIdentity(
      chosenProxyUrl(SETTINGS.proxyUrl, BAKED_CONNECTION.proxyUrls),
      SETTINGS.accessToken,
    ),
    type: "icon",
    key: "[]",
    sets: [{ name: "phosphor", label: "Phosphor", count: 12, samples: [] }],
    ratio: () => undefined,
    variants: () => "",
    pictures: new Map(),
  });
  if (!text) throw new Error("the kept home was not made");
  return text;
}

it.each([
  // A quick action's words: nothing to paint before their results, so their search goes first.
  ["a quick action's words search before the first render", "search", "arrow", false, true],
  // A first-ever open: no home kept, nothing to paint before the browse answers.
  ["a first-ever open's browse searches before the first render", "open", undefined, false, true],
  // A later open paints the home the last window kept first; its search leaves in the next task.
  ["a later open's browse searches after the first render", "open", undefined, true, false],
] as const)("%s", async (_title, command, query, kept, first) => {
  document.body.innerHTML = '<div id="app"></div>';
  const app = document.getElementById("app")!;
  vi.spyOn(window.parent, "postMessage").mockImplementation(() => undefined);
  const sent = watchSearches(app);
  globalThis.__assetportEarlyReady = { response: new Promise(() => undefined) };
  vi.stubGlobal("__assetportBoot", {
    settings: SETTINGS,
    launch: { command, ...(query ? { query } : {}) },
    ...(kept ? { home: await keptHome() } : {}),
  });

  await import("../../src/ui/main");
  await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
  // The kept home was shown: its set's card is in the first render.
  if (kept) expect(app.textContent).toContain("Phosphor");

  const [search] = sent;
  expect(search?.query ?? null).toBe(query ?? null);
  expect(search?.rendered === 0).toBe(first);
});
