import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeSearchQuery, parseSearchQuery } from "../../src/api/contract/search-query";
import type { SearchParams } from "../../src/api/contract/spec-objects";
import { FORMATS_BY_ASSET, STYLES } from "../../src/api/contract/tables";
import { expectApiError } from "./expect-api-error";

const parse = (text: string) => parseSearchQuery(new URLSearchParams(text));
const invalid = (text: string, mentions: string | RegExp) =>
  expectApiError(() => parse(text), 400, "invalid_request", mentions);

describe("encodeSearchQuery", () => {
  it("writes arrays as repeated name[] parameters in a fixed order", () => {
    const query = encodeSearchQuery({ formats: ["svg", "png"], query: "cat dog", page: 2, styles: ["line"] });
    expect(query.toString()).toBe(
      "query=cat+dog&formats%5B%5D=svg&formats%5B%5D=png&styles%5B%5D=line&page=2",
    );
    expect(query.getAll("formats[]")).toEqual(["svg", "png"]);
  });

  it("leaves out absent values, empty lists and an empty query", () => {
    expect(encodeSearchQuery({ query: "", formats: [], page: undefined }).toString()).toBe("");
  });
});

describe("parseSearchQuery", () => {
  it("reads every parameter back", () => {
    const params = parse(
      "query=arrow&asset=icon&price=free&sort=latest&formats[]=svg&formats[]=png&styles[]=line&icon_grid=24" +
        "&categories[]=a&contributors[]=b&include_tags[]=c&exclude_tags[]=d&include_categories[]=e" +
        "&exclude_categories[]=f&start_date=2024-01-01&end_date=2024-02-01&page=3&per_page=50",
    );
    expect(params).toEqual({
      query: "arrow",
      asset: "icon",
      price: "free",
      sort: "latest",
      formats: ["svg", "png"],
      styles: ["line"],
      icon_grid: 24,
      categories: ["a"],
      contributors: ["b"],
      include_tags: ["c"],
      exclude_tags: ["d"],
      include_categories: ["e"],
      exclude_categories: ["f"],
      start_date: "2024-01-01",
      end_date: "2024-02-01",
      page: 3,
      per_page: 50,
    });
  });

  it("refuses unknown parameters, naming them", () => {
    invalid("colour=red&query=x", /Unknown query parameter.*colour/);
    invalid("formats=svg", /formats \(write formats\[\]\)/);
    invalid("asset[]=icon", /asset\[\]/);
  });

  it("refuses a repeated scalar parameter", () => {
    invalid("page=1&page=2", /page is repeated/);
    invalid("asset=icon&asset=3d", /asset is repeated/);
  });

  it("refuses non-integers, unknown enum values and bad dates, naming the parameter", () => {
    invalid("page=abc", /page.*integer/);
    invalid("per_page=1.5", /per_page.*integer/);
    invalid("per_page=-3", /per_page.*integer/);
    invalid("icon_grid=", /icon_grid/);
    invalid("asset=photo", /asset/);
    invalid("formats[]=tiff", /formats\[\]/);
    invalid("start_date=2024-13-01", /start_date/);
    invalid("sort=", /sort/);
  });

  it("applies the cross-parameter rules", () => {
    invalid("per_page=300", /per_page/);
    invalid("page=26", /page 26/);
    invalid("asset=3d&icon_grid=24", /icon_grid/);
    invalid("start_date=2024-02-02&end_date=2024-02-01", /end_date/);
  });

  it("round-trips any valid params through encode and parse", () => {
    const icon = fc.record(
      {
        query: fc.string({ minLength: 1 }),
        asset: fc.constant("icon" as const),
        formats: fc.subarray([...FORMATS_BY_ASSET.icon], { minLength: 1 }),
        styles: fc.subarray([...STYLES], { minLength: 1 }),
        icon_grid: fc.integer({ min: 1, max: 512 }),
        categories: fc.array(
          fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
          { minLength: 1 },
        ),
        per_page: fc.integer({ min: 1, max: 200 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(icon, (params) => {
        expect(parseSearchQuery(encodeSearchQuery(params as SearchParams))).toEqual(params);
      }),
    );
  });
});

describe("an empty query", () => {
  it("reads as no query at all, the same as it encodes (the spec: omitted or empty browses all)", () => {
    expect(parseSearchQuery(new URLSearchParams("query="))).toEqual({});
    expect(encodeSearchQuery({ query: "" }).toString()).toBe("");
  });
});
