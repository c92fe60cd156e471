// How many pages the grid asks while a designer scrolls "arrow" three screens down and back, over the
// proxy and the embedded local API: its icons' weights spread over later pages (one page brought no
// new icon at all), so pages of too few drawings asked a page per screen and one more. Counts, never
// times; every icon once, none missing.

import { afterAll, beforeAll, expect, it } from "vitest";
import { createFiltersStore } from "../../../src/ui/filters/filters-store";
import { gridLayout, nearEnd } from "../../../src/ui/grid/visible-range";
import { createSearchStore } from "../../../src/ui/search/search-store";
import { createUiApi } from "../../../src/ui/services/ui-api";
import { groupVariants } from "../../../src/ui/variants/group-variants";
import { type Stack, startStack } from "../../e2e/support/stack";
import { untilQuiet } from "../support/until-quiet";

const SEARCH = "GET /v3/search";
/** The grid of a 360 x 560 window: six icon cells a row, seven rows and a bit in view. */
const VIEW = { width: 328, height: 372, cellSize: 48, gap: 4 };
/** Steps of 60 cells (ten rows), as the ui bench scrolls. */
const STEP_ROWS = 10;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(() => stack.stop());

it("asks at most three pages scrolling three screens of 'arrow' forward, none back, every icon once", async () => {
  const search = createSearchStore({
    api: () => createUiApi(stack.proxyUrl, stack.token),
    filters: createFiltersStore(),
    debounceMs: 0,
  });
  const quiet = () => untilQuiet(() => stack.count(SEARCH));
  /** The grid at `row` on top: it asks for pages while its rendered cells come near the end. */
  async function scrollTo(row: number) {
    for (let asked = 0; asked < 20; asked++) {
      const count = groupVariants(search.items.value).length;
      const layout = gridLayout({ ...VIEW, count, scrollTop: row * (VIEW.cellSize + VIEW.gap) });
      if (!nearEnd(layout, count) || !search.hasMore.value) return;
      search.loadMore();
      await quiet();
      if (groupVariants(search.items.value).length === count && !search.hasMore.value) return;
    }
  }
  try {
    search.query.value = "arrow";
    search.submitNow();
    await quiet();
    await scrollTo(0);
    const atOpen = stack.count(SEARCH);
    for (const step of [1, 2, 3]) await scrollTo(step * STEP_ROWS);
    const forward = stack.count(SEARCH) - atOpen;
    for (const step of [2, 1, 0]) await scrollTo(step * STEP_ROWS);
    const back = stack.count(SEARCH) - atOpen - forward;
    expect(forward).toBeLessThanOrEqual(3);
    expect(back).toBe(0);
    // What the third screen shows is there: its last row, under the overscan, is all loaded.
    const cells = groupVariants(search.items.value);
    const third = gridLayout({ ...VIEW, count: cells.length, scrollTop: 3 * STEP_ROWS * 52 });
    expect(cells.length).toBeGreaterThanOrEqual(third.last);
    const uuids = search.items.value.map((item) => item.uuid);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(new Set(cells.map((cell) => cell.key)).size).toBe(cells.length);
  } finally {
    search.dispose();
  }
}, 60_000);
