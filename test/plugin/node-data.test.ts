// The plugin measures plugin data as Figma caps it, in UTF-8 bytes, without the TextEncoder its
// sandbox lacks.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utf8Length } from "../../src/plugin/node-data";

describe("utf8Length", () => {
  it("agrees with Node's UTF-8 encoder on any string, lone surrogates included", () => {
    const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(anyUnit, fc.string({ unit: "binary" })) }), (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, "utf8"));
      }),
    );
  });
});
