// @vitest-environment happy-dom
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ASSET_TYPES, type AssetType } from "../../src/api/contract/tables";
import { filtersFor } from "../../src/ui/filters/filter-rules";
import { createFiltersStore } from "../../src/ui/filters/filters-store";
import { json, makeAssets, type Route, searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, settle } from "./support/mount";

// Icons have neither formats nor publication dates to choose: both tell a designer nothing there.
const NOT_ICONS = ["orientation", "formats", "dates"];
const EXPECTED: Record<AssetType, string[]> = {
  icon: ["styles", "icon_grid"],
  illustration: ["styles", ...NOT_ICONS],
  "3d": NOT_ICONS,
  lottie: NOT_ICONS,
  "ai-image": NOT_ICONS,
};
const EVERYWHERE = ["price", "sort", "categories", "tags"];

describe("filters per asset type", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("applies styles to icons and illustrations, orientation to non-icons, icon grid to icons", () => {
    for (const type of ASSET_TYPES) {
      expect(new Set(filtersFor(type))).toEqual(new Set([...EVERYWHERE, ...EXPECTED[type]]));
    }
  });

  it("shows in the panel only the filters of the chosen type, and only that type's formats", async () => {
    const ui = await mountApp({ routes: [searchRoute(10)] });
    await act(() => {
      ui.app.filtersOpen.value = true;
    });
    for (const type of ASSET_TYPES) {
      await act(() => {
        ui.app.search.asset.value = type;
      });
      await settle();
      const shown = [...ui.container.querySelectorAll<HTMLElement>("#filters [data-filter]")].map(
        (el) => el.dataset.filter,
      );
      expect(new Set(shown), type).toEqual(new Set([...EVERYWHERE, ...EXPECTED[type]]));
      const formats = [...ui.container.querySelectorAll('[data-filter="formats"] .chip')].map(
        (c) => c.textContent,
      );
      if (type === "icon") expect(formats).toEqual([]);
      else expect(formats.length, type).toBeGreaterThan(0);
      if (type === "3d") expect(formats).toEqual(["PNG", "GLTF", "GLB", "OBJ", "FBX", "BLEND"]);
    }
    ui.unmount();
  });

  it("sends a filter only to types it applies to, and drops formats the type lacks", async () => {
    const ui = await mountApp({ routes: [searchRoute(10)] });
    const { filters, search } = ui.app;
    await act(() => {
      filters.iconGrid.value = 24;
      filters.styles.value = ["line"];
      filters.orientation.value = ["square"];
      filters.formats.value = ["svg", "gltf"];
    });
    await settle();
    const iconSearch = ui.service.searches().at(-1);
    expect(iconSearch?.searchParams.get("icon_grid")).toBe("24");
    expect(iconSearch?.searchParams.getAll("styles[]")).toEqual(["line"]);
    expect(iconSearch?.searchParams.getAll("orientation[]")).toEqual([]);
    // A format chosen for another type is not sent for icons, which have no formats filter.
    expect(iconSearch?.searchParams.getAll("formats[]")).toEqual([]);
    await act(() => {
      search.asset.value = "3d";
    });
    await settle();
    const modelSearch = ui.service.searches().at(-1);
    expect(modelSearch?.searchParams.get("asset")).toBe("3d");
    expect(modelSearch?.searchParams.get("icon_grid")).toBeNull();
    expect(modelSearch?.searchParams.getAll("styles[]")).toEqual([]);
    expect(modelSearch?.searchParams.getAll("orientation[]")).toEqual(["square"]);
    expect(modelSearch?.searchParams.getAll("formats[]")).toEqual(["gltf"]);
    ui.unmount();
  });

  it("leads with what narrows icons (style, categories, tags), Clear in sight at the top", async () => {
    const ui = await mountApp({ routes: [searchRoute(10)] });
    await act(() => {
      ui.app.filtersOpen.value = true;
    });
    const panel = ui.container.querySelector<HTMLElement>("#filters");
    const order = [...(panel?.querySelectorAll<HTMLElement>("[data-filter]") ?? [])].map(
      (el) => el.dataset.filter,
    );
    expect(order.slice(0, 3)).toEqual(["styles", "categories", "tags"]);
    const clear = [...(panel?.querySelectorAll("button") ?? [])].find(
      (b) => b.textContent === "Clear filters",
    );
    expect(clear?.closest(".filters__head")).toBeTruthy();
    expect(clear?.disabled).toBe(true);
    await act(() => {
      ui.app.filters.price.value = "free";
    });
    expect(clear?.disabled).toBe(false);
    ui.unmount();
  });

  it("offers a price or an icon grid only where two of its values match something", async () => {
    /** 9 icons, all free and all drawn on `grids` (one grid each, in turn). */
    const route =
      (grids: number[]): Route =>
      (url) => {
        if (url.pathname !== "/v3/search") return undefined;
        const p = url.searchParams;
        const all = Array.from({ length: 9 }, (_, i) => grids[i % grids.length]!);
        const grid = p.get("icon_grid");
        const found = all.filter((g) => (!grid || g === Number(grid)) && p.get("price") !== "premium");
        const perPage = Number(p.get("per_page") ?? 60);
        return json({ items: { total: found.length, data: makeAssets(Math.min(perPage, found.length)) } });
      };
    const filtersShown = (root: Element) =>
      [...root.querySelectorAll<HTMLElement>("#filters [data-filter]")].map((el) => el.dataset.filter);
    const open = async (grids: number[]) => {
      const ui = await mountApp({ routes: [route(grids)] });
      await act(() => {
        ui.app.filtersOpen.value = true;
      });
      await settle();
      return ui;
    };

    const single = await open([24]);
    expect(single.app.facets.priceCounts.value).toEqual({ free: 9, premium: 0 });
    expect(single.app.facets.gridCounts.value).toMatchObject({ 16: 0, 24: 9 });
    // Everything free and on one grid: neither choice would narrow anything.
    expect(filtersShown(single.container)).not.toContain("price");
    expect(filtersShown(single.container)).not.toContain("icon_grid");
    single.unmount();

    const mixed = await open([16, 24]);
    const grids = [...mixed.container.querySelectorAll('[data-filter="icon_grid"] [role="radio"]')].map(
      (r) => r.textContent,
    );
    expect(grids).toEqual(["Any", "16 px", "24 px"]);
    expect(filtersShown(mixed.container)).not.toContain("price");
    // A price chosen elsewhere stays on offer, so it can be undone.
    await act(() => {
      mixed.app.filters.price.value = "premium";
    });
    await settle();
    expect(filtersShown(mixed.container)).toContain("price");
    mixed.unmount();
  });

  it("holds back a date range that ends before it starts, and says why", async () => {
    const filters = createFiltersStore();
    filters.startDate.value = "2024-05-01";
    filters.endDate.value = "2024-04-01";
    expect(filters.dateError.value).toMatch(/on or after/);
    expect(filters.paramsFor("illustration").start_date).toBeUndefined();
    filters.endDate.value = "2024-06-01";
    expect(filters.paramsFor("icon").start_date).toBeUndefined();
    expect(filters.paramsFor("illustration")).toMatchObject({
      start_date: "2024-05-01",
      end_date: "2024-06-01",
    });
  });

  it("reads tags and categories as comma- or space-separated slugs, include and exclude apart", () => {
    const filters = createFiltersStore();
    filters.includeTags.value = "Arrow, round  arrow";
    filters.excludeTags.value = "3d";
    filters.categories.value = "business,travel";
    expect(filters.paramsFor("illustration")).toMatchObject({
      include_tags: ["arrow", "round"],
      exclude_tags: ["3d"],
      categories: ["business", "travel"],
    });
    expect(filters.activeCount("illustration")).toBe(3);
  });
});
