// The details' rows read as a designer would write them: styles and categories in words (one
// spelling of Duotone), the drawing grid instead of a size that contradicts the bar, the release
// named with its set, the licence said plainly.
import { describe, expect, it } from "vitest";
import { styleLabel } from "../../../src/api/client/asset-names";
import { detailRows, licenceInWords } from "../../../src/ui/detail/detail-facts";
import { facts } from "./facts-fixture";

describe("detail rows", () => {
  it("names styles and categories in words, Duotone spelt as designers spell it", () => {
    const rows = new Map(
      detailRows(facts({ styles: ["line", "dualtone"], categories: ["map", "travel-and-places"] })),
    );
    expect(rows.get("Style")).toBe("Line, Duotone");
    expect(rows.get("Categories")).toBe("Map, Travel and places");
    expect(styleLabel("dualtone")).toBe("Duotone");
  });

  it("says what grid a square icon was drawn on, and keeps a real size for others", () => {
    const square = detailRows(
      facts({
        additional: [
          ["width", "256"],
          ["height", "256"],
        ],
      }),
    );
    expect(square).toContainEqual(["Drawn on", "a 256 px grid"]);
    expect(square.map(([label]) => label)).not.toContain("Size");
    const wide = detailRows(
      facts({
        additional: [
          ["width", "800"],
          ["height", "600"],
        ],
      }),
    );
    expect(wide).toContainEqual(["Size", "800 × 600 px"]);
  });

  it("names the release with its set, and drops a bare version without one", () => {
    const withSet = detailRows(facts({ contributor: "phosphor", additional: [["released in", "1"]] }));
    expect(withSet).toContainEqual(["Added in", "Phosphor 1.0"]);
    const without = detailRows(facts({ additional: [["released in", "1"]] }));
    expect(without.map(([label]) => label)).not.toContain("Added in");
  });

  it("says a licence plainly, its short name last", () => {
    expect(licenceInWords("MIT")).toBe("Free for any use, commercial too (MIT)");
    expect(licenceInWords("Some custom licence")).toBe("Some custom licence");
  });
});
