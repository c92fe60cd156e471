import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../src/local-api/catalog/catalog";
import type { CatalogAsset } from "../../src/local-api/catalog/types";
import { stableUuid } from "../../src/local-api/catalog/uuid";
import { assetSummary } from "../../src/local-api/http/asset-json";

const catalog = buildCatalog();
const find = (contributor: string, name: string, variant: string) =>
  catalog.assets.find((a) => a.contributor === contributor && a.name === name && a.variant === variant);

describe("the packaged catalogue", () => {
  it("holds every tabler style and every phosphor weight as icons", () => {
    const bySet = (set: string, variant: string) =>
      catalog.assets.filter((a) => a.contributor === set && a.variant === variant).length;
    expect(bySet("tabler", "outline")).toBeGreaterThan(4500);
    expect(bySet("tabler", "filled")).toBeGreaterThan(900);
    for (const weight of ["regular", "bold", "light", "thin", "fill", "duotone"]) {
      expect(bySet("phosphor", weight)).toBeGreaterThan(1400);
    }
    const counts = catalog.countByType();
    const icons = catalog.assets.filter((a) => a.contributor === "tabler" || a.contributor === "phosphor");
    expect(counts.icon).toBe(icons.length);
    expect(counts.illustration).toBeGreaterThan(1000);
    expect(counts["3d"]).toBeGreaterThan(1800);
    expect(counts.lottie).toBe(79);
    expect(counts["ai-image"]).toBe(0);
  });

  it("maps the sets' styles, categories, grids and licences honestly", () => {
    const outline = find("tabler", "arrow-up", "outline")!;
    expect(outline).toMatchObject({
      styles: ["line"],
      icon_grid: 24,
      price: "free",
      formats: ["svg", "png"],
    });
    expect(outline.categories).toEqual(["arrows"]);
    expect(find("tabler", "heart", "filled")!.styles).toEqual(["glyph"]);
    const duotone = find("phosphor", "airplane-in-flight", "duotone")!;
    expect(duotone.styles).toEqual(["dualtone"]);
    expect(duotone.categories).toEqual(["maps-and-travel", "objects"]);
    expect(duotone.icon_grid).toBeUndefined();
    expect(find("phosphor", "acorn", "fill")!.styles).toEqual(["glyph"]);
    expect(find("phosphor", "acorn", "regular")!.tags).not.toContain("new");
    expect(outline.license.text).toMatch(/^MIT License/);
    expect(duotone.license.text).toMatch(/Phosphor Icons/);
    // No icon package gives a publication date; none is invented.
    expect(catalog.assets.some((a) => a.type === "icon" && a.published_at !== undefined)).toBe(false);
  });

  it("sends every set's categories in words beside their slugs, the set's own where it has them", () => {
    const namesOf = (asset: CatalogAsset) => assetSummary(asset, "http://x").category_names;
    const mapIcon = catalog.assets.find(
      (a) => a.contributor === "phosphor" && a.categories.includes("maps-and-travel"),
    )!;
    const words = namesOf(mapIcon) as string[];
    expect(words[mapIcon.categories.indexOf("maps-and-travel")]).toBe("Maps & travel");
    const cat = catalog.assets.find((a) => a.contributor === "openmoji" && a.name === "cat")!;
    expect(namesOf(cat)).toEqual(["Animals & Nature", "Mammals"]);
    // A set without names of its own: the slug's words, never the bare slug.
    const tabler = catalog.assets.find((a) => a.contributor === "tabler" && a.categories.length > 0)!;
    expect((namesOf(tabler) as string[])[0]).not.toContain("-");
  });

  it("gives every asset a distinct uuid that is the same on every build and machine", () => {
    expect(new Set(catalog.assets.map((a) => a.uuid)).size).toBe(catalog.assets.length);
    expect(find("tabler", "arrow-up", "outline")!.uuid).toBe(stableUuid("tabler", "arrow-up", "outline"));
    // A fixed value: a change of the id scheme would break every stored reference to an asset.
    expect(stableUuid("tabler", "arrow-back", "outline")).toBe("4ebe8718-8154-5232-a8fa-53db61c59f1a");
    expect(stableUuid("a", "b")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe("an operator's JSON-lines catalogue", () => {
  const dir = mkdtempSync(join(tmpdir(), "local-api-catalog-"));
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
  writeFileSync(join(dir, "blob.svg"), svg);
  writeFileSync(
    join(dir, "wave.json"),
    JSON.stringify({ v: "5.7.0", fr: 30, ip: 0, op: 60, w: 100, h: 50, layers: [] }),
  );

  it("extends the packaged sets", () => {
    const file = join(dir, "extend.jsonl");
    writeFileSync(
      file,
      [
        JSON.stringify({
          name: "Blob",
          type: "illustration",
          svg_file: "blob.svg",
          styles: ["flat"],
          tags: ["Blob Shape"],
        }),
        "",
        JSON.stringify({
          name: "Wave",
          type: "lottie",
          files: { json: "wave.json" },
          published_at: "2025-06-01",
        }),
      ].join("\n"),
    );
    const extended = buildCatalog({ catalogFile: file });
    expect(extended.assets.length).toBe(catalog.assets.length + 2);
    const blob = extended.assets.find((a) => a.name === "Blob")!;
    expect(blob).toMatchObject({
      type: "illustration",
      formats: ["svg", "png"],
      tags: ["blob-shape"],
      contributor: "local",
    });
    expect(extended.assets.find((a) => a.name === "Wave")!.formats).toEqual(["json"]);
  });

  it("replaces them with a replace_builtin line", () => {
    const file = join(dir, "replace.jsonl");
    writeFileSync(
      file,
      `{"replace_builtin": true}\n${JSON.stringify({ name: "Blob", type: "icon", svg: svg })}\n`,
    );
    expect(buildCatalog({ catalogFile: file }).assets.map((a) => a.name)).toEqual(["Blob"]);
  });

  it("stops with the line number of a malformed line", () => {
    const file = join(dir, "bad.jsonl");
    writeFileSync(
      file,
      `${JSON.stringify({ name: "Ok", type: "icon", svg })}\n{"name": "x", "type": "vase"}\n`,
    );
    expect(() => buildCatalog({ catalogFile: file })).toThrow(/line 2/);
    writeFileSync(file, `${JSON.stringify({ name: "NoFile", type: "lottie", formats: ["json"] })}\n`);
    expect(() => buildCatalog({ catalogFile: file })).toThrow(/line 1: no file for format\(s\) json/);
    writeFileSync(file, "not json\n");
    expect(() => buildCatalog({ catalogFile: file })).toThrow(/line 1: not valid JSON/);
  });
});
