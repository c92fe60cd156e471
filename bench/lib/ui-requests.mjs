// The ui bench's request counts (bench/ui.bench.mjs): the searches the proxy answers while a window
// opens, while a query is typed (with the filter panel open or not), and while the results scroll.
// Against the proxy's Node entry with the local API in-process, as `npm start` runs them.
import { SEARCH_PAGE } from "../../src/ui/search/search-store.ts";
import { openHarness } from "../../test/e2e/support/harness.ts";
import { seedSettings, sleep, waitFor as waitForIn } from "./harness.mjs";

const SEARCH = "GET /v3/search";
/** Ten letters, typed at 120 ms a key (a steady typist; the ui waits 250 ms after the last key). */
export const QUERY = "calculator";
export const KEY_DELAY_MS = 120;
/** Cells scrolled per step in the paging figure (one page of results when pages were 60). */
const SCROLL_STEP = 60;
/** The query the paging figure scrolls through, launched from quick actions. */
const PAGING_QUERY = "arrow";
const SNAPSHOT_KEY = "assetport.home-snapshot";
const prepare = (stack) => (emulator) => seedSettings(emulator, stack);
const waitFor = (read, what) => waitForIn("ui", read, what, 15_000);

/** Waits until the proxy has seen no new search for `quietMs` (the ui has stopped asking). */
export async function quiet(stack, quietMs = 600) {
  let last = stack.count(SEARCH);
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    await sleep(50);
    const now = stack.count(SEARCH);
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

/**
 * Searches the proxy answered while opening a window on the home until it asks nothing more: the
 * first-ever open, or a later one with the home a previous window kept.
 */
export async function openingRequests(stack, browser, kept) {
  const before = stack.count(SEARCH);
  const harness = await openHarness({
    browser,
    proxyUrls: [stack.proxyUrl],
    prepare: async (emulator) => {
      await seedSettings(emulator, stack);
      if (kept) await emulator.figma.clientStorage.setAsync(SNAPSHOT_KEY, kept);
    },
  });
  try {
    await harness.ui.locator('[data-testid="home"] .set-card:not([aria-busy="true"])').first().waitFor();
    await quiet(stack, 1000);
    return stack.count(SEARCH) - before;
  } finally {
    await harness.close();
  }
}

/**
 * Searches the proxy answered while typing QUERY into a freshly opened window (with the filter panel
 * opened first, when `filters`).
 */
export async function typingRequests(stack, browser, { filters = false } = {}) {
  const harness = await openHarness({ browser, proxyUrls: [stack.proxyUrl], prepare: prepare(stack) });
  try {
    // From the home, its sets counted: the typing's searches are all that is counted.
    await harness.ui.locator('[data-testid="home"] .set-card:not([aria-busy="true"])').first().waitFor();
    if (filters) await harness.ui.getByRole("button", { name: /^Filters/ }).click();
    await quiet(stack);
    const before = stack.count(SEARCH);
    const sent = [];
    harness.page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname !== "/v3/search") return;
      const q = url.searchParams;
      // A page of the results is told apart from the small searches that count sets and filters.
      const set = q.get("contributors[]");
      const page = q.get("per_page") === String(SEARCH_PAGE);
      sent.push(
        `${q.get("query") ?? ""} ${page ? `p${q.get("page") ?? 1}` : set ? `count in ${set}` : "count"}`,
      );
    });
    await harness.ui.locator('input[type="search"]').pressSequentially(QUERY, { delay: KEY_DELAY_MS });
    // Longer than the ui's 250 ms debounce plus an answer: every search the typing causes has arrived.
    await quiet(stack, 1000);
    const counts = sent.filter((s) => s.includes(" count")).length;
    return { count: stack.count(SEARCH) - before - counts, counts, sent };
  } finally {
    await harness.close();
  }
}

/**
 * Searches sent while scrolling three steps of 60 cells forward (cell 60n brought to the top of the
 * grid, for n = 1..3) and back to the top, counted from the settled window after opening.
 */
export async function pagingRequests(stack, browser) {
  const beforeOpen = stack.count(SEARCH);
  const harness = await openHarness({
    browser,
    proxyUrls: [stack.proxyUrl],
    command: "search",
    parameters: { query: PAGING_QUERY },
    prepare: prepare(stack),
  });
  const { ui } = harness;
  // The searches this window sent, by step: another window's late answer is not this scroll's.
  const sent = [];
  let step = "open";
  harness.page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname !== "/v3/search") return;
    const q = url.searchParams;
    const page =
      q.get("per_page") === String(SEARCH_PAGE) ? `p${q.get("page") ?? 1}` : `${q.get("per_page")} each`;
    sent.push({ step, what: `${step}: ${q.get("query") ?? ""} ${page}` });
  });
  try {
    await ui.locator('[role="gridcell"]').first().waitFor();
    await quiet(stack);
    const atOpen = stack.count(SEARCH);
    const grid = ui.locator('[role="grid"]');
    const geometry = await grid.evaluate((el) => {
      const tops = [...el.querySelectorAll('[role="row"]')].map((r) => r.offsetTop);
      return { rowHeight: tops[1] - tops[0], columns: Number(el.getAttribute("aria-colcount")) };
    });
    // Steps of 60 cells, as when a page was 60 results: the same scroll before and after pages grew.
    const rowsPerStep = SCROLL_STEP / geometry.columns;
    const scrollToPage = async (page) => {
      const top = (page - 1) * rowsPerStep * geometry.rowHeight;
      await grid.evaluate((el, y) => el.scrollTo({ top: y }), top);
      const first = (page - 1) * SCROLL_STEP;
      await waitFor(() => ui.locator(`[data-index="${first}"]`).count(), `cell ${first} on screen`);
      await quiet(stack);
    };
    step = "forward";
    for (const page of [2, 3, 4]) await scrollToPage(page);
    step = "back";
    for (const page of [3, 2, 1]) await scrollToPage(page);
    const of = (phase) => sent.filter((s) => s.step === phase);
    return {
      opening: atOpen - beforeOpen,
      forward: of("forward").length,
      back: of("back").length,
      sent: [...of("forward"), ...of("back")].map((s) => s.what),
      proxied: stack.count(SEARCH) - atOpen,
    };
  } finally {
    await harness.close();
  }
}
