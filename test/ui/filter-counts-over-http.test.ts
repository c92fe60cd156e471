// The figures the filter panel offers against what choosing them yields, over the proxy and the
// embedded local API on 127.0.0.1: a tag or category that says N gives a search whose results the
// window counts as N (the same figure, said "about" the same way), whatever pages were loaded when
// the panel was read.

import { afterAll, beforeAll, expect, it } from "vitest";
import { SEARCH_PAGE } from "../../src/ui/search/search-store";
import { chipCount } from "../../src/ui/sets/SetsFilter";
import { countLabel, resultSummary } from "../../src/ui/variants/icon-counts";
import { countWords } from "../../src/ui/variants/icon-estimate";
import { type Stack, startStack } from "../e2e/support/stack";
import { openWindowOverHttp } from "./support/window-over-http";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(() => stack.stop());

const openWindow = () => openWindowOverHttp(stack);

/** What the window says the results are: the "All sets" chip and the results line read this. */
function shown(app: Awaited<ReturnType<typeof openWindow>>["app"]): string {
  const all = app.iconCounts.all.value;
  return all ? countWords(all) : "(counting)";
}

it.each([
  ["tags", "arrow"],
  ["categories", "a"],
] as const)(
  "a suggested %s value for %j yields the figure it says",
  async (facet, query) => {
    const { app, fill } = await openWindow();
    app.filtersOpen.value = true;
    app.search.query.value = query;
    app.search.submitNow();
    await fill();
    // The query's results run past the pages loaded: a count of those pages alone would be a part.
    expect(app.search.hasMore.value).toBe(true);
    const offered = (facet === "tags" ? app.facets.tags : app.facets.categories).value;
    expect(offered.length).toBeGreaterThan(2);
    const text = facet === "tags" ? app.filters.includeTags : app.filters.categories;
    // A value narrows the results: it never says more icons than they have.
    const whole = app.iconCounts.all.value;
    expect(whole).toBeTruthy();
    for (const { value, count } of offered)
      expect(`${value} ${count?.count}`).toBe(`${value} ${Math.min(count?.count ?? 0, whole?.count ?? 0)}`);
    let partial = 0;
    for (const pick of offered.slice(0, 3)) {
      const said = pick.count;
      expect(said, `${pick.value} is counted`).toBeDefined();
      if (!said) continue;
      text.value = pick.value;
      await fill();
      // The same words, whatever pages are in: a search its first page holds is counted from its
      // cells, exactly, and one that runs past it by one rule for one search.
      if (app.search.total.value > SEARCH_PAGE) partial++;
      else expect(app.iconCounts.all.value?.about).toBe(false);
      expect(`${pick.value}: ${shown(app)}`).toBe(`${pick.value}: ${countWords(said)}`);
      text.value = "";
      await fill();
    }
    expect(partial).toBeGreaterThan(0);
  },
  60_000,
);

it("never says a value narrowing the results has more icons than they do", async () => {
  const { app, fill } = await openWindow();
  app.filtersOpen.value = true;
  app.search.query.value = "arrow";
  app.search.submitNow();
  await fill();
  const whole = app.iconCounts.all.value;
  // "arrow" is nearly all in the Arrows category: its own ratio of drawings once said more.
  const arrows = app.facets.categories.value.find((s) => s.value === "arrows");
  expect(arrows?.count).toBeDefined();
  expect(arrows?.count?.count).toBeLessThanOrEqual(whole?.count ?? 0);
}, 60_000);

it.each(["pointer", "arrow"])(
  "with a tag chosen for %j, the set chips add up to All sets and to the results line",
  async (query) => {
    const { app, fill } = await openWindow();
    app.filtersOpen.value = true;
    app.search.query.value = query;
    app.search.submitNow();
    await fill();
    // A tag the results carry that still leaves pages to load: its figures are estimates.
    const tag = app.facets.tags.value.find((s) => s.count?.about);
    expect(tag, "a tag said about").toBeDefined();
    app.filters.includeTags.value = tag!.value;
    await fill();
    expect(app.search.hasMore.value).toBe(true);
    const chips = app.sets.list.value.map((set) => app.iconCounts.ofSet(set));
    expect(chips.every((chip) => chip)).toBe(true);
    const sum = chips.reduce((n, chip) => n + (chip?.count ?? 0), 0);
    const all = app.iconCounts.all.value;
    // The figures as shown: "All sets" is the sum of the chips beside it, and the results line says it.
    expect(chipCount(all)).toBe(chipCount({ count: sum, about: true }));
    expect(all?.about).toBe(chips.some((chip) => chip?.about));
    expect(resultSummary(app.iconCounts, "icons", null)).toBe(countLabel(all!, "icons"));
    // And the tag's suggestion said that very figure before it was chosen.
    expect(countWords(tag!.count!)).toBe(countWords(all!));
  },
  60_000,
);
