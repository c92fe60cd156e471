// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFiltersStore } from "../../src/ui/filters/filters-store";
import { createPageCache, PAGE_MAX_AGE_MS } from "../../src/ui/search/page-cache";
import { createSearchStore, SEARCH_PAGE } from "../../src/ui/search/search-store";
import {
  fakeService,
  heldAnswer,
  json,
  makeAssets,
  type Route,
  searchRoute,
  storeApi,
} from "./support/fake-service";

function setup(routes: Route[], debounceMs = 250) {
  const service = fakeService(...routes);
  const api = storeApi(service.fetch);
  const filters = createFiltersStore();
  const search = createSearchStore({ api: () => api, filters, debounceMs });
  return { service, filters, search };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("search store", () => {
  let dispose = () => {};
  afterEach(() => {
    dispose();
    vi.useRealTimers();
  });

  it("debounces typing: one request for a quickly typed word, with the whole word", async () => {
    vi.useFakeTimers();
    const { service, search } = setup([searchRoute(10)]);
    dispose = search.dispose;
    search.begin();
    await vi.advanceTimersByTimeAsync(0);
    expect(service.searches()).toHaveLength(1); // the opening browse
    for (const typed of ["c", "ca", "cat", "cats", "catsu", "catsup"]) {
      search.query.value = typed;
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(service.searches()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(250);
    const searches = service.searches();
    expect(searches).toHaveLength(2);
    expect(searches[1]?.searchParams.get("query")).toBe("catsup");
    expect(search.items.value[0]?.name).toBe("catsup 0");
  });

  it("aborts a search that a newer one made stale, and shows only the newer results", async () => {
    const held = heldAnswer();
    let firstSignal: AbortSignal | undefined;
    const slowCats: Route = (url, request) => {
      if (url.searchParams.get("query") !== "cats") return undefined;
      firstSignal = request.signal;
      return held.promise;
    };
    const { service, search } = setup([slowCats, searchRoute(3)], 0);
    dispose = search.dispose;
    search.begin();
    search.query.value = "cats";
    search.submitNow();
    await tick();
    expect(firstSignal?.aborted).toBe(false);
    search.query.value = "dogs";
    search.submitNow();
    await tick();
    await tick();
    expect(firstSignal?.aborted).toBe(true);
    held.release(json({ items: { total: 1, data: makeAssets(1, "late") } }));
    await tick();
    expect(search.items.value.map((a) => a.name)).toEqual(["dogs 0", "dogs 1", "dogs 2"]);
    expect(search.status.value).toBe("ready");
    expect(service.searches().map((u) => u.searchParams.get("query"))).toContain("dogs");
  });

  it("keeps the old results on screen while their replacement loads", async () => {
    const held = heldAnswer();
    const slowDogs: Route = (url) => (url.searchParams.get("query") === "dogs" ? held.promise : undefined);
    const { search } = setup([slowDogs, searchRoute(3)], 0);
    dispose = search.dispose;
    search.begin();
    await tick();
    await tick();
    expect(search.items.value[0]?.name).toBe("icon 0");
    search.query.value = "dogs";
    search.submitNow();
    await tick();
    expect(search.status.value).toBe("loading");
    expect(search.items.value[0]?.name).toBe("icon 0");
    held.release(json({ items: { total: 1, data: makeAssets(1, "dog") } }));
    await tick();
    await tick();
    expect(search.status.value).toBe("ready");
    expect(search.items.value.map((a) => a.name)).toEqual(["dog 0"]);
  });

  it("answers a search seen before from the page cache, sending no request", async () => {
    const { service, search } = setup([searchRoute(500)], 0);
    dispose = search.dispose;
    search.begin();
    for (const q of ["cat", "dog"]) {
      search.query.value = q;
      search.submitNow();
      await tick();
      await tick();
    }
    search.loadMore(); // dog, page 2
    await tick();
    await tick();
    const sent = service.searches().length;
    search.query.value = "cat";
    search.submitNow();
    await tick();
    expect(search.items.value[0]?.name).toBe("cat 0");
    search.query.value = "dog";
    search.submitNow();
    await tick();
    // Both pages of "dog" come back from memory.
    expect(search.items.value).toHaveLength(2 * SEARCH_PAGE);
    expect(service.searches()).toHaveLength(sent);
  });

  it("treats the same filters in another order as the same search", async () => {
    const { service, search, filters } = setup([searchRoute(5)], 0);
    dispose = search.dispose;
    search.begin();
    filters.styles.value = ["line", "flat"];
    await tick();
    await tick();
    const sent = service.searches().length;
    filters.styles.value = [];
    await tick();
    await tick();
    filters.styles.value = ["flat", "line"];
    await tick();
    expect(service.searches()).toHaveLength(sent + 1); // only the empty-styles search was new
  });

  it("pages up to the 1500-item window, then says to refine instead of asking for more", async () => {
    const { service, search } = setup([searchRoute(4000)], 0);
    dispose = search.dispose;
    search.begin();
    await tick();
    await tick();
    for (let i = 0; i < 40 && search.hasMore.value; i++) {
      search.loadMore();
      await tick();
      await tick();
    }
    // Every item of the window once, in order: no gap where the smaller last page starts.
    expect(search.items.value.map((item) => Number(item.uuid.split("-").pop()))).toEqual(
      Array.from({ length: 1500 }, (_, i) => i),
    );
    expect(search.hasMore.value).toBe(false);
    expect(search.windowReached.value).toBe(true);
    const asked = service
      .searches()
      .map((u) => `${u.searchParams.get("page")}x${u.searchParams.get("per_page")}`);
    // Seven pages of 200, then the window's last 100 as page 15 of 100.
    expect(asked).toEqual(["1x200", "2x200", "3x200", "4x200", "5x200", "6x200", "7x200", "15x100"]);
    search.loadMore();
    await tick();
    expect(service.searches()).toHaveLength(8);
  });

  it("stops at the last page of a small result without claiming a window limit", async () => {
    const { search } = setup([searchRoute(70)], 0);
    dispose = search.dispose;
    search.begin();
    await tick();
    await tick();
    search.loadMore();
    await tick();
    await tick();
    expect(search.items.value).toHaveLength(70);
    expect(search.hasMore.value).toBe(false);
    expect(search.windowReached.value).toBe(false);
  });

  it("forgets a page before the preview links it holds expire", () => {
    let clock = 0;
    const cache = createPageCache(10, PAGE_MAX_AGE_MS, () => clock);
    const page = { total: 1, data: makeAssets(1), raw: {} };
    cache.set("cat", 1, page);
    clock += PAGE_MAX_AGE_MS - 1;
    expect(cache.get("cat", 1)).toBe(page);
    clock += 1;
    expect(cache.get("cat", 1)).toBeUndefined();
    // Links are signed for an hour at least: a kept page always has time left to show its pictures.
    expect(PAGE_MAX_AGE_MS).toBeLessThanOrEqual(45 * 60_000);
  });
});
