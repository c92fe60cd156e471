// The server-side parsers meet whatever a caller sends: they either return checked values or throw an
// ApiError 400/404/413, never anything else.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/contract/errors";
import { encodeSearchQuery, parseSearchQuery } from "../../src/api/contract/search-query";
import { parseDownloadBody } from "../../src/api/contract/validate/download";
import { parseReverseSearchFields } from "../../src/api/server/reverse-request";

const NAMES = [
  "query",
  "asset",
  "formats[]",
  "styles[]",
  "page",
  "per_page",
  "icon_grid",
  "start_date",
  "sort",
  "x",
];
const VALUES = [
  "",
  "icon",
  "3d",
  "svg",
  "png",
  "line",
  "2",
  "0",
  "-1",
  "1e3",
  "2024-02-30",
  "latest",
  "%00",
  "ü",
];

function onlyApiErrors(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect([400, 404, 413]).toContain((error as ApiError).status);
    expect((error as ApiError).message.length).toBeGreaterThan(0);
  }
}

describe("parsers never fail with anything but an ApiError", () => {
  it("parseSearchQuery, and what it accepts re-encodes to the same params", () => {
    const pair = fc.tuple(
      fc.oneof(fc.constantFrom(...NAMES), fc.string()),
      fc.oneof(fc.constantFrom(...VALUES), fc.string()),
    );
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 8 }), (pairs) => {
        const query = new URLSearchParams(pairs);
        let parsed: ReturnType<typeof parseSearchQuery> | undefined;
        onlyApiErrors(() => {
          parsed = parseSearchQuery(query);
        });
        if (parsed) expect(parseSearchQuery(encodeSearchQuery(parsed))).toEqual(parsed);
      }),
    );
  });

  it("parseReverseSearchFields", () => {
    const value = fc.oneof(
      fc.constantFrom(...VALUES),
      fc.string(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.integer(),
      fc.constant(null),
    );
    const name = fc.oneof(
      fc.constantFrom("url", "image_hash", "asset", "formats", "formats[]", "sort", "page", "file"),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.dictionary(name, value, { maxKeys: 6 }), (fields) => {
        onlyApiErrors(() => parseReverseSearchFields(fields));
      }),
    );
  });

  it("parseDownloadBody", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        onlyApiErrors(() => parseDownloadBody(body));
      }),
    );
    fc.assert(
      fc.property(
        fc.record(
          { format: fc.constantFrom("svg", "png", "tiff", 3), width: fc.anything(), height: fc.integer() },
          { requiredKeys: [] },
        ),
        (body) => {
          onlyApiErrors(() => parseDownloadBody(body));
        },
      ),
    );
  });
});
