// The lines an icon's preview is drawn with, one rule for the cells, the details' picture and Copy
// SVG: the bar's width at the insert size wins, else a lacking weight's scale, else the set's own.
import { expect, it } from "vitest";
import { chosenStroke, previewLook } from "../../../src/ui/preview/preview-look";

it("takes the bar's width at the insert size only when both are real", () => {
  expect(chosenStroke(1.5, 24)).toEqual({ width: 1.5, size: 24 });
  expect([chosenStroke(null, 24), chosenStroke(0, 24), chosenStroke(1.5, 0), chosenStroke(-1, 24)]).toEqual([
    null,
    null,
    null,
    null,
  ]);
});

it("lets a chosen width win over a weight's scale, and keeps the set's lines with neither", () => {
  expect(previewLook({ width: 3, size: 48 }, 1.125)).toEqual({ width: 3, size: 48 });
  expect(previewLook(null, 1.125)).toEqual({ scale: 1.125 });
  expect(previewLook(null, undefined)).toBeNull();
  expect(previewLook(null, null)).toBeNull();
});
