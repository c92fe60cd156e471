import { signal } from "@preact/signals";
import { afterEach, describe, expect, it } from "vitest";
import { STYLES } from "../../src/api/contract/tables";
import { createFacetsStore, mostFrequent, narrowerOrSame } from "../../src/ui/filters/facets-store";
import { createFiltersStore } from "../../src/ui/filters/filters-store";
import { createSearchStore } from "../../src/ui/search/search-store";
import { createTotals } from "../../src/ui/sets/totals";
import { similarFacets } from "../../src/ui/similar/similar-facets";
import { fakeService, storeApi } from "./support/fake-service";
import { catalogue, catalogueRoute } from "./support/sets-route";

const settle = async () => {
  for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

function setup() {
  const service = fakeService(catalogueRoute(catalogue({ tabler: 9 })));
  const api = storeApi(service.fetch);
  const filters = createFiltersStore();
  const search = createSearchStore({ api: () => api, filters, debounceMs: 0 });
  const totals = createTotals({ api: () => api });
  const open = signal(false);
  const facets = createFacetsStore({ search, totals, active: open, stylesApply: filters.stylesApply });
  search.begin();
  const styleCounts = () => service.searches().filter((u) => u.searchParams.has("styles[]"));
  return { search, filters, totals, facets, open, styleCounts };
}

describe("filter facets", () => {
  let dispose = () => {};
  afterEach(() => dispose());

  it("counts styles only while the panel is open, once per search, and again for another server", async () => {
    const { search, totals, facets, open, styleCounts } = setup();
    dispose = () => {
      search.dispose();
      facets.dispose();
    };
    await settle();
    expect(styleCounts()).toHaveLength(0);
    open.value = true;
    await settle();
    expect(styleCounts()).toHaveLength(STYLES.length);
    expect(facets.styleCounts.value).toMatchObject({ glyph: 3, line: 6, flat: 0 });
    open.value = false;
    open.value = true;
    await settle();
    expect(styleCounts()).toHaveLength(STYLES.length);
    totals.clear();
    facets.refresh();
    await settle();
    expect(styleCounts()).toHaveLength(2 * STYLES.length);
  });

  it("counts no style for icons whose style the variant switch picks: each count is a request", async () => {
    const { search, filters, facets, open, styleCounts } = setup();
    dispose = () => {
      search.dispose();
      facets.dispose();
    };
    filters.switchPicksIconStyle.value = true;
    open.value = true;
    await settle();
    expect(styleCounts()).toHaveLength(0);
    expect(facets.styleCounts.value).toEqual({});
  });

  it("counts a tag once an icon, not once a drawing of it", () => {
    const drawing = (name: string, variant: string, tags: string[]) => ({
      uuid: `${name}-${variant}`,
      name,
      urls: {},
      contributor: "phosphor",
      variant,
      tags,
      categories: ["arrows"],
    });
    const items = signal([
      ...["regular", "bold", "fill"].map((v) => drawing("arrow-left", v, ["arrow", "left"])),
      drawing("arrow-right", "regular", ["arrow"]),
      drawing("arrow-right", "bold", ["arrow", "right"]),
    ]);
    const facets = createFacetsStore({
      // Every result in: the cells are the whole result set, each value counted from them.
      search: {
        params: signal({ asset: "icon" }),
        items,
        total: signal(items.value.length),
        hasMore: signal(false),
        status: signal<"ready">("ready"),
      },
      totals: createTotals({ api: () => storeApi(fakeService().fetch) }),
      active: signal(false),
    });
    dispose = () => facets.dispose();
    const exact = (count: number) => ({ count, about: false });
    // "arrow" and the category Arrows are on every result: choosing them narrows nothing.
    expect(facets.tags.value).toEqual([
      { value: "left", count: exact(1) },
      { value: "right", count: exact(1) },
    ]);
    expect(facets.categories.value).toEqual([]);
  });

  it("counts Find similar's styles once an icon: an icon in three weights of Line is one Line icon", () => {
    const drawing = (name: string, variant: string, style: string) => ({
      uuid: `${name}-${variant}`,
      name,
      urls: {},
      contributor: "phosphor",
      variant,
      styles: [style],
    });
    const items = [
      ...["regular", "bold", "light"].map((v) => drawing("star", v, "line")),
      drawing("star", "fill", "glyph"),
      drawing("moon", "regular", "line"),
    ];
    expect(similarFacets(items, true).styleCounts).toEqual({ line: 2, glyph: 1 });
    // With look-alikes still to come, the styles are offered without a figure choosing would not give.
    expect(similarFacets(items, false)).toMatchObject({ styles: ["line", "glyph"], styleCounts: {} });
  });

  it("suggests the most frequent values first, ties by name, each counted once per asset", () => {
    expect(mostFrequent([["b", "a", "a"], ["a"], ["c", "b"]], 2)).toEqual([
      { value: "a", count: 2 },
      { value: "b", count: 2 },
    ]);
  });

  it("does not ask again for a style that matched nothing in a wider search", async () => {
    const { search, facets, open, styleCounts } = setup();
    dispose = () => {
      search.dispose();
      facets.dispose();
    };
    open.value = true;
    await settle();
    expect(styleCounts()).toHaveLength(STYLES.length);
    search.query.value = "1";
    search.submitNow();
    await settle();
    // Only glyph and line exist in the catalogue: the other styles are known to match nothing.
    const asked = styleCounts().slice(STYLES.length);
    expect(asked.map((u) => u.searchParams.get("styles[]")).sort()).toEqual(["glyph", "line"]);
    expect(facets.styleCounts.value).toMatchObject({ flat: 0, glyph: 0, line: 1 });
  });

  it("reads a search as narrower only when it keeps every filter of the wider one", () => {
    const wide = { asset: "icon" as const, sort: "popular" as const };
    expect(narrowerOrSame({ asset: "icon", query: "cat", styles: ["line"] }, wide)).toBe(true);
    expect(narrowerOrSame({ asset: "illustration", query: "cat" }, wide)).toBe(false);
    const lined = { asset: "icon" as const, styles: ["line" as const] };
    // A list matches any of its values: two styles find more than one.
    expect(narrowerOrSame({ asset: "icon", styles: ["line", "flat"] }, lined)).toBe(false);
    expect(narrowerOrSame({ asset: "icon", styles: ["line"], price: "free" }, lined)).toBe(true);
  });
});
