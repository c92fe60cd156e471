import { describe, expect, it } from "vitest";
import type { ReverseSearchFilters } from "../../src/api/contract/spec-objects";
import { validateImageSource, validateReverseSearchFilters } from "../../src/api/contract/validate/reverse";
import {
  parseReverseSearchFields,
  parseReverseSearchForm,
  parseReverseSearchRequest,
} from "../../src/api/server/reverse-request";
import { expectApiError, expectApiRejection } from "./expect-api-error";

const png = (size = 10, name = "ref.png", type = "image/png") =>
  new File([new Uint8Array(size)], name, { type });

describe("validateReverseSearchFilters", () => {
  it("accepts the filters shared with search", () => {
    const filters: ReverseSearchFilters = {
      asset: "illustration",
      price: "premium",
      formats: ["eps"],
      styles: ["flat"],
      categories: ["x"],
      include_categories: ["y"],
      exclude_categories: ["z"],
      contributors: ["w"],
      page: 3,
    };
    expect(validateReverseSearchFilters(filters)).toBe(filters);
  });

  it("names every refused filter", () => {
    for (const [key, value, wire] of [
      ["orientation", ["square"], "orientation[]"],
      ["icon_grid", 24, "icon_grid"],
      ["include_tags", ["a"], "include_tags[]"],
      ["exclude_tags", ["a"], "exclude_tags[]"],
      ["start_date", "2024-01-01", "start_date"],
      ["end_date", "2024-01-01", "end_date"],
      ["sort", "latest", "sort"],
    ] as const) {
      const filters = { [key]: value } as ReverseSearchFilters;
      expectApiError(() => validateReverseSearchFilters(filters), 400, "invalid_request", wire);
    }
    const error = expectApiError(
      () => validateReverseSearchFilters({ sort: "latest", icon_grid: 24 } as ReverseSearchFilters),
      400,
      "invalid_request",
    );
    expect(error.message).toContain("icon_grid, sort");
  });

  it("applies search's value rules", () => {
    expectApiError(
      () => validateReverseSearchFilters({ formats: ["eps"] }),
      400,
      "invalid_request",
      /formats/,
    );
    expectApiError(
      () => validateReverseSearchFilters({ asset: "3d", styles: ["flat"] }),
      400,
      "invalid_request",
      /styles/,
    );
    expectApiError(() => validateReverseSearchFilters({ page: 0 }), 400, "invalid_request", /page/);
  });
});

describe("validateImageSource (one of url, file or image_hash)", () => {
  it("takes exactly one source", () => {
    expect(validateImageSource({ url: "https://example.test/a.png" })).toEqual({
      url: "https://example.test/a.png",
    });
    expect(validateImageSource({ image_hash: "abc" })).toEqual({ image_hash: "abc" });
    const file = png();
    expect(validateImageSource({ file })).toEqual({ file });
    expectApiError(() => validateImageSource({}), 400, "invalid_request", /url, file or image_hash/);
    expectApiError(
      () => validateImageSource({ url: "https://a.test/x.png", image_hash: "h" }),
      400,
      "invalid_request",
      /url and image_hash/,
    );
  });

  it("refuses a non-http url, an empty hash, a wrong file type, and a file above 10 MB (413)", () => {
    expectApiError(() => validateImageSource({ url: "ftp://a.test/x.png" }), 400, "invalid_request", /url/);
    expectApiError(() => validateImageSource({ url: "not a url" }), 400, "invalid_request", /url/);
    expectApiError(() => validateImageSource({ image_hash: " " }), 400, "invalid_request", /image_hash/);
    expectApiError(
      () => validateImageSource({ file: png(10, "a.gif", "image/gif") }),
      400,
      "invalid_request",
      /file.*webp/,
    );
    expectApiError(() => validateImageSource({ file: png(10, "a.svg", "") }), 400, "invalid_request", /file/);
    expect(() => validateImageSource({ file: png(10, "a.webp", "image/webp") })).not.toThrow();
    expect(() => validateImageSource({ file: png(10 * 1024 * 1024) })).not.toThrow();
    expectApiError(
      () => validateImageSource({ file: png(10 * 1024 * 1024 + 1) }),
      413,
      "invalid_request",
      /10 MB/,
    );
  });
});

describe("parseReverseSearchFields", () => {
  it("reads form-style and JSON-style fields", () => {
    expect(
      parseReverseSearchFields({ image_hash: "h1", "formats[]": ["svg", "png"], asset: "icon", page: "2" }),
    ).toEqual({ filters: { formats: ["svg", "png"], asset: "icon", page: 2 }, source: { image_hash: "h1" } });
    expect(parseReverseSearchFields({ url: "https://a.test/x.png", formats: "svg", page: 4 })).toEqual({
      filters: { formats: ["svg"], page: 4 },
      source: { url: "https://a.test/x.png" },
    });
  });

  it("names refused and unknown fields, and repeated scalars", () => {
    expectApiError(
      () => parseReverseSearchFields({ image_hash: "h", "orientation[]": "square", sort: "latest" }),
      400,
      "invalid_request",
      "orientation[], sort",
    );
    expectApiError(
      () => parseReverseSearchFields({ image_hash: "h", colour: "red" }),
      400,
      "invalid_request",
      /colour/,
    );
    expectApiError(
      () => parseReverseSearchFields({ image_hash: "h", file: "text" }),
      400,
      "invalid_request",
      /file/,
    );
    expectApiError(
      () => parseReverseSearchFields({ image_hash: "h", page: ["1", "2"] }),
      400,
      "invalid_request",
      /page is repeated/,
    );
    expectApiError(
      () => parseReverseSearchFields({ image_hash: "h", page: "x" }),
      400,
      "invalid_request",
      /page.*integer/,
    );
    expectApiError(
      () => parseReverseSearchFields({ asset: "icon" }),
      400,
      "invalid_request",
      /url, file or image_hash/,
    );
  });

  it("reads multipart forms with one file", () => {
    const form = new FormData();
    form.append("file", png());
    form.append("formats[]", "svg");
    form.append("formats[]", "png");
    const parsed = parseReverseSearchForm(form);
    expect(parsed.filters).toEqual({ formats: ["svg", "png"] });
    expect("file" in parsed.source && parsed.source.file.size).toBe(10);
    form.append("file", png());
    expectApiError(() => parseReverseSearchForm(form), 400, "invalid_request", /one file/);
  });

  it("reads Requests by Content-Type", async () => {
    const json = new Request("http://x.test/v3/reverse-image-search", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ image_hash: "h", styles: ["line"] }),
    });
    expect(await parseReverseSearchRequest(json)).toEqual({
      filters: { styles: ["line"] },
      source: { image_hash: "h" },
    });
    const form = new FormData();
    form.append("file", png());
    const multipart = new Request("http://x.test/v3/reverse-image-search", { method: "POST", body: form });
    expect("file" in (await parseReverseSearchRequest(multipart)).source).toBe(true);
    const text = new Request("http://x.test/", {
      method: "POST",
      body: "hi",
      headers: { "content-type": "text/plain" },
    });
    await expectApiRejection(parseReverseSearchRequest(text), 400, "invalid_request", /Content-Type/);
    const broken = new Request("http://x.test/", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    await expectApiRejection(parseReverseSearchRequest(broken), 400, "invalid_request", /JSON/);
    const array = new Request("http://x.test/", {
      method: "POST",
      body: "[]",
      headers: { "content-type": "application/json" },
    });
    await expectApiRejection(parseReverseSearchRequest(array), 400, "invalid_request", /object/);
  });
});
