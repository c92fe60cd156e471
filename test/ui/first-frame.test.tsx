// @vitest-environment happy-dom
// Opening on a quick action's words whose search the page's first script sent and the service has
// answered: the window's first render holds the results, not placeholders to be replaced a frame
// later (boot/first-render.ts).
import { afterEach, expect, it, vi } from "vitest";
import { firstSearchRequest } from "../../src/ui/boot/first-search";
import { BAKED_CONNECTION } from "../../src/ui/settings/connection";
import { json, makeAssets } from "./support/fake-service";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.resetModules();
  document.body.innerHTML = "";
  globalThis.__assetportEarlyReady = undefined;
  globalThis.__assetportFirstSearch = undefined;
});

it("paints a quick action's answered search in its first render", async () => {
  document.body.innerHTML = '<div id="app"></div>';
  const app = document.getElementById("app")!;
  vi.spyOn(window.parent, "postMessage").mockImplementation(() => undefined);
  // Nothing else answers: the results can only come from the first search's answer.
  vi.stubGlobal("fetch", () => new Promise(() => undefined));
  const boot = {
    settings: { proxyUrl: BAKED_CONNECTION.proxyUrls[0], accessToken: "design-token" },
    launch: { command: "search" as const, query: "arrow" },
  };
  vi.stubGlobal("__assetportBoot", boot);
  globalThis.__assetportEarlyReady = { response: new Promise(() => undefined) };
  const request = firstSearchRequest(boot, BAKED_CONNECTION);
  if (!request) throw new Error("a quick action has a first search");
  const answer = json({ items: { total: 24, data: makeAssets(24, "arrow") } });
  globalThis.__assetportFirstSearch = { ...request, response: Promise.resolve(answer) };

  /** What #app held when the first render put anything in it. */
  let firstRender: { cells: number; placeholders: number } | undefined;
  new MutationObserver(() => {
    firstRender ??= {
      cells: app.querySelectorAll('[role="gridcell"]').length,
      placeholders: app.querySelectorAll(".skeleton").length,
    };
  }).observe(app, { childList: true });

  await import("../../src/ui/main");
  await vi.waitFor(() => expect(firstRender).toBeDefined());
  expect(firstRender?.cells).toBeGreaterThan(0);
});
