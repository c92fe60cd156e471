import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countText } from "../../src/ui/count-text";

describe("countText", () => {
  it("writes whole numbers as toLocaleString('en') does", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(countText(n)).toBe(n.toLocaleString("en"));
      }),
      { numRuns: 2000 },
    );
  });

  it("groups at each edge of a thousand", () => {
    for (const n of [
      0,
      7,
      999,
      1000,
      1512,
      999_999,
      1_000_000,
      -1,
      -1000,
      -123_456,
      2 ** 53 - 1,
      -(2 ** 53 - 1),
    ])
      expect(countText(n)).toBe(n.toLocaleString("en"));
  });

  it("leaves everything else to toLocaleString", () => {
    for (const n of [-0, 1.5, 1234.5678, 2 ** 53, 1e21, Number.NaN, Number.POSITIVE_INFINITY])
      expect(countText(n)).toBe(n.toLocaleString("en"));
  });
});
