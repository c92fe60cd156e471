// The reverse image index holds icons only: illustrations (thousands of packaged emoji) would add to
// its build time and memory for lookalikes a designer finds by word instead.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { catalogOf } from "../../src/local-api/catalog/catalog";
import type { CatalogAsset } from "../../src/local-api/catalog/types";
import { ReverseIndex } from "../../src/local-api/reverse/reverse-index";

const dir = mkdtempSync(join(tmpdir(), "reverse-types-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SVG = (shape: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><${shape} fill="#000"/></svg>`;

function asset(uuid: string, type: CatalogAsset["type"], shape: string): CatalogAsset {
  return {
    uuid,
    name: uuid,
    type,
    contributor: "local",
    styles: [],
    tags: [],
    categories: [],
    price: "free",
    formats: ["svg", "png"],
    license: { name: "MIT", url: "/licenses/local" },
    popularity: 0,
    recency: 0,
    featured: 0,
    variantRank: 0,
    source: { svgText: SVG(shape) },
  };
}

describe("reverse image index", () => {
  it("draws the icons and leaves illustrations out", async () => {
    const catalog = catalogOf([
      asset("icon-square", "icon", 'rect x="4" y="4" width="16" height="16"'),
      asset("icon-circle", "icon", 'circle cx="12" cy="12" r="8"'),
      asset("picture", "illustration", 'circle cx="12" cy="12" r="4"'),
    ]);
    const index = await new ReverseIndex(catalog, dir).ready();
    expect([...index.ids].sort()).toEqual(["icon-circle", "icon-square"]);
  });
});
