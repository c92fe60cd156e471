// @vitest-environment happy-dom
// One control for one choice: where the variant switch shows, it picks the icons' style and the Style
// filter is neither offered nor sent for icons (illustrations keep it). Styles are spelt as the
// details spell them, and counted in icons, "about" where estimated.
import { signal } from "@preact/signals";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { Style } from "../../../src/api/contract/tables";
import { FiltersPanel } from "../../../src/ui/filters/FiltersPanel";
import type { FacetsStore } from "../../../src/ui/filters/facets-store";
import { createFiltersStore } from "../../../src/ui/filters/filters-store";
import { SimilarFilters } from "../../../src/ui/similar/SimilarFilters";
import { createSimilarFilters } from "../../../src/ui/similar/similar-filters";

/** The facets a panel reads, fixed: a style counted in drawings, nothing else to offer. */
function facetsOf(styles: Partial<Record<Style, number>>): FacetsStore {
  return {
    styleCounts: signal(styles),
    gridCounts: signal({}),
    priceCounts: signal({}),
    categories: signal([]),
    tags: signal([]),
    refresh() {},
    dispose() {},
  } as unknown as FacetsStore;
}

function mount(node: preact.VNode) {
  const container = document.createElement("div");
  document.body.append(container);
  act(() => render(node, container));
  return container;
}

const chips = (root: Element) =>
  [...root.querySelectorAll('[data-filter="styles"] .chip')].map((c) => ({
    text: c.textContent,
    title: c.getAttribute("title"),
  }));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the style of icons has one owner", () => {
  it("sends no style for icons while the switch shows; illustrations keep theirs", () => {
    const filters = createFiltersStore();
    filters.styles.value = ["glyph"];
    expect(filters.paramsFor("icon").styles).toEqual(["glyph"]);
    filters.switchPicksIconStyle.value = true;
    expect(filters.paramsFor("icon").styles).toBeUndefined();
    expect(filters.activeCount("icon")).toBe(0);
    expect(filters.stylesApply("icon")).toBe(false);
    expect(filters.paramsFor("illustration").styles).toEqual(["glyph"]);
    expect(filters.stylesApply("illustration")).toBe(true);
    expect(filters.stylesApply("3d")).toBe(false);
  });

  it("leaves the Style section out for icons the switch styles, and keeps it otherwise", () => {
    const filters = createFiltersStore();
    const facets = facetsOf({ line: 40, glyph: 20 });
    const panel = (asset: "icon" | "illustration") =>
      mount(<FiltersPanel filters={filters} facets={facets} asset={asset} />);
    expect(panel("icon").querySelector('[data-filter="styles"]')).not.toBeNull();
    document.body.innerHTML = "";
    filters.switchPicksIconStyle.value = true;
    expect(panel("icon").querySelector('[data-filter="styles"]')).toBeNull();
    expect(panel("illustration").querySelector('[data-filter="styles"]')).not.toBeNull();
  });

  it("spells styles as the details do and counts icons, not drawings", () => {
    const filters = createFiltersStore();
    const facets = facetsOf({ line: 1131, glyph: 20, dualtone: 9 });
    // A shape still being learnt: 1,131 drawings are about 566 icons; the glyphs exactly 20.
    const icons = (drawings: number) =>
      drawings === 1131 ? { count: 566, about: true } : { count: drawings, about: false };
    const root = mount(<FiltersPanel filters={filters} facets={facets} asset="icon" icons={icons} />);
    expect(chips(root)).toEqual([
      { text: "Duotone9", title: "9 icons" },
      { text: "Solid20", title: "20 icons" },
      { text: "Line566", title: "About 566 icons" },
    ]);
    // Illustrations are counted as found, one drawing each, with no icon words.
    document.body.innerHTML = "";
    const other = mount(
      <FiltersPanel filters={filters} facets={facets} asset="illustration" icons={icons} />,
    );
    expect(chips(other).map((c) => c.text)).toEqual(["Duotone9", "Solid20", "Line1,131"]);
  });

  it("in Find similar too: look-alikes in weights leave the Style filter to the switch", () => {
    const lookAlike = (name: string, variant: string, styles: Style[]) =>
      ({
        uuid: `${name}-${variant}`,
        name,
        type: "icon",
        contributor: "phosphor",
        variant,
        styles,
        urls: {},
      }) as never;
    const weighted = [lookAlike("star", "regular", ["line"]), lookAlike("star", "fill", ["glyph"])];
    const plain = [lookAlike("star", "", ["line"]), lookAlike("moon", "", ["glyph"])];
    const filters = createSimilarFilters();
    const styleGroup = (items: never[]) =>
      mount(<SimilarFilters filters={filters} items={items} complete />).querySelector(
        '[data-filter="styles"]',
      );
    expect(styleGroup(plain)).not.toBeNull();
    document.body.innerHTML = "";
    expect(styleGroup(weighted)).toBeNull();
    // A style chosen before the switch showed stays visible, so it can be cleared where it was set.
    document.body.innerHTML = "";
    filters.styles.value = ["line"];
    expect(styleGroup(weighted)).not.toBeNull();
  });
});
