import { describe, expect, it } from "vitest";
import type { SearchParams } from "../../src/api/contract/spec-objects";
import { validateSearchParams } from "../../src/api/contract/validate/search";
import { expectApiError } from "./expect-api-error";

const invalid = (params: unknown, mentions: string | RegExp) =>
  expectApiError(() => validateSearchParams(params as SearchParams), 400, "invalid_request", mentions);

describe("validateSearchParams", () => {
  it("accepts an empty search and a full valid one", () => {
    expect(validateSearchParams({})).toEqual({});
    const full: SearchParams = {
      query: "arrow",
      asset: "icon",
      price: "free",
      sort: "popular",
      formats: ["svg", "png"],
      styles: ["line", "glyph"],
      icon_grid: 24,
      categories: ["arrows"],
      contributors: ["someone"],
      include_tags: ["ui"],
      exclude_tags: ["old"],
      include_categories: ["ui"],
      exclude_categories: ["misc"],
      start_date: "2024-01-01",
      end_date: "2024-01-01",
      page: 25,
      per_page: 60,
    };
    expect(validateSearchParams(full)).toBe(full);
  });

  it("checks formats against the asset type's table", () => {
    expect(() => validateSearchParams({ asset: "3d", formats: ["glb", "fbx"] })).not.toThrow();
    invalid({ asset: "icon", formats: ["eps"] }, /formats\[\].*eps.*icon.*svg, png/);
    invalid({ formats: ["gif"] }, /formats\[\]/); // default asset is icon
    invalid({ asset: "lottie", formats: ["webm"] }, /formats\[\]/);
  });

  it("bounds per_page to 1..200 and needs integers", () => {
    expect(() => validateSearchParams({ per_page: 1 })).not.toThrow();
    expect(() => validateSearchParams({ per_page: 200 })).not.toThrow();
    invalid({ per_page: 0 }, /per_page/);
    invalid({ per_page: 201 }, /per_page/);
    invalid({ per_page: 2.5 }, /per_page.*integer/);
    invalid({ page: 0 }, /page/);
    invalid({ page: "2" }, /page.*integer/);
  });

  it("keeps the page inside the 1500-item window", () => {
    expect(() => validateSearchParams({ page: 25 })).not.toThrow(); // 60 per page: items 1441..1500
    invalid({ page: 26 }, /page 26.*1500.*last page is 25/);
    expect(() => validateSearchParams({ page: 8, per_page: 200 })).not.toThrow(); // items 1401..1500
    invalid({ page: 9, per_page: 200 }, /page 9/);
  });

  it("refuses an end_date before start_date and impossible dates", () => {
    expect(() => validateSearchParams({ start_date: "2024-03-01", end_date: "2024-03-02" })).not.toThrow();
    invalid({ start_date: "2024-03-02", end_date: "2024-03-01" }, /end_date.*start_date/);
    invalid({ start_date: "2024-02-30" }, /start_date.*YYYY-MM-DD/);
    invalid({ end_date: "03/01/2024" }, /end_date/);
  });

  it("allows icon_grid only for icons, orientation only for non-icons, styles only for icons and illustrations", () => {
    expect(() => validateSearchParams({ asset: "icon", icon_grid: 16 })).not.toThrow();
    invalid({ asset: "illustration", icon_grid: 24 }, /icon_grid.*icon/);
    invalid({ icon_grid: 0 }, /icon_grid/);
    expect(() => validateSearchParams({ asset: "3d", orientation: ["square"] })).not.toThrow();
    invalid({ orientation: ["square"] }, /orientation\[\].*non-icon/);
    invalid({ asset: "3d", orientation: ["diagonal"] }, /orientation\[\].*diagonal/);
    expect(() => validateSearchParams({ asset: "illustration", styles: ["flat"] })).not.toThrow();
    invalid({ asset: "lottie", styles: ["flat"] }, /styles\[\].*lottie/);
    invalid({ styles: ["bold"] }, /styles\[\].*bold/);
  });

  it("refuses unknown enum values, empty slugs and unknown keys", () => {
    invalid({ asset: "photo" }, /asset.*photo/);
    invalid({ price: "cheap" }, /price/);
    invalid({ sort: "newest" }, /sort.*newest/);
    invalid({ categories: [""] }, /categories\[\]/);
    invalid({ colour: "red" }, /colour/);
    invalid({ query: 5 }, /query/);
  });
});
