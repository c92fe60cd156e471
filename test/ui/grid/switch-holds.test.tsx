// @vitest-environment happy-dom
// The variant switch shows its first choice as chosen when none is saved: the cells follow that
// choice, and a look-alike whose only drawing among the results is another variant (Find similar's
// filled eye, say) carries the lacking mark, as it would with Regular chosen by hand.
import { afterEach, describe, expect, it } from "vitest";
import { type IconItem, iconItem } from "../support/icon-items";
import { mountGrid } from "../support/mount-grid";

afterEach(() => {
  document.body.innerHTML = "";
});

async function mount(items: IconItem[], iconVariant: string | null) {
  return (await mountGrid(items, { iconVariant })).container;
}

const items = [
  iconItem("tabler", "arrow", "outline"),
  iconItem("tabler", "arrow", "filled"),
  // Only its filled drawing came back.
  iconItem("tabler", "eye", "filled"),
];

describe("with no variant saved", () => {
  it("marks the cells that cannot show the switch's first choice", async () => {
    const container = await mount(items, null);
    // The weight menu's button names the first choice.
    expect(container.querySelector('[data-testid="weight-chosen"]')?.textContent).toBe("Outline");
    const eye = container.querySelector('[data-name="eye"]');
    const arrow = container.querySelector('[data-name="arrow"]');
    expect(eye?.hasAttribute("data-lacking")).toBe(true);
    expect(arrow?.hasAttribute("data-lacking")).toBe(false);
  });
});
