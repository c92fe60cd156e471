// Reverse image search quality and cost: recall@10 of transformed catalogue icons against the whole
// catalogue (tabler + phosphor, ~15k), and the time to precompute the catalogue's descriptors.
// Run: node --import tsx bench/similarity-recall.ts [queries-per-transform=200]

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildCatalogueIndex } from "../src/local-api/engines/similarity/catalogue-cache";
import { describe } from "../src/local-api/engines/similarity/describe";
import {
  allIcons,
  QUERY_TRANSFORMS,
  random,
  sample,
  transformedQuery,
} from "../test/local-api/engines/icon-set";

const perTransform = Number(process.argv[2] ?? 200);
const icons = allIcons();
const dir = await mkdtemp(join(tmpdir(), "assetport-sim-"));
const cachePath = join(dir, "descriptors.bin");

let t = performance.now();
const build = await buildCatalogueIndex(icons, cachePath);
const coldMs = performance.now() - t;
t = performance.now();
await buildCatalogueIndex(icons, cachePath);
const warmMs = performance.now() - t;
console.log(`catalogue: ${icons.length} icons, ${build.failed.length} failed to draw`);
console.log(
  `precompute: ${(coldMs / 1000).toFixed(1)} s cold, ${(warmMs / 1000).toFixed(2)} s from the disk cache`,
);

const rand = random(42);
const targets = sample(icons, perTransform, rand);
const rankTimes: number[] = [];
for (const transform of QUERY_TRANSFORMS) {
  let top1 = 0;
  let top10 = 0;
  for (const icon of targets) {
    const query = await transformedQuery(icon, transform, rand);
    const start = performance.now();
    const ranked = build.index.rank(await describe(query), { limit: 10 });
    rankTimes.push(performance.now() - start);
    const position = ranked.findIndex((r) => r.id === icon.uuid);
    if (position === 0) top1++;
    if (position >= 0) top10++;
  }
  console.log(
    `${transform.padEnd(10)} recall@1 ${((100 * top1) / targets.length).toFixed(1)} %  recall@10 ${((100 * top10) / targets.length).toFixed(1)} %`,
  );
}
rankTimes.sort((a, b) => a - b);
console.log(
  `describe + rank per query: median ${rankTimes[Math.floor(rankTimes.length / 2)]!.toFixed(1)} ms`,
);
await rm(dir, { recursive: true, force: true });
