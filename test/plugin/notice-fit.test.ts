// The shortening behind every notice: within 100 UTF-16 units, cut at a word, never half a character.
import { describe, expect, it } from "vitest";
import { fitNotice, NOTICE_MAX, shortName } from "../../src/plugin/notice";

describe("fitNotice and shortName", () => {
  it("leave a short text alone", () => {
    expect(fitNotice("Placed.")).toBe("Placed.");
    expect(shortName("Star")).toBe("Star");
  });

  it("cut a long sentence at a word, with an ellipsis, within the limit", () => {
    const text = `${"word ".repeat(40)}end`;
    const fitted = fitNotice(text);
    expect(fitted.length).toBeLessThanOrEqual(NOTICE_MAX);
    expect(fitted).toMatch(/word…$/);
  });

  it("never leave half of a character made of two UTF-16 units", () => {
    for (let pad = 0; pad < 4; pad++) {
      const name = "a".repeat(pad) + "😀".repeat(30);
      const short = shortName(name);
      expect(short.length).toBeLessThanOrEqual(32);
      // A lone surrogate is half a character: none may be left at the cut.
      expect(short).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });
});
