// Builds the ui's stores over a fake plugin and the scripted proxy, and renders into happy-dom either
// the whole window (mountApp: how the views compose) or one view with the stores it takes (mountView).

import { render, type VNode } from "preact";
import { act } from "preact/test-utils";
import { App } from "../../../src/ui/App";
import { createAppState } from "../../../src/ui/app-state";
import { createUiApi } from "../../../src/ui/services/ui-api";
import { fakePlugin } from "./fake-plugin";
import { fakeService, PROXY, type Route } from "./fake-service";

/** The ui's api as main.tsx builds it, over the scripted proxy. */
export function testApi(fetch: typeof globalThis.fetch, proxyUrl = PROXY, token = "") {
  return createUiApi(proxyUrl, token, { fetch, retry: { rateLimitRetries: 0, failureRetries: 0 } });
}

export function buildApp(options: {
  routes: Route[];
  plugin?: ReturnType<typeof fakePlugin>;
  debounceMs?: number;
  /** The proxy origins the build allows, the default first: the scripted proxy alone unless given. */
  proxyUrls?: readonly string[];
}) {
  const plugin = options.plugin ?? fakePlugin();
  const service = fakeService(...options.routes);
  const app = createAppState({
    port: plugin.port,
    debounceMs: options.debounceMs ?? 0,
    makeApi: (proxyUrl, token) => testApi(service.fetch, proxyUrl, token),
    baked: { proxyUrls: options.proxyUrls ?? [PROXY], accessToken: "" },
  });
  return { app, plugin, service };
}

/** Lets promises, timers at 0 and signal-driven renders settle. */
export async function settle(rounds = 3) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/**
 * One view, rendered alone from the stores app-state builds (started like the window starts them:
 * settings, history, the first search, the meter). `view` picks the stores the view takes.
 */
export async function mountView(
  options: Parameters<typeof buildApp>[0],
  view: (app: ReturnType<typeof buildApp>["app"]) => VNode,
) {
  const built = buildApp(options);
  storeProxySetting(built.plugin);
  await act(() => built.app.start());
  const container = document.createElement("div");
  document.body.append(container);
  await act(() => {
    render(view(built.app), container);
  });
  await settle();
  return {
    ...built,
    container,
    unmount: () => {
      render(null, container);
      container.remove();
      built.app.search.dispose();
    },
  };
}

function storeProxySetting(plugin: ReturnType<typeof fakePlugin>) {
  plugin.storage.set("settings", {
    proxyUrl: PROXY,
    ...(plugin.storage.get("settings") as object),
  });
}

export async function mountApp(
  options: Parameters<typeof buildApp>[0] & { size?: { width: number; height: number } },
) {
  const built = buildApp(options);
  storeProxySetting(built.plugin);
  const container = document.createElement("div");
  document.body.append(container);
  const resized: { width: number; height: number }[] = [];
  await act(() => {
    render(
      <App app={built.app} resizeWindow={(width, height) => resized.push({ width, height })} />,
      container,
    );
  });
  await act(() => built.app.start());
  await settle();
  return {
    ...built,
    container,
    resized,
    unmount: () => {
      render(null, container);
      container.remove();
      built.app.search.dispose();
    },
  };
}

/**
 * happy-dom does no layout: give every element the box a 360 x 560 plugin window would. Its
 * ResizeObserver never notifies; a browser's tells of an observed box once laid out (the grid reads
 * its size then): this one tells at once, the box being there from the start.
 */
export function fakeLayout(width = 360, height = 400) {
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => width });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => height });
  globalThis.ResizeObserver = LaidOutObserver;
}

class LaidOutObserver implements ResizeObserver {
  constructor(private readonly notify: ResizeObserverCallback) {}
  observe() {
    this.notify([], this);
  }
  unobserve() {}
  disconnect() {}
}
