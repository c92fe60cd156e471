// @vitest-environment happy-dom
// The search tab's browsing: the home an empty search opens on, the set filter, the filters that offer
// only what matches, and a search bar with no browser-default control.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_PAGE } from "../../src/ui/search/search-store";
import { searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, settle } from "./support/mount";
import { catalogue, catalogueRoute } from "./support/sets-route";

type Ui = Awaited<ReturnType<typeof mountApp>>;
const click = (el: Element | null | undefined) => act(() => (el as HTMLElement | null)?.click());
const texts = (ui: Ui, selector: string) =>
  [...ui.container.querySelectorAll(selector)].map((el) => el.textContent?.trim());
const mainSearches = (ui: Ui) =>
  ui.service
    .searches()
    .filter((u) => u.searchParams.get("per_page") === String(SEARCH_PAGE) && !u.searchParams.has("sort"));

describe("browsing", () => {
  beforeAll(() => fakeLayout(360, 400));
  let ui: Ui | undefined;
  afterEach(() => {
    ui?.unmount();
    ui = undefined;
  });

  it("opens on the sets, each with its count and samples, not on results; a card searches its set", async () => {
    ui = await mountApp({ routes: [catalogueRoute(catalogue({ tabler: 90, phosphor: 40 }))] });
    await settle();
    expect(ui.container.querySelector('[data-testid="home"]')).not.toBeNull();
    expect(ui.container.querySelector('[role="grid"]')).toBeNull();
    expect(texts(ui, ".set-card__name")).toEqual(["Phosphor", "Tabler"]);
    expect(texts(ui, ".set-card__count")).toEqual(["40 icons", "90 icons"]);
    expect(ui.container.querySelectorAll(".set-card")[0]?.querySelectorAll("img").length).toBeGreaterThan(0);
    expect(texts(ui, ".sets .sets__name")).toEqual(["All sets", "Phosphor", "Tabler"]);
    expect(texts(ui, ".sets .sets__count")).toEqual(["130", "40", "90"]);
    // Under the cards, icons of the page searched at open: one cell an icon, and no search of their own.
    const featured = [...ui.container.querySelectorAll(".home__featured-item")];
    expect(featured.length).toBeGreaterThan(0);
    expect(new Set(featured.map((b) => b.getAttribute("aria-label"))).size).toBe(featured.length);
    expect(mainSearches(ui).length).toBe(1);
    // The arrow key leads from the search field into the home, as it leads into results.
    await act(() => {
      ui!.container
        .querySelector('input[type="search"]')
        ?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    });
    expect(document.activeElement?.classList.contains("set-card")).toBe(true);

    await click(
      [...ui.container.querySelectorAll(".set-card")].find((c) => c.textContent?.includes("Tabler")),
    );
    await settle();
    expect(mainSearches(ui).at(-1)?.searchParams.getAll("contributors[]")).toEqual(["tabler"]);
    expect(ui.container.querySelector('[data-testid="home"]')).toBeNull();
    expect(ui.container.querySelector('.sets [aria-checked="true"] .sets__name')?.textContent).toBe("Tabler");
    // The field says where it searches now.
    expect(ui.container.querySelector<HTMLInputElement>('input[type="search"]')?.placeholder).toBe(
      "Search Tabler",
    );
    expect(ui.container.querySelector('[role="gridcell"]')?.getAttribute("data-name")).toMatch(/^tabler /);

    // Escape goes back to all sets, and the home.
    await act(() => {
      ui!.container
        .querySelector(".app")
        ?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    await settle();
    expect(ui.app.search.set.value).toBeNull();
    expect(ui.container.querySelector('[data-testid="home"]')).not.toBeNull();
    expect(ui.container.querySelector<HTMLInputElement>('input[type="search"]')?.placeholder).toBe(
      "Search icons",
    );
  });

  it("loads a set's second page when its first, replacing results of the same length, fills the view", async () => {
    ui = await mountApp({ routes: [catalogueRoute(catalogue({ tabler: 400, phosphor: 400 }))] });
    await settle();
    // A window tall enough that a page of results does not fill it.
    fakeLayout(360, 1600);
    await click(ui.container.querySelector(".set-card"));
    await settle(6);
    fakeLayout(360, 400);
    const pages = mainSearches(ui).filter(
      (u) => u.searchParams.getAll("contributors[]").join() === "phosphor",
    );
    expect(pages.map((u) => u.searchParams.get("page"))).toEqual(["1", "2"]);
  });

  it("leaves the home while a query is searched and comes back when it is cleared", async () => {
    ui = await mountApp({ routes: [catalogueRoute(catalogue({ tabler: 20, phosphor: 20 }))] });
    await settle();
    await act(() => {
      ui!.app.search.query.value = "1";
      ui!.app.search.submitNow();
    });
    await settle();
    expect(ui.container.querySelector('[data-testid="home"]')).toBeNull();
    expect(ui.container.querySelector('[role="gridcell"]')).not.toBeNull();
    await act(() => ui!.app.search.clearQuery());
    await settle();
    expect(ui.container.querySelector('[data-testid="home"]')).not.toBeNull();
  });

  it("shows the results when the service's assets name no set", async () => {
    ui = await mountApp({ routes: [searchRoute(30)] });
    expect(ui.container.querySelector('[data-testid="home"]')).toBeNull();
    expect(ui.container.querySelector(".sets")).toBeNull();
    expect(ui.container.querySelector('[role="gridcell"]')).not.toBeNull();
  });

  it("has no browser-default control in the search bar or the filters, and a gear for settings", async () => {
    ui = await mountApp({ routes: [catalogueRoute(catalogue({ tabler: 20 }))] });
    await act(() => {
      ui!.app.filtersOpen.value = true;
    });
    await settle();
    expect(ui.container.querySelectorAll("select, datalist, input[list], input[type=date]").length).toBe(0);
    expect(ui.container.querySelector('[aria-label="Settings"] svg path')?.getAttribute("d")).toMatch(/Z/);
    // The active filters' count sits beside the filter icon, not over it.
    await act(() => {
      ui!.app.filters.styles.value = ["line"];
    });
    const filterButton = ui.container.querySelector('[aria-controls="filters"]');
    expect(filterButton?.getAttribute("aria-label")).toBe("Filters, 1 active");
    expect(filterButton?.querySelector(".searchbar__badge")?.previousElementSibling?.tagName).toBe("svg");
  });

  it("offers only the styles that match, with counts, and tags and categories from the results", async () => {
    const assets = catalogue({ tabler: 30 }).map((a) => ({
      ...a,
      styles: [a.styles[0] === "glyph" ? "glyph" : "flat"],
    }));
    ui = await mountApp({ routes: [catalogueRoute(assets)] });
    await settle();
    // Styles are counted only for an open panel: they cost a request each.
    expect(ui.service.searches().some((u) => u.searchParams.has("styles[]"))).toBe(false);
    await act(() => {
      ui!.app.filtersOpen.value = true;
    });
    await settle(6);
    expect(texts(ui, '[data-filter="styles"] .chip')).toEqual(["Flat20", "Solid10"]);
    // Every result carries "arrow": choosing it would narrow nothing, so it is not offered.
    expect(texts(ui, '[data-filter="tags"] .chip')).toEqual(["Round15"]);
    expect(texts(ui, '[data-filter="categories"] .chip')).toEqual(["Business22", "Travel8"]);

    await click(
      [...ui.container.querySelectorAll('[data-filter="tags"] .chip')].find((c) =>
        c.textContent?.startsWith("Round"),
      ),
    );
    await settle();
    expect(mainSearches(ui).at(-1)?.searchParams.getAll("include_tags[]")).toEqual(["round"]);
    // Chosen, its chip unchooses: no figure (what it gives now is the results themselves).
    expect(ui.container.querySelector('[data-filter="tags"] .chip[aria-pressed="true"]')?.textContent).toBe(
      "Round",
    );

    await click(
      [...ui.container.querySelectorAll('[data-filter="price"] [role="radio"]')].find(
        (r) => r.textContent === "Free",
      ),
    );
    await settle();
    expect(mainSearches(ui).at(-1)?.searchParams.get("price")).toBe("free");
  });
});
