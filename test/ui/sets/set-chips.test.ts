// The set chips' words and the fade of their row: figures a designer reads (no tilde), the estimate
// said "about" in the tooltip and to a screen reader, and the sides that fade where chips scroll.
import { describe, expect, it } from "vitest";
import { cardCount } from "../../../src/ui/home/Home";
import { fadeSides } from "../../../src/ui/sets/edge-fade";
import { chipCount, chipMeaning } from "../../../src/ui/sets/SetsFilter";

describe("set chip words", () => {
  it("shows the figure alone, as made (an estimate is rounded once, where it is made), 'about' in words", () => {
    expect(chipCount({ count: 1510, about: true })).toBe("1,510");
    // A sum of rounded parts is not rounded again: All sets reads the sum of the chips beside it.
    expect(chipCount({ count: 1598, about: true })).toBe("1,598");
    expect(chipCount({ count: 742, about: false })).toBe("742");
    // While counted the chip draws a quiet bar, never "…" (which reads as a cut-off figure).
    expect(chipCount(null)).toBe("");
    expect(chipCount(undefined)).toBe("");
    for (const count of [1, 742, 1512]) expect(chipCount({ count, about: true })).not.toMatch(/[~≈]/);
    expect(chipMeaning({ count: 1510, about: true }, "6 weights")).toBe("about 1,510 icons, 6 weights");
    expect(chipMeaning({ count: 1, about: false }, "")).toBe("1 icon");
    expect(chipMeaning(null, "")).toBe("");
  });
});

describe("the fade of a row of chips", () => {
  const row = (scrollLeft: number, clientWidth: number, scrollWidth: number) => ({
    scrollLeft,
    clientWidth,
    scrollWidth,
  });
  it("fades only the sides with chips out of sight", () => {
    expect(fadeSides(row(0, 280, 280))).toBe("");
    expect(fadeSides(row(0, 280, 400))).toBe("end");
    expect(fadeSides(row(60, 280, 400))).toBe("start end");
    expect(fadeSides(row(120, 280, 400))).toBe("start");
    // A position the browser rounded is at the end, not a pixel short of it.
    expect(fadeSides(row(119.5, 280, 400))).toBe("start");
  });
});

describe("the fade of a scrolling panel", () => {
  const panel = (scrollTop: number, clientHeight: number, scrollHeight: number) => ({
    scrollTop,
    clientHeight,
    scrollHeight,
  });
  it("fades the bottom while groups lie below it, not once scrolled to the end", () => {
    expect(fadeSides(panel(0, 200, 200), "y")).toBe("");
    expect(fadeSides(panel(0, 200, 320), "y")).toBe("end");
    expect(fadeSides(panel(60, 200, 320), "y")).toBe("start end");
    expect(fadeSides(panel(120, 200, 320), "y")).toBe("start");
  });
});

describe("a home card's count", () => {
  it("marks an estimate as its chip does: the same figure, 'about' in words only", () => {
    const count = { count: 1510, about: true };
    expect(cardCount(count, "icons", "6 weights")).toBe(`${chipCount(count)} icons · 6 weights`);
    expect(cardCount(count, "icons", "6 weights", true)).toBe("about 1,510 icons · 6 weights");
    expect(cardCount({ count: 742, about: false }, "icons", "")).toBe("742 icons");
  });
});
