// The window's stores over real HTTP (the proxy and the local API of a test stack), as the request
// and count tests drive them: started, settled, and filled with pages as the grid would ask.
import { createAppState } from "../../../src/ui/app-state";
import { createUiApi } from "../../../src/ui/services/ui-api";
import { groupVariants } from "../../../src/ui/variants/group-variants";
import type { Stack } from "../../e2e/support/stack";
import { fakePlugin } from "./fake-plugin";
import { untilQuiet } from "./until-quiet";

const SEARCH = "GET /v3/search";
/** A 360 px window shows about eight rows of six cells: the grid asks for more until it has these. */
const CELLS_IN_VIEW = 48;

export interface OverHttpOptions {
  storage?: Map<string, unknown>;
  /** The client's fetch (a recording one), else the global one. */
  fetch?: typeof fetch;
}

export async function openWindowOverHttp(stack: Stack, options: OverHttpOptions = {}) {
  const plugin = fakePlugin({ storage: options.storage ?? new Map<string, unknown>() });
  plugin.storage.set("settings", { proxyUrl: stack.proxyUrl });
  const retry = { rateLimitRetries: 0, failureRetries: 0 };
  const app = createAppState({
    port: plugin.port,
    debounceMs: 0,
    makeApi: (url, token) =>
      createUiApi(url, token, options.fetch ? { fetch: options.fetch, retry } : { retry }),
    baked: { proxyUrls: [stack.proxyUrl], accessToken: stack.token },
  });
  /** Until the proxy has seen no new search over a few rounds (every answer in, nothing more asked). */
  const quiet = (rounds?: number) => untilQuiet(() => stack.count(SEARCH), rounds);
  await app.start();
  await quiet();
  /** More pages while the cells (one per icon) do not fill the view, as the grid asks. */
  async function fill() {
    await quiet();
    while (app.search.hasMore.value && groupVariants(app.search.items.value).length < CELLS_IN_VIEW) {
      app.search.loadMore();
      await quiet();
    }
  }
  return { app, plugin, fill, quiet };
}
