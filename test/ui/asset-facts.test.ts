// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { assetSet, readAssetFacts } from "../../src/api/client/asset-facts";
import { applySystemTheme } from "../../src/ui/theme";

describe("asset facts for the details", () => {
  it("reads categories in the service's words when it sends them beside the slugs", () => {
    const named = readAssetFacts({
      uuid: "u",
      name: "n",
      urls: {},
      categories: ["animals-nature", "animal-mammal"],
      category_names: ["Animals & Nature", "Mammals"],
    });
    expect(named.categoryNames).toEqual(["Animals & Nature", "Mammals"]);
    // The slugs stay the values a filter asks for: a name is never sent as a category.
    expect(named.categories).toEqual(["animals-nature", "animal-mammal"]);
    // Names that do not pair up with the slugs are not trusted: the slugs stay.
    const odd = readAssetFacts({
      uuid: "u",
      name: "n",
      urls: {},
      categories: ["a", "b"],
      category_names: ["A"],
    });
    expect(odd.categoryNames).toEqual(["a", "b"]);
    expect(odd.categories).toEqual(["a", "b"]);
  });

  it("reads the local API's fields and keeps additional_informations as rows", () => {
    const facts = readAssetFacts({
      uuid: "u",
      name: "n",
      urls: { svg: "x", png_64: "y" },
      formats: ["svg", "png", "weird"],
      price: "premium",
      license: { name: "MIT", url: "https://example.test/mit" },
      contributor: "tabler",
      tags: ["arrow", { name: "left" }],
      categories: [{ slug: "arrows" }],
      additional_informations: { frame_rate: 30, size: { width: 24, height: 24 } },
    });
    expect(facts).toMatchObject({
      formats: ["svg", "png"],
      price: "premium",
      license: "MIT",
      contributor: "tabler",
      tags: ["arrow", "left"],
      categories: ["arrows"],
      additional: [
        ["frame rate", "30"],
        ["size", "width: 24, height: 24"],
      ],
    });
  });

  it("tolerates other spellings and missing fields, and takes formats from urls when none are listed", () => {
    const facts = readAssetFacts({
      uuid: "u",
      name: "n",
      urls: { svg: "x", preview: "y", png: "z" },
      licence: "CC BY",
      author: { username: "someone" },
      tags: "not a list",
    });
    expect(facts).toEqual({
      formats: ["svg", "png"],
      license: "CC BY",
      contributor: "someone",
      tags: [],
      categories: [],
      categoryNames: [],
      styles: [],
      additional: [],
    });
  });
});

describe("theme outside Figma", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("follows the system's dark preference with a class of its own, beside Figma's", () => {
    const listeners: (() => void)[] = [];
    const query = { matches: true, addEventListener: (_: string, l: () => void) => listeners.push(l) };
    vi.stubGlobal("matchMedia", () => query);
    const root = document.createElement("html");
    applySystemTheme(root);
    expect(root.classList.contains("system-dark")).toBe(true);
    query.matches = false;
    for (const listener of listeners) listener();
    expect(root.classList.contains("system-dark")).toBe(false);
  });
});

describe("an asset's set", () => {
  const asset = (extra: Record<string, unknown>) => ({ uuid: "u", name: "n", urls: {}, ...extra });
  it("reads the contributor, as a name or an object carrying one, else the author", () => {
    expect(assetSet(asset({ contributor: "tabler" }))).toBe("tabler");
    expect(assetSet(asset({ contributor: { username: "phosphor", id: 7 } }))).toBe("phosphor");
    expect(assetSet(asset({ author: { name: "someone" } }))).toBe("someone");
  });
  it("names no set for a missing, empty or shapeless field", () => {
    for (const contributor of [undefined, "", "   ", [], {}, null, true])
      expect(assetSet(asset({ contributor }))).toBeUndefined();
  });
});
