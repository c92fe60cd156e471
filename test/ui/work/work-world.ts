// The work core as the window runs it, with nothing faked but the network's faults: the real plugin
// over the Figma emulator (export, place-result, clientStorage), the local API over HTTP on
// 127.0.0.1, and the ui's own api client and stores. A "window" is one ui port with its own stores;
// closing it and opening another over the same emulator is what reopening the plugin does.

import { afterAll, afterEach, beforeAll } from "vitest";
import { createUiPort, windowTransport } from "../../../src/messages/ui-port";
import { createCreditsStore } from "../../../src/ui/credits/credits-store";
import { createUiApi } from "../../../src/ui/services/ui-api";
import { createWorkStore } from "../../../src/ui/work/work-store";
import { pngBytes } from "../../figma/fixtures";
import { ScriptedProvider } from "../../local-api/scripted-provider";
import { type RunningLocalApi, startLocalApi } from "../../local-api/support";
import { headersOf, worker } from "../../local-api/work-support";
import { type Booted, bootPlugin } from "../../plugin/harness";

/** What the network does to one request: lose its answer after the service handled it, or never answer. */
export type Fault = "drop-answer" | "hang";

export interface Sent {
  method: string;
  path: string;
  key: string | null;
}

/** fetch over real HTTP, with faults injected for the requests that match, each fault used once. */
export function faultyNetwork() {
  const sent: Sent[] = [];
  const faults: { match: (s: Sent) => boolean; fault: Fault }[] = [];
  const watchers: ((s: Sent) => Promise<void>)[] = [];
  let closed = false;
  const fetchOver = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const entry = { method: request.method, path: url.pathname, key: request.headers.get("idempotency-key") };
    // A closed window sends nothing more.
    if (closed) return new Promise<Response>(() => {});
    sent.push(entry);
    for (const watch of watchers) await watch(entry);
    const index = faults.findIndex((f) => f.match(entry));
    const fault = index >= 0 ? faults.splice(index, 1)[0]?.fault : undefined;
    const response = await fetch(request);
    if (fault === "hang") return new Promise<Response>(() => {});
    if (fault === "drop-answer") {
      await response.arrayBuffer();
      throw new TypeError("fetch failed: the connection was reset");
    }
    return response;
  };
  return {
    fetch: fetchOver as typeof fetch,
    sent,
    /** Injects `fault` into the next request matching method and path prefix. */
    fail(method: string, pathPrefix: string, fault: Fault) {
      faults.push({ match: (s) => s.method === method && s.path.startsWith(pathPrefix), fault });
    },
    /** Runs before each request leaves (to look at what was stored by then). */
    beforeSend(watch: (s: Sent) => Promise<void>) {
      watchers.push(watch);
    },
    /** The window is gone: every later request stays unsent. */
    cut() {
      closed = true;
    },
    posts: (pathPrefix: string) => sent.filter((s) => s.method === "POST" && s.path.startsWith(pathPrefix)),
  };
}

export const CLIENTS = {
  app: worker("app"),
  /** A plan without conversions or AI: 403 entitlement_required. */
  basic: worker("basic", { capabilities: { converter: false, ai: false } }),
  /** No credits left this period: 429 quota_exhausted. */
  spent: worker("spent", { credits: { allowance: 0, spend_ceiling: false } }),
};

export async function startService(): Promise<{ server: RunningLocalApi; provider: ScriptedProvider }> {
  const provider = new ScriptedProvider();
  const server = await startLocalApi({ accounts: { clients: Object.values(CLIENTS) }, aiProvider: provider });
  return { server, provider };
}

/** One plugin window: a ui port on the emulator's iframe and the stores app-state builds. */
export function openWindow(booted: Booted, server: RunningLocalApi, client = "app") {
  const network = faultyNetwork();
  const port = createUiPort(windowTransport(booted.emu.uiWindow));
  const api = createUiApi(server.url, "", {
    headers: headersOf(client),
    fetch: network.fetch,
    // Reads fail at once; a paid request's lost answer is sent again with its key after 20 ms, up to
    // three times (the transport's same-key budget, shortened so the test does not wait seconds).
    retry: { rateLimitRetries: 0, failureRetries: 0, backoffMs: 20, maxBackoffMs: 20, sameKeyBudgetMs: 60 },
  });
  const credits = createCreditsStore({ api: () => api });
  const work = createWorkStore({
    api: () => api,
    port,
    credits,
  });
  return {
    port,
    api,
    credits,
    work,
    network,
    /** Closing the window: nothing more leaves it, nothing more reaches it. */
    close() {
      network.cut();
      port.close();
    },
  };
}

const booted = new Set<Booted>();

/** The plugin on a fresh emulator, stopped after the test by serviceForFile's hooks. */
export async function bootFigma(): Promise<Booted> {
  const figma = await bootPlugin();
  booted.add(figma);
  return figma;
}

/**
 * One local API for the test file (started before its tests, closed after them); after each test the
 * provider's task gate is opened again and every emulator the test booted is stopped.
 */
export function serviceForFile(): { readonly server: RunningLocalApi; readonly provider: ScriptedProvider } {
  const service = {} as { server: RunningLocalApi; provider: ScriptedProvider };
  beforeAll(async () => {
    Object.assign(service, await startService());
  });
  afterAll(() => service.server.close());
  afterEach(() => {
    service.provider.taskGate.open();
    for (const figma of booted) figma.stop();
    booted.clear();
  });
  return service;
}

/** A raster layer on the page, as a photo a designer would vectorize. */
export async function imageLayer(booted: Booted, name = "Photo", width = 64, height = 48) {
  const rect = booted.figma.createRectangle();
  rect.name = name;
  rect.resize(width, height);
  rect.x = 40;
  rect.y = 60;
  const hash = booted.figma.createImage(await pngBytes(width, height)).hash;
  rect.fills = [{ type: "IMAGE", imageHash: hash, scaleMode: "FILL" }];
  return rect;
}

/** The period's credits as the service counts them (not as the ui thinks). */
export async function usedCredits(server: RunningLocalApi, client = "app"): Promise<number> {
  const response = await fetch(`${server.url}/v3/credits`, { headers: headersOf(client) });
  return ((await response.json()) as { response: { credits: { used: number } } }).response.credits.used;
}

export const pendingWork = async (booted: Booted) =>
  ((await booted.port.request("storage-get", { key: "pending-work" })).value ?? []) as {
    idempotencyKey: string;
    status: string;
    placed?: string[];
  }[];
