// Text a designer cannot read whole: an element with words in it whose content is wider than its box
// (scrollWidth > clientWidth), as an ellipsis ("Prod…") or a clip leaves it.
import type { Frame } from "playwright-core";

/**
 * The words of every element under `scope` (itself included) that are cut, each with the element's
 * class ("batch__name: Product 1"). Inline elements have no box of their own (their block is checked)
 * and a 1 px box is a screen reader's words, never shown.
 */
export function cutText(ui: Frame, scope: string): Promise<string[]> {
  return ui.locator(scope).evaluateAll((roots) => {
    const cut: string[] = [];
    for (const root of roots) {
      for (const el of [root, ...root.querySelectorAll("*")] as HTMLElement[]) {
        if (!el.textContent?.trim() || el.clientWidth <= 1) continue;
        if (el.scrollWidth > el.clientWidth) cut.push(`${el.className}: ${el.textContent}`);
      }
    }
    return cut;
  });
}
