// Searching in Chromium against the proxy and the local API over real HTTP: typing, filters, paging.
import type { Frame } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SEARCH_PAGE } from "../../src/ui/search/search-store";
import type { Harness } from "./support/harness";
import {
  askIcons,
  askProxy,
  browseSet,
  cell,
  cellNames,
  cells,
  chooseWeight,
  grid,
  screenshot,
  searchField,
  until,
  watchSearches,
  weightButton,
} from "./support/plugin";
import { e2eSession } from "./support/session";

/**
 * The icons the summary counts ("about 742 icons" while pages remain, exact once all are in): icons,
 * not the service's drawings, so never more than its total (which counts every weight).
 */
async function summaryCount(ui: Frame): Promise<number | null> {
  const text = (await ui.locator('[data-testid="result-count"]').textContent()) ?? "";
  const match = /^(?:about )?([\d,]+) icons$/.exec(text.trim());
  return match ? Number(match[1]!.replace(/,/g, "")) : null;
}

const e2e = e2eSession();
let harness: Harness;

const lastSearch = (seen: URL[]) => seen[seen.length - 1];
/** The first page of a search the ui sent: the grid may already have asked for page 2 as well. */
const firstPage = (seen: URL[], matches: (url: URL) => boolean) =>
  seen.find((url) => matches(url) && (url.searchParams.get("page") ?? "1") === "1");
const forQuery = (query: string) => (url: URL) => url.searchParams.get("query") === query;

describe("search", () => {
  it("paints the results of a typed query, one cell an icon, in the service's order", async () => {
    harness = await e2e.open();
    const seen = watchSearches(harness);
    await until(() => searchField(harness!.ui).evaluate((el) => el === document.activeElement)).toBe(true);
    await searchField(harness.ui).pressSequentially("arrow");
    await until(() => firstPage(seen, forQuery("arrow")) !== undefined).toBe(true);
    const asked = firstPage(seen, forQuery("arrow"))!;
    expect(asked.searchParams.get("asset")).toBe("icon");

    const answer = await askProxy(e2e.stack, asked);
    expect(answer.total).toBeGreaterThan(0);
    // Only the rows in view are painted: they are the first of the answer, in its order.
    await until(async () => (await cellNames(harness!.ui))[0]).toBe(answer.names[0]);
    const painted = await cellNames(harness.ui);
    expect(painted.length).toBeGreaterThan(0);
    // The rows in view may already reach into page 2 (fetched as the end of page 1 comes near).
    expect(painted).toEqual((await askIcons(e2e.stack, asked, 2)).slice(0, painted.length));
    await until(() => summaryCount(harness!.ui)).toSatisfy(
      (n: number | null) => n !== null && n > 0 && n <= answer.total,
    );
    // Previews arrive as images in the cells, loaded and decoded.
    await until(() =>
      cells(harness!.ui)
        .locator("img")
        .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
    ).toBeGreaterThan(0);
    await screenshot(harness, "results");
  });

  it("from quick actions: opens on the term typed there, already searched", async () => {
    harness = await e2e.open({ command: "search", parameters: { query: "arrow" } });
    const { ui } = harness;
    await until(() => searchField(ui).inputValue()).toBe("arrow");
    const asked = new URL("/v3/search", e2e.stack.proxyUrl);
    asked.searchParams.set("query", "arrow");
    asked.searchParams.set("asset", "icon");
    const answer = await askProxy(e2e.stack, asked);
    expect(answer.total).toBeGreaterThan(0);
    await until(async () => (await cellNames(ui))[0]).toBe(answer.names[0]);
    await until(() => summaryCount(ui)).toSatisfy(
      (n: number | null) => n !== null && n > 0 && n <= answer.total,
    );
  });

  it("leaves the icons' style to the variant switch and shows only the filters that apply to each type", async () => {
    harness = await e2e.open({ settings: { iconVariant: null } });
    const { ui } = harness;
    const seen = watchSearches(harness);
    await searchField(ui).fill("arrow");
    // The results' first page (the sets' counts follow it, each a search in one set).
    const results = (url: URL) =>
      forQuery("arrow")(url) && url.searchParams.get("per_page") === String(SEARCH_PAGE);
    await until(() => firstPage(seen, results) !== undefined).toBe(true);
    await cell(ui, 0).waitFor();

    await ui.getByRole("button", { name: "Filters" }).click();
    const group = (name: string) => ui.locator(`[data-filter="${name}"]`);
    await group("tags").waitFor();
    // The icon grid is a choice only where icons are drawn on two grids or more: asked of the proxy.
    const grids = await Promise.all(
      [16, 20, 24, 32, 48].map(async (grid) => {
        const url = new URL(firstPage(seen, results)!);
        url.searchParams.set("icon_grid", String(grid));
        url.searchParams.set("per_page", "1");
        return (await askProxy(e2e.stack, url)).total;
      }),
    );
    const gridsDrawnOn = grids.filter((total) => total > 0).length;
    await until(() => group("icon_grid").count()).toBe(gridsDrawnOn >= 2 ? 1 : 0);
    expect(await group("orientation").count()).toBe(0);

    // Phosphor's and Tabler's icons come in weights and styles: the weight menu is the one control
    // for them, so the panel offers no Style and no search narrows by one.
    await weightButton(ui).waitFor();
    expect(await group("styles").count()).toBe(0);
    await chooseWeight(ui, /^Fill/);
    await until(async () =>
      (await cells(ui).evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label") ?? ""))).some(
        (l) => /, (Fill|Filled)$/.test(l),
      ),
    ).toBe(true);
    expect(seen.some((url) => url.searchParams.has("styles[]"))).toBe(false);
    expect(await ui.getByRole("button", { name: "Filters", exact: true }).count()).toBe(1);
    await screenshot(harness, "filters");

    // Illustrations have orientations, styles and no icon grid; 3D has no styles, so none are sent for it.
    await ui.getByRole("button", { name: /^Asset type/ }).click();
    await ui.getByRole("radio", { name: "Illustrations" }).click();
    await group("orientation").waitFor();
    expect(await group("icon_grid").count()).toBe(0);
    expect(await group("styles").count()).toBe(1);
    await ui.getByRole("button", { name: /^Asset type/ }).click();
    await ui.getByRole("radio", { name: "3D" }).click();
    await until(() => lastSearch(seen)?.searchParams.get("asset")).toBe("3d");
    expect(await group("styles").count()).toBe(0);
    expect(lastSearch(seen)!.searchParams.getAll("styles[]")).toEqual([]);
  });
});

describe("scroll", () => {
  it("loads the next pages as the grid nears its end, keeping only the cells in view in the DOM", async () => {
    harness = await e2e.open();
    const { ui, page } = harness;
    const seen = watchSearches(harness);
    await browseSet(ui, "Tabler");
    const box = (await grid(ui).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // Scroll like a designer: wheel turns until results of page 3 are on screen (any cell from
    // index 120 on: a turn that lands past 120 has scrolled it out of the DOM again).
    await until(async () => {
      await page.mouse.wheel(0, 400);
      const shown = await cells(ui).evaluateAll((all) =>
        all.map((el) => Number(el.getAttribute("data-index"))),
      );
      return Math.max(-1, ...shown) >= 120;
    }).toBe(true);
    // Index 120 exists only once enough pages have arrived to hold 121 icons (variants share a cell).
    // The set's results, not the one-item searches that count sets.
    // (The one-item counts and the sets' small sample searches are not the grid's pages.)
    const browsed = seen.filter(
      (url) =>
        url.searchParams.has("contributors[]") &&
        !url.searchParams.has("sort") &&
        !url.searchParams.get("query") &&
        url.searchParams.get("per_page") === String(SEARCH_PAGE),
    );
    expect(browsed.length).toBeGreaterThan(0);
    const pages = Math.max(...browsed.map((url) => Number(url.searchParams.get("page") ?? 1)));
    const names = await askIcons(e2e.stack, browsed[0]!, pages);
    // The first cell shown from index 120 on is the icon the service lists there.
    const inDom = await cells(ui).evaluateAll((all) =>
      all.map((el) => Number(el.getAttribute("data-index"))),
    );
    const at = Math.min(...inDom.filter((i) => i >= 120));
    expect(await cell(ui, at).getAttribute("data-name")).toBe(names[at]);

    // Virtualised: the top rows have left the DOM, and only the rows in view (plus a couple either
    // side) exist, however many were loaded.
    const columns = Number(await grid(ui).getAttribute("aria-colcount"));
    const loaded = Number(await grid(ui).getAttribute("aria-rowcount")) * columns;
    expect(loaded).toBeGreaterThan(120);
    // One reading of the DOM, so that a page arriving meanwhile cannot mix two renders.
    const dom = await grid(ui).evaluate((el) => {
      const tops = [...el.querySelectorAll<HTMLElement>('[role="row"]')].map((r) => r.offsetTop);
      const indices = [...el.querySelectorAll('[role="gridcell"]')].map((c) =>
        Number(c.getAttribute("data-index")),
      );
      return { indices, height: el.clientHeight, rowHeight: (tops[1] ?? 0) - (tops[0] ?? 0) };
    });
    expect(dom.indices).not.toContain(0);
    expect(dom.rowHeight).toBeGreaterThan(0);
    expect(dom.indices.length).toBeLessThanOrEqual((Math.ceil(dom.height / dom.rowHeight) + 5) * columns);
    // A contiguous run of results around the view.
    expect(Math.max(...dom.indices) - Math.min(...dom.indices) + 1).toBe(dom.indices.length);
  });
});
