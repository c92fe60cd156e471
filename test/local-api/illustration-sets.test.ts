// The packaged illustration sets against their own files: what the catalogue states at start without
// reading the drawings (the grid, hence the orientation) must hold for every drawing it lists.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lazySet, loadFluentEmoji, svgOf } from "../../src/local-api/catalog/fluent-emoji";
import { loadOpenmoji } from "../../src/local-api/catalog/openmoji";
import { orientationOf } from "../../src/local-api/catalog/orientation";
import { packageDir } from "../../src/local-api/catalog/package-dir";
import { readSvg } from "../../src/local-api/render/asset-files";

const viewBoxOf = (svg: string) => /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)?.slice(1).map(Number);

describe("packaged illustration sets", () => {
  it("OpenMoji: every listed drawing is a 72 x 72 file, once per uuid", () => {
    const assets = loadOpenmoji();
    expect(assets.length).toBeGreaterThan(1000);
    expect(new Set(assets.map((asset) => asset.uuid)).size).toBe(assets.length);
    for (const asset of assets) {
      const svg = readFileSync(asset.source.svgPath!, "utf8");
      expect(viewBoxOf(svg), asset.name).toEqual([72, 72]);
      expect(asset.orientation).toBe("square");
    }
  });

  it("Fluent: every listed drawing exists (aliases through their parent) and is square", async () => {
    const assets = loadFluentEmoji();
    expect(assets.length).toBeGreaterThan(1000);
    expect(new Set(assets.map((asset) => asset.uuid)).size).toBe(assets.length);
    const set = JSON.parse(
      readFileSync(join(packageDir("@iconify-json/fluent-emoji-flat"), "icons.json"), "utf8"),
    );
    for (const asset of assets) {
      const key = asset.name.replaceAll(" ", "-");
      const [width, height] = viewBoxOf(svgOf(set, key))!;
      expect(orientationOf(width!, height!), asset.name).toBe(asset.orientation);
    }
    // The lazy source reads the same drawing the set holds.
    const rocket = assets.find((asset) => asset.name === "rocket")!;
    expect(await readSvg(rocket)).toBe(svgOf(set, "rocket"));
    // Unicode's groups as the icon sets write categories ("maps-and-travel"), the same in both sets.
    const groups = new Set(assets.map((asset) => asset.categories[0]));
    expect(groups).toContain("people-and-body");
    const openmojiGroups = new Set(loadOpenmoji().flatMap((asset) => asset.categories));
    for (const group of groups) expect(openmojiGroups).toContain(group);
    // Skin tones are left out, the base drawing stays.
    expect(assets.some((asset) => asset.name === "thumbs up")).toBe(true);
    expect(
      assets.some(
        (asset) => / (light|medium|dark)$/.test(asset.name) && asset.categories[0] === "people-and-body",
      ),
    ).toBe(false);
  });

  it("calls a drawing square within 5 %, otherwise by its longer side", () => {
    expect(orientationOf(32, 33)).toBe("square");
    expect(orientationOf(400, 300)).toBe("horizontal");
    expect(orientationOf(300, 400)).toBe("vertical");
  });

  it("Fluent: a failed read of the drawings is tried again, not kept", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fluent-lazy-"));
    try {
      const path = join(dir, "icons.json");
      const drawings = lazySet(path);
      await expect(drawings()).rejects.toThrow(/ENOENT/);
      writeFileSync(path, JSON.stringify({ icons: { dot: { body: "<circle r='1'/>" } } }));
      expect(svgOf(await drawings(), "dot")).toContain("<circle r='1'/>");
      // Read once, then kept: the same parsed set answers again.
      expect(await drawings()).toBe(await drawings());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
