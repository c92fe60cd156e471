// Where the filter panel scrolls to show a chosen value (the measuring and the keeping are checked in
// Chromium: test/e2e/filters-panel.test.ts).
import { describe, expect, it } from "vitest";
import { scrollToShow } from "../../../src/ui/filters/chosen-in-sight";

// A panel showing its groups between its title (bottom at 132) and its "More filters" row (at 196).
const SIGHT = { top: 132, bottom: 196 };

describe("scrollToShow", () => {
  it("leaves a chip in sight where it is", () => {
    expect(scrollToShow({ top: 140, bottom: 164 }, SIGHT, 40, 120)).toBeUndefined();
  });

  it("brings a chip below the edge up, its group's heading at the top when both fit", () => {
    // The Tags heading 60 px below the title, its first chip under the mark.
    expect(scrollToShow({ top: 212, bottom: 236 }, SIGHT, 0, 192)).toBe(60);
  });

  it("shows the chip's own top when the heading and the chip do not both fit", () => {
    expect(scrollToShow({ top: 212, bottom: 236 }, SIGHT, 0, 150)).toBe(80);
  });

  it("brings a chip above the title down, never past the panel's top", () => {
    expect(scrollToShow({ top: 100, bottom: 124 }, SIGHT, 50, 84)).toBe(2);
    expect(scrollToShow({ top: 100, bottom: 124 }, SIGHT, 10, 84)).toBe(0);
  });
});
