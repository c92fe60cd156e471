// @vitest-environment happy-dom
// Look-alikes drawn only filled are left out of the grid under a line weight, and said on the count
// line (which counts them) with the way to them. While the list goes on, the note reads the first
// page alone: a wide or tall window loads more pages than a narrow one, and the note came at 600 px
// wide and not at 360. Once the list has ended, it says how many.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseReverseSearchRequest } from "../../../src/api/server/reverse-request";
import { json, type Route, searchRoute } from "../support/fake-service";
import { iconItem } from "../support/icon-items";
import { fakeLayout, settle } from "../support/mount";
import { mountSimilarTab } from "./mount-similar";

const PAGE = 60;

type Drawing = ReturnType<typeof iconItem> & { similarity?: number };

/**
 * `count` line drawings, scored `similarity` or, by default, not scored at all: the list then goes
 * on (no end where likeness falls off), page after page. The first icon comes in Regular, Bold and
 * Fill (so the switch offers them), the others in Regular or Bold each.
 */
const lineIcons = (from: number, count = PAGE, similarity?: number): Drawing[] =>
  Array.from({ length: count }, (_, i) => ({
    ...iconItem("phosphor", `shape-${from + (i < 3 ? 0 : i)}`, i === 2 ? "fill" : i % 2 ? "bold" : "regular"),
    ...(similarity === undefined ? {} : { similarity }),
  }));

const filledGear: Drawing = iconItem("tabler", "gear", "filled");

/** The reverse search answering `pages` (page n is pages[n - 1]) out of a total of 300 drawings. */
function reverseRoute(pages: Drawing[][], total = 300): Route {
  return (url, request) => {
    if (url.pathname !== "/v3/reverse-image-search") return undefined;
    return (async () => {
      const { filters } = await parseReverseSearchRequest(request.clone() as Request);
      const data = pages[(filters.page ?? 1) - 1] ?? [];
      return json({ image_hash: "hash-1", items: { total, data } });
    })();
  };
}

const mountSimilar = (pages: Drawing[][], total?: number) =>
  mountSimilarTab([searchRoute(10), reverseRoute(pages, total)], "Gear", true);

const summary = (root: Element) => root.querySelector(".summary")?.textContent ?? "";
const gearShown = (root: Element) => !!root.querySelector('[role="gridcell"][data-name="gear"]');

describe("look-alikes drawn only filled, said on the count line", () => {
  beforeAll(() => fakeLayout(360, 200));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("while the list goes on, more pages loaded (a bigger window) do not bring the note", async () => {
    // The filled gear comes on page 2: a window tall or wide enough to load it met the note, a
    // narrow one did not.
    const ui = await mountSimilar([lineIcons(0), [filledGear, ...lineIcons(100, PAGE - 1)], lineIcons(200)]);
    const { similar } = ui.app;
    expect(similar.items.value).toHaveLength(PAGE);
    expect(ui.container.textContent).not.toContain("drawn only filled");
    await act(() => similar.loadMore());
    await settle();
    expect(similar.items.value).toHaveLength(2 * PAGE);
    expect(similar.hasMore.value).toBe(true);
    expect(gearShown(ui.container)).toBe(false);
    expect(ui.container.textContent).not.toContain("drawn only filled");
    similar.dispose();
    ui.unmount();
  });

  it("while the list goes on, one on the first page is said beside the count, and Fill shows it", async () => {
    const first = lineIcons(0);
    const ui = await mountSimilar([
      [first[0]!, first[1]!, filledGear, ...first.slice(2, PAGE - 1)],
      lineIcons(100),
    ]);
    expect(ui.app.similar.hasMore.value).toBe(true);
    expect(gearShown(ui.container)).toBe(false);
    expect(summary(ui.container)).toBe(
      "Similar icons, most alike first. Some are drawn only filled: Show under Fill",
    );
    await act(() => ui.container.querySelector<HTMLElement>(".summary button")?.click());
    await settle();
    expect(ui.app.settings.settings.peek().iconVariant).toBe("fill");
    expect(gearShown(ui.container)).toBe(true);
    expect(ui.container.textContent).not.toContain("drawn only filled");
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("once the list has ended, says how many beside the exact count", async () => {
    const alike = lineIcons(0, 5, 0.9);
    const filled = [
      { ...filledGear, similarity: 0.85 },
      { ...iconItem("tabler", "star", "filled"), similarity: 0.8 },
    ];
    const ui = await mountSimilar([[...alike, ...filled, ...lineIcons(200, 10, 0.3)]]);
    expect(ui.app.similar.endedAlike.value).toBe(true);
    expect(summary(ui.container)).toBe(
      "5 similar icons, most alike first. 2 are drawn only filled: Show under Fill",
    );
    ui.app.similar.dispose();
    ui.unmount();
  });
});
