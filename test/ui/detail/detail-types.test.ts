// The details of what is not an icon: an SVG illustration's view box is not a size to state, a 3D
// picture's and an animation's pixels are ("Drawn on a 32 px grid" is an icon's words); a duration
// reads in hundredths; a Creative Commons "BY" licence gets the credit line it asks for.
import { describe, expect, it } from "vitest";
import { detailRows, licenceInWords } from "../../../src/ui/detail/detail-facts";
import { offeredFormats } from "../../../src/ui/detail/offered-formats";
import { facts } from "./facts-fixture";

const square = (side: string): [string, string][] => [
  ["width", side],
  ["height", side],
];
const labels = (rows: [string, string][]) => rows.map(([label]) => label);

describe("detail rows by type", () => {
  it("states no size for a vector illustration, never a drawing grid", () => {
    const rows = detailRows(facts({ formats: ["svg", "png"], additional: square("72") }), {
      type: "illustration",
    });
    expect(labels(rows)).not.toContain("Drawn on");
    expect(labels(rows)).not.toContain("Size");
  });

  it("states a 3D picture's pixels as the original's, an animation's as the animation's", () => {
    // "Size 256 × 256 px" beside a chosen 512 read as a contradiction: it is the original's size.
    const threeD = detailRows(facts({ formats: ["png"], additional: square("256") }), { type: "3d" });
    expect(threeD).toContainEqual(["Original", "256 × 256 px"]);
    expect(labels(threeD)).not.toContain("Size");
    const lottie = detailRows(
      facts({
        formats: ["json", "lottie", "gif"],
        additional: [...square("32"), ["frame rate", "60"], ["duration seconds", "0.5166666666666667"]],
      }),
      { type: "lottie" },
    );
    // Drawn in vectors: its frame is not the size of the GIF chosen above.
    expect(lottie).toContainEqual(["Animation size", "32 × 32 px, sharp at any size"]);
    expect(labels(lottie)).not.toContain("Size");
    expect(lottie).toContainEqual(["Duration", "0.52 s"]);
    expect(labels(lottie)).not.toContain("Drawn on");
  });

  it("keeps an icon's drawing grid", () => {
    expect(detailRows(facts({ additional: square("24") }), { type: "icon" })).toContainEqual([
      "Drawn on",
      "a 24 px grid",
    ]);
  });

  it("says CC BY-SA plainly and gives the credit line it asks for", () => {
    expect(licenceInWords("CC BY-SA 4.0")).toBe(
      "Free for any use, credit the author; changes shared under the same licence (CC BY-SA 4.0)",
    );
    const rows = detailRows(facts({ license: "CC BY-SA 4.0", contributor: "openmoji" }), {
      type: "illustration",
      name: "Cat",
    });
    expect(rows).toContainEqual(["Credit", "\u201cCat\u201d by OpenMoji, CC BY-SA 4.0"]);
    // MIT asks for no line beside the work.
    const mit = detailRows(facts({ license: "MIT", contributor: "fluent-emoji" }), { type: "illustration" });
    expect(labels(mit)).not.toContain("Credit");
  });
});

describe("formats offered in the details", () => {
  it("are the type's that the asset comes in, never one the service would refuse", () => {
    expect(offeredFormats(["png", "gltf", "glb", "obj"], ["png"], "png")).toEqual(["png"]);
    expect(offeredFormats(["gif", "json", "lottie", "mp4"], ["json", "lottie", "gif"], "gif")).toEqual([
      "gif",
      "json",
      "lottie",
    ]);
    // Nothing listed, or the chosen one not listed: the type's own choices.
    expect(offeredFormats(["svg", "png", "eps"], [], "svg")).toEqual(["svg", "png", "eps"]);
    expect(offeredFormats(["svg", "png", "eps"], ["png"], "svg")).toEqual(["svg", "png", "eps"]);
  });
});
