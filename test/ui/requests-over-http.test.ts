// How many searches the window's own stores send, over the proxy and the embedded local API on
// 127.0.0.1: opening on the home, typing queries (with the grid's appetite for rows played here), and
// typing with the filter panel open. Counts, never times, so a saving cannot regress unseen.

import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { SUGGESTIONS_SHOWN } from "../../src/ui/filters/facets-store";
import { SEARCH_PAGE } from "../../src/ui/search/search-store";
import { type Stack, startStack } from "../e2e/support/stack";
import { untilQuiet } from "./support/until-quiet";
import { openWindowOverHttp } from "./support/window-over-http";

const SEARCH = "GET /v3/search";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(() => stack.stop());

/** Every search the window sent, in order. */
const sent: URL[] = [];
const recording = (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (url.pathname === "/v3/search") sent.push(url);
  return fetch(request);
};

/** What a search was for, read from its parameters. */
function kind(url: URL): string {
  const p = url.searchParams;
  if (p.get("sort") === "featured") return "featured";
  if (p.get("per_page") === String(SEARCH_PAGE)) return "page";
  if (p.get("per_page") === "1") {
    if (p.has("include_tags[]") || p.has("categories[]")) return "suggestion count";
    if (p.has("contributors[]")) return "set count";
    if (p.has("styles[]") || p.has("icon_grid") || p.has("price")) return "filter count";
    return "all sets count";
  }
  if (p.has("contributors[]") && p.has("query")) return "set shape";
  if (p.has("contributors[]")) return "set samples";
  return "other";
}

/** The searches sent since `from`, by kind. */
function tally(from: number): Record<string, number> {
  const by: Record<string, number> = {};
  for (const url of sent.slice(from)) by[kind(url)] = (by[kind(url)] ?? 0) + 1;
  return by;
}

/** Until the proxy has seen no new search over a few rounds (every answer in, nothing more asked). */
const quiet = (rounds?: number) => untilQuiet(() => stack.count(SEARCH), rounds);

/** The window's stores over real HTTP, started and settled, its searches recorded. */
async function openWindow(storage = new Map<string, unknown>()) {
  const window = await openWindowOverHttp(stack, { storage, fetch: recording });
  /** A query typed, then more pages as the grid asks: the searches that sent, by kind. */
  async function type(query: string): Promise<Record<string, number>> {
    const from = sent.length;
    window.app.search.query.value = query;
    window.app.search.submitNow();
    await window.fill();
    return tally(from);
  }
  return { ...window, type };
}

it("opens on the home: one page, one look for sets, and each set's samples and shape once", async () => {
  const from = sent.length;
  const proxied = stack.count(SEARCH);
  const { app } = await openWindow();
  const sets = app.sets.list.value;
  expect(sets.length).toBeGreaterThan(1);
  expect(sets.every((set) => set.count !== null && set.samples.length > 0)).toBe(true);
  const by = tally(from);
  expect(by.page).toBe(1);
  expect(by.featured).toBe(1);
  expect(by["set samples"]).toBe(sets.length);
  expect(by["set shape"]).toBeLessThanOrEqual(3 * sets.length);
  expect(by["all sets count"]).toBeUndefined();
  // What the window sent is what the proxy answered.
  expect(stack.count(SEARCH) - proxied).toBe(sent.length - from);
});

it("a later open within minutes of the last looks for no sets: the kept home names them", async () => {
  const storage = new Map<string, unknown>();
  const first = await openWindow(storage);
  // The home is kept once its answers have settled (1.5 s), and its pictures are inlined: waited
  // for rather than timed, so a loaded machine does not fail it.
  await vi.waitFor(() => expect(typeof storage.get("home-snapshot")).toBe("string"), { timeout: 10_000 });
  const kept = storage.get("home-snapshot") as string;
  first.app.search.dispose();

  let from = sent.length;
  const later = await openWindow(storage);
  const fresh = tally(from);
  expect(fresh.featured).toBeUndefined();
  expect(fresh.page).toBe(1);
  expect(later.app.sets.list.value.map((set) => set.name)).toEqual(
    first.app.sets.list.value.map((set) => set.name),
  );
  later.app.search.dispose();

  // Kept an hour ago: the sets are looked for again.
  storage.set("home-snapshot", kept.replace(/"savedAt":\d+/, `"savedAt":${Date.now() - 3_600_000}`));
  from = sent.length;
  (await openWindow(storage)).app.search.dispose();
  expect(tally(from).featured).toBe(1);
});

it("a typed query costs one page and a count per set; one whose results all fit, its page alone", async () => {
  const { app, type } = await openWindow();
  const sets = app.sets.list.value.length;
  // "calculator" matches 400 drawings in two sets, most in six weights: one page fills the view.
  // The filter panel is shut: no category or tag is counted.
  expect(await type("calculator")).toEqual({ page: 1, "set count": sets });
  expect(app.sets.allCount.value).toBe(app.search.total.value);
  expect(app.sets.list.value.every((set) => set.count !== null)).toBe(true);
  // "rocket" matches fewer than a page: its sets are counted from the results themselves.
  expect(await type("rocket")).toEqual({ page: 1 });
  expect(app.search.items.value.length).toBe(app.search.total.value);
  const counted = app.sets.list.value.reduce((n, set) => n + (set.count ?? 0), 0);
  expect(counted).toBe(app.search.total.value);
});

it("with the filter panel open, a query counts only the filter values that exist for the type", async () => {
  const { app, type } = await openWindow();
  app.filtersOpen.value = true;
  await quiet();
  const existing = [app.facets.styleCounts, app.facets.gridCounts, app.facets.priceCounts]
    .map((counts) => Object.values(counts.value).filter((n) => (n ?? 0) > 0).length)
    .reduce((a, b) => a + b, 0);
  const offered = [app.facets.styleCounts, app.facets.gridCounts, app.facets.priceCounts]
    .map((counts) => Object.keys(counts.value).length)
    .reduce((a, b) => a + b, 0);
  // The catalogue has values that match nothing (most of the eleven styles): those are not asked.
  expect(existing).toBeLessThan(offered);
  const by = await type("star");
  expect(by["filter count"]).toBeLessThanOrEqual(existing);
  // Each suggested category and tag is counted once in each set the search finds, as the set chips
  // count the search choosing it (which then costs no count of its own): its figure is their sum.
  const found = app.sets.list.value.filter((set) => (set.count ?? 0) > 0).length;
  expect(by["suggestion count"] ?? 0).toBeLessThanOrEqual(2 * SUGGESTIONS_SHOWN * found);
  expect(by.page).toBe(1);
  expect(by["set count"]).toBe(app.sets.list.value.length);
  // The weight switch owns the icons' style here (Phosphor's weights): no style is counted at all.
  expect(app.filters.switchPicksIconStyle.value).toBe(true);
  expect(app.facets.styleCounts.value).toEqual({});
});
