// The window's stores as main.tsx builds them over a fake service, for the tests of what the page's
// first script sends (first-search, first-sets): one baked server, a designer's token, and every
// window made here disposed after each test.
import { afterEach } from "vitest";
import { createAppState } from "../../../src/ui/app-state";
import type { BakedConnection } from "../../../src/ui/settings/connection";
import { fakePlugin } from "./fake-plugin";
import { PROXY } from "./fake-service";
import { testApi } from "./mount";

export const BAKED: BakedConnection = { proxyUrls: [PROXY], accessToken: "" };
export const SETTINGS = { proxyUrl: PROXY, accessToken: "design-token" };

const open: (() => void)[] = [];
afterEach(() => {
  for (const dispose of open.splice(0)) dispose();
});

/** The window's stores, their fetch going through `fetch`; disposed after the test. */
export function windowOver(fetch: typeof globalThis.fetch) {
  const app = createAppState({
    port: fakePlugin().port,
    debounceMs: 0,
    makeApi: (proxyUrl, token) => testApi(fetch, proxyUrl, token),
    baked: BAKED,
  });
  open.push(() => app.search.dispose());
  return app;
}
