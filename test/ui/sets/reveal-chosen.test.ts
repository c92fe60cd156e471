// The set chips' row scrolls to the chosen chip in a narrow window: whole, clear of the 32 px fade
// on either side, moving as little as it can, and not at all when the chip is already in sight.
import { describe, expect, it } from "vitest";
import { scrollToShow } from "../../../src/ui/sets/reveal-chosen";

const row = (scrollLeft: number) => ({ scrollLeft, clientWidth: 150, scrollWidth: 300 });

describe("scrollToShow", () => {
  it("leaves a row alone whose chosen chip shows whole and clear of the fades", () => {
    expect(scrollToShow(row(0), { start: 0, end: 90 })).toBe(0);
    expect(scrollToShow(row(50), { start: 90, end: 160 })).toBe(50);
  });

  it("scrolls a chip past the end into sight, its end clear of the fade", () => {
    expect(scrollToShow(row(0), { start: 100, end: 180 })).toBe(180 + 32 - 150);
  });

  it("scrolls no further than the row goes: the last chip meets the end, where no fade is left", () => {
    expect(scrollToShow(row(0), { start: 220, end: 300 })).toBe(150);
  });

  it("scrolls back to a chip before the start, as far as the row's start", () => {
    expect(scrollToShow(row(120), { start: 100, end: 180 })).toBe(68);
    expect(scrollToShow(row(120), { start: 0, end: 90 })).toBe(0);
  });
});
