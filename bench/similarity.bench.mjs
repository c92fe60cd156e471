// Reverse image search: recall@1 and recall@10 of transformed catalogue icons (200 random icons x
// resize, recolour, coloured background) against the whole packaged catalogue (tabler + phosphor,
// about 15k icons), the time to precompute every descriptor (cold, then from the disk cache) and
// the time to describe and rank one upload.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { summarise } from "./lib/stats.mjs";

export const name = "similarity";
const PER_TRANSFORM = 200;

export async function run() {
  const { describe } = await import("../src/local-api/engines/similarity/describe.ts");
  const { buildCatalogueIndex } = await import("../src/local-api/engines/similarity/catalogue-cache.ts");
  const { allIcons, QUERY_TRANSFORMS, random, sample, transformedQuery } = await import(
    "../test/local-api/engines/icon-set.ts"
  );
  const icons = allIcons();
  const dir = await mkdtemp(join(tmpdir(), "assetport-similarity-bench-"));
  const cachePath = join(dir, "descriptors.bin");
  let start = performance.now();
  const build = await buildCatalogueIndex(icons, cachePath);
  const cold = performance.now() - start;
  const warm = [];
  for (let i = 0; i < 3; i++) {
    start = performance.now();
    await buildCatalogueIndex(icons, cachePath);
    warm.push(performance.now() - start);
  }

  const rand = random(42);
  const targets = sample(icons, PER_TRANSFORM, rand);
  const rows = [
    {
      figure: "catalogue icons described",
      value: build.index.length,
      unit: "icons",
      spread: `${build.failed.length} failed`,
    },
    { figure: "precompute whole catalogue (cold)", value: cold / 1000, unit: "s", spread: "single run" },
    { figure: "load catalogue from disk cache", value: summarise(warm).median, unit: "ms", spread: "3 runs" },
  ];
  const describeTimes = [];
  const rankTimes = [];
  for (const transform of QUERY_TRANSFORMS) {
    let [top1, top10] = [0, 0];
    for (const icon of targets) {
      const query = await transformedQuery(icon, transform, rand);
      let t = performance.now();
      const descriptor = await describe(query);
      describeTimes.push(performance.now() - t);
      t = performance.now();
      const ranked = build.index.rank(descriptor, { limit: 10 });
      rankTimes.push(performance.now() - t);
      const position = ranked.findIndex((r) => r.id === icon.uuid);
      if (position === 0) top1++;
      if (position >= 0) top10++;
    }
    rows.push({
      figure: `recall@10, ${transform}`,
      value: (100 * top10) / targets.length,
      unit: "%",
      spread: `recall@1 ${((100 * top1) / targets.length).toFixed(1)} %, ${targets.length} queries`,
      target: ">= 90 %",
      met: top10 / targets.length >= 0.9,
    });
  }
  const d = summarise(describeTimes);
  const r = summarise(rankTimes);
  rows.push({
    figure: "describe one upload",
    value: d.median,
    unit: "ms",
    spread: `p99 ${d.p99.toFixed(1)}`,
  });
  rows.push({
    figure: `rank ${build.index.length} descriptors`,
    value: r.median,
    unit: "ms",
    spread: `p99 ${r.p99.toFixed(1)}`,
  });
  await rm(dir, { recursive: true, force: true });
  return rows;
}
