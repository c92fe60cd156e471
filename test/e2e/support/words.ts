// Whether words show whole: measured in each element's own font (canvas measureText, letter-spacing
// included) against the room its box gives them. scrollWidth rounds to whole pixels, so a word cut
// by half a pixel (an ellipsis in place of its last letter) would pass it; this does not.
import type { Locator } from "playwright-core";

/** The texts of the matched elements that do not fit their own content box, and would be cut. */
export function cutTexts(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((els) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    return els
      .filter((el) => {
        const style = getComputedStyle(el);
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        ctx.letterSpacing = style.letterSpacing;
        const room =
          el.getBoundingClientRect().width -
          (Number.parseFloat(style.paddingLeft) || 0) -
          (Number.parseFloat(style.paddingRight) || 0);
        return ctx.measureText(el.textContent ?? "").width > room + 0.01;
      })
      .map((el) => el.textContent ?? "");
  });
}
