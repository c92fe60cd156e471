// The results grid in Chromium against the local API, at 280, 360 and 600 px in light and dark: its
// columns span the same 16 px gutters as the search field above (UI3's sides), a cell's tooltip stays whole inside
// the window at the right edge (two lines at most, never a name squeezed over several), and in
// Replace mode the hovered cell shows it will replace. Saved as grid-*.png.
import { describe, expect, it } from "vitest";
import type { Harness } from "./support/harness";
import { selectRectangle } from "./support/nodes";
import { cell, resizeWindow, searchFor, until, windowShot } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

/** The first row's cells' left and right edges, and the search field's. */
function edges(h: Harness) {
  return h.ui.evaluate(() => {
    const field = document.querySelector(".searchbar__field")!.getBoundingClientRect();
    const row = [...document.querySelectorAll<HTMLElement>('[role="gridcell"][aria-colindex]')].filter((el) =>
      el.closest('[aria-rowindex="1"]'),
    );
    const boxes = row.map((el) => el.getBoundingClientRect());
    return {
      fieldLeft: field.left,
      fieldRight: field.right,
      left: Math.min(...boxes.map((b) => b.left)),
      right: Math.max(...boxes.map((b) => b.right)),
    };
  });
}

describe("the results grid", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`lines up with the controls and keeps its tips whole at every width (${theme})`, async () => {
      const harness = await e2e.open({
        theme,
        settings: { iconVariant: null },
        prepare: selectRectangle,
      });
      const { ui } = harness;
      await searchFor(harness, e2e.stack, "star");
      for (const width of [280, 360, 600]) {
        await resizeWindow(harness, width);
        await until(async () => {
          const e = await edges(harness);
          return [Math.round(e.left), Math.round(e.right)];
        }).toEqual([16, width - 16]);
        const e = await edges(harness);
        console.log(
          `grid ${width} ${theme}: cells ${e.left}-${e.right}, field ${e.fieldLeft}-${e.fieldRight}`,
        );

        // The last cell of the first row: its tip grows leftwards, whole, in at most two lines.
        const columns = Number(await ui.locator('[role="grid"]').getAttribute("aria-colcount"));
        const edgeCell = cell(ui, columns - 1);
        await edgeCell.focus();
        const tip = ui.locator('[role="tooltip"]');
        await tip.waitFor();
        const box = (await tip.boundingBox())!;
        const frame = (await harness.page.locator("#window").boundingBox())!;
        const tipLeft = box.x - frame.x;
        expect(tipLeft).toBeGreaterThanOrEqual(0);
        expect(tipLeft + box.width).toBeLessThanOrEqual(width);
        // 16 px lines and 4 px padding: two lines are 40 px; a squeezed name took six.
        expect(box.height).toBeLessThanOrEqual(40);
        await windowShot(harness, `grid-tip-${width}-${theme}`);
      }

      // A picture still loading (marked by Preview until its load event) shows the cell's placeholder
      // the picture's size; a loaded one none. Marked by hand here: a local picture loads too fast.
      const placeholder = await cell(ui, 2).evaluate((el) => {
        const picture = el.querySelector(".preview")!;
        const placeholderStyle = () => getComputedStyle(el, "::before");
        const loaded = placeholderStyle().content;
        picture.setAttribute("data-loading", "");
        const loading = { content: placeholderStyle().content, width: placeholderStyle().width };
        picture.removeAttribute("data-loading");
        return { loaded, loading };
      });
      expect(placeholder.loaded).toBe("none");
      expect(placeholder.loading).toEqual({ content: '""', width: "24px" });

      // Replace mode: the hovered cell carries the accent ring and the swap mark.
      await resizeWindow(harness, 360);
      await ui.getByRole("radio", { name: "Replace" }).click();
      await cell(ui, 1).hover();
      const swap = cell(ui, 1).locator(".cell__swap");
      await until(() => swap.isVisible()).toBe(true);
      expect(await ui.locator('[role="tooltip"]').textContent()).toContain("Replaces the selection");
      // The mark is a tick in the ring's corner, not a badge over the picture: with the info button
      // in the other top corner, a small cell's picture stays clear.
      const [cellBox, swapBox, infoBox] = await Promise.all([
        cell(ui, 1).boundingBox(),
        swap.boundingBox(),
        cell(ui, 1).locator(".cell__info").boundingBox(),
      ]);
      expect(swapBox!.x - cellBox!.x).toBeLessThanOrEqual(0.5);
      expect(swapBox!.y - cellBox!.y).toBeLessThanOrEqual(0.5);
      expect(Math.max(swapBox!.width, swapBox!.height)).toBeLessThanOrEqual(8);
      expect(swapBox!.x + swapBox!.width).toBeLessThan(infoBox!.x);
      await windowShot(harness, `grid-replace-360-${theme}`);
      // Keyboard users see it too: the focused cell carries it, the pointer elsewhere.
      await harness.page.mouse.move(0, 0);
      await cell(ui, 1).focus();
      await harness.page.keyboard.press("ArrowRight");
      await until(() => cell(ui, 2).locator(".cell__swap").isVisible()).toBe(true);
    });
  }
});
