import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, describe as group, it } from "vitest";
import { buildCatalogueIndex } from "../../../src/local-api/engines/similarity/catalogue-cache";
import { describe, describeSvg, similarity } from "../../../src/local-api/engines/similarity/describe";
import { DESCRIPTOR_LENGTH } from "../../../src/local-api/engines/similarity/features";
import { SimilarityIndex } from "../../../src/local-api/engines/similarity/rank";
import { allIcons, type Icon, QUERY_TRANSFORMS, random, sample, transformedQuery } from "./icon-set";

let icons: Icon[];
let dir: string;
beforeAll(async () => {
  icons = sample(allIcons(), 300, random(2024));
  dir = await mkdtemp(join(tmpdir(), "assetport-similarity-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

group("descriptor", () => {
  it("is unit length, identical for the same icon and lower for a different one", async () => {
    const [a, b] = [icons[0]!, icons[1]!];
    const da = describeSvg(a.svg);
    expect(da).toHaveLength(DESCRIPTOR_LENGTH);
    expect(similarity(da, da)).toBeCloseTo(1, 5);
    expect(similarity(da, describeSvg(b.svg))).toBeLessThan(0.9);
  });

  it("barely changes when the icon is resized, recoloured or put on a background", async () => {
    const rand = random(5);
    for (const transform of QUERY_TRANSFORMS) {
      const query = await describe(await transformedQuery(icons[2]!, transform, rand));
      expect(similarity(query, describeSvg(icons[2]!.svg))).toBeGreaterThan(0.8);
    }
  });

  it("refuses files that are not images", async () => {
    await expect(describe(new TextEncoder().encode("hello"))).rejects.toMatchObject({
      reason: "invalid_input_file",
    });
  });
});

group("catalogue search", () => {
  it("finds transformed catalogue icons in the top 10 of 300", async () => {
    const build = await buildCatalogueIndex(icons, join(dir, "recall.bin"));
    expect(build.index.length).toBe(300);
    const rand = random(99);
    let found = 0;
    const targets = sample(icons, 10, rand);
    for (const transform of QUERY_TRANSFORMS) {
      for (const icon of targets) {
        const ranked = build.index.rank(await describe(await transformedQuery(icon, transform, rand)), {
          limit: 10,
        });
        if (ranked.some((r) => r.id === icon.uuid)) found++;
      }
    }
    expect(found / 30).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it("ranks best first, narrows by a filter and caps the list", () => {
    const entries = icons.slice(0, 20).map((i) => ({ id: i.uuid, descriptor: describeSvg(i.svg) }));
    const index = new SimilarityIndex(entries);
    const ranked = index.rank(entries[3]!.descriptor);
    expect(ranked[0]).toMatchObject({ id: entries[3]!.id });
    expect(ranked.every((r, k) => k === 0 || ranked[k - 1]!.score >= r.score)).toBe(true);
    const keep = new Set(entries.slice(10).map((e) => e.id));
    const filtered = index.rank(entries[3]!.descriptor, { keep: (id) => keep.has(id), limit: 5 });
    expect(filtered).toHaveLength(5);
    expect(filtered.every((r) => keep.has(r.id))).toBe(true);
  });
});

group("descriptor cache", () => {
  it("reuses cached descriptors, recomputes changed icons and survives a damaged file", async () => {
    const path = join(dir, "cache", "descriptors.bin");
    const few = icons.slice(0, 12);
    const first = await buildCatalogueIndex(few, path);
    expect([first.computed, first.reused]).toEqual([12, 0]);

    const changed = few.map((icon, k) => (k === 4 ? { ...icon, svg: icons[50]!.svg } : icon));
    const second = await buildCatalogueIndex(changed, path);
    expect([second.computed, second.reused]).toEqual([1, 11]);
    const query = describeSvg(icons[50]!.svg);
    expect(second.index.rank(query, { limit: 1 })[0]!.id).toBe(few[4]!.uuid);
    expect(second.index.scores(query)).toHaveLength(12);

    const bytes = await readFile(path);
    await writeFile(path, bytes.subarray(0, bytes.length - 100));
    const third = await buildCatalogueIndex(changed, path);
    expect(third.computed).toBe(12);
  });

  it("leaves out icons whose SVG cannot be drawn", async () => {
    const broken = [...icons.slice(0, 3), { uuid: "broken", svg: "<svg" }];
    const build = await buildCatalogueIndex(broken, join(dir, "broken.bin"));
    expect(build.failed).toEqual(["broken"]);
    expect(build.index.length).toBe(3);
  });
});
