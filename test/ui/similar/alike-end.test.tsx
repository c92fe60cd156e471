// @vitest-environment happy-dom
// A filtered list of look-alikes ends where likeness falls off: a category takes the nearest shapes
// away, and what is left of it may be nothing like the selection. Over a scripted reverse search
// whose items carry a similarity: without filters the list goes on; with a category it ends at the
// first unlike result, says so in the category's words and offers the less alike ones and the way
// back; a service giving no score keeps the list going (the order is all it has).
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseReverseSearchRequest } from "../../../src/api/server/reverse-request";
import { json, makeAssets, type Route, searchRoute } from "../support/fake-service";
import { fakeLayout, settle } from "../support/mount";
import { mountSimilarTab } from "./mount-similar";

const PAGE = 60;
const TOTAL = 300;

/** How alike each result is, by its place in the list, for each question. */
const LIKENESS: Record<string, (at: number) => number> = {
  // Without filters: the nearest first, slowly less alike.
  "": (at) => 0.99 - at * 0.001,
  // In System: four alike, then the rest far off.
  system: (at) => (at < 4 ? 0.9 - at * 0.05 : 0.5 - at * 0.0005),
  // In Arrows: nothing alike at all.
  arrows: (at) => 0.45 - at * 0.0005,
};

interface Sent {
  page: number;
  categories: string[];
}

function reverseRoute(sent: Sent[], scored = true, likenessOf = LIKENESS): Route {
  return (url, request) => {
    if (url.pathname !== "/v3/reverse-image-search") return undefined;
    return (async () => {
      const { filters } = await parseReverseSearchRequest(request.clone() as Request);
      const categories = filters.categories ?? [];
      sent.push({ page: filters.page ?? 1, categories });
      const likeness = likenessOf[categories[0] ?? ""]!;
      const start = ((filters.page ?? 1) - 1) * PAGE;
      const data = makeAssets(Math.min(PAGE, TOTAL - start), `like-${categories[0] ?? "all"}`).map(
        (asset, i) => ({
          ...asset,
          uuid: `${categories[0] ?? "all"}-${start + i}`,
          name: `look-alike ${start + i}`,
          ...(scored ? { similarity: likeness(start + i) } : {}),
        }),
      );
      return json({ image_hash: "hash-1", items: { total: TOTAL, data } });
    })();
  };
}

const mountSimilar = (sent: Sent[], scored = true, likenessOf = LIKENESS) =>
  mountSimilarTab([searchRoute(10), reverseRoute(sent, scored, likenessOf)], "Star");

const cellCount = (root: Element) => root.querySelectorAll('[role="gridcell"]').length;
const end = (root: Element) => root.querySelector('[data-testid="alike-end"]');
const button = (root: Element, text: string) =>
  [...root.querySelectorAll<HTMLElement>('[data-testid="alike-end"] button')].find(
    (b) => b.textContent === text,
  );

describe("where a list of look-alikes stops being alike", () => {
  // A window short enough that the first page does not reach the grid's end: every page turn here
  // is one the test makes.
  beforeAll(() => fakeLayout(360, 200));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("without filters the list goes on; in System it ends after the four alike, and says so", async () => {
    const sent: Sent[] = [];
    const ui = await mountSimilar(sent);
    const { similar } = ui.app;
    expect(similar.items.value).toHaveLength(PAGE);
    expect(end(ui.container)).toBeNull();
    expect(similar.hasMore.value).toBe(true);

    await act(() => {
      similar.filters.categories.value = "system";
    });
    await settle();
    expect(similar.items.value.map((a) => a.uuid)).toEqual(["system-0", "system-1", "system-2", "system-3"]);
    expect(cellCount(ui.container)).toBe(4);
    expect(end(ui.container)?.textContent).toContain("That is all that looks alike in System.");
    expect(ui.container.querySelector(".summary")?.textContent).toContain(
      "4 similar icons in System, most alike first",
    );
    // The end is the end: nearing it asks for no more pages.
    expect(similar.hasMore.value).toBe(false);
    const asked = sent.length;
    await act(() => similar.loadMore());
    await settle();
    expect(sent).toHaveLength(asked);

    // The way on: the less alike ones follow, and pages load again.
    await act(() => button(ui.container, "Show less alike")?.click());
    await settle();
    expect(similar.items.value).toHaveLength(PAGE);
    expect(end(ui.container)).toBeNull();
    await act(() => similar.loadMore());
    await settle();
    expect(sent.at(-1)).toEqual({ page: 2, categories: ["system"] });
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("with nothing alike in Arrows, says so instead of showing unlike shapes, and clears back", async () => {
    const sent: Sent[] = [];
    const ui = await mountSimilar(sent);
    const { similar } = ui.app;
    await act(() => {
      similar.filters.categories.value = "arrows";
    });
    await settle();
    expect(cellCount(ui.container)).toBe(0);
    expect(end(ui.container)?.textContent).toContain("Nothing in Arrows looks alike");
    await act(() => button(ui.container, "Clear filters")?.click());
    await settle();
    expect(similar.filters.activeCount.value).toBe(0);
    expect(similar.items.value).toHaveLength(PAGE);
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("a service that gives no score keeps the filtered list going", async () => {
    const sent: Sent[] = [];
    const ui = await mountSimilar(sent, false);
    const { similar } = ui.app;
    await act(() => {
      similar.filters.categories.value = "system";
    });
    await settle();
    expect(similar.items.value).toHaveLength(PAGE);
    expect(end(ui.container)).toBeNull();
    expect(similar.hasMore.value).toBe(true);
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("unfiltered, a list that drifts ends where likeness falls off, counted exactly", async () => {
    const sent: Sent[] = [];
    // Three alike, then a house, a flower, a person: far off.
    const drifting = { ...LIKENESS, "": (at: number) => (at < 3 ? 0.95 - at * 0.05 : 0.5 - at * 0.0005) };
    const ui = await mountSimilar(sent, true, drifting);
    const { similar } = ui.app;
    expect(cellCount(ui.container)).toBe(3);
    expect(end(ui.container)?.textContent).toContain("That is all that looks alike.");
    const summary = ui.container.querySelector(".summary")?.textContent ?? "";
    expect(summary).toContain("3 similar icons, most alike first");
    expect(summary).not.toContain("about");
    // Nothing filtered: no way back to offer, only the way on.
    expect(button(ui.container, "Clear filters")).toBeUndefined();
    await act(() => button(ui.container, "Show less alike")?.click());
    await settle();
    expect(similar.items.value).toHaveLength(PAGE);
    expect(ui.container.querySelector(".summary")?.textContent).toBe("Similar icons, most alike first");
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("unfiltered and not yet ended, or without scores, no catalogue-sized number is said", async () => {
    for (const scored of [true, false]) {
      const ui = await mountSimilar([], scored);
      expect(ui.app.similar.hasMore.value).toBe(true);
      expect(ui.container.querySelector(".summary")?.textContent).toBe("Similar icons, most alike first");
      ui.app.similar.dispose();
      ui.unmount();
    }
  });
});
