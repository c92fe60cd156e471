// The local API's catalogue and search: index build time in a fresh process (catalogue read from the
// packages plus the search index), catalogue size per type, and search latency over a fixed mix of
// queries and filters, in process (no HTTP) and over loopback HTTP, and how that latency grows when
// the catalogue is doubled and quadrupled (synthetic copies of every asset, for that figure only).
import { execFileSync } from "node:child_process";
import { summarise } from "./lib/stats.mjs";

export const name = "local-search";

const QUERY_MIX = [
  { query: "arrow" },
  { query: "arrow up" },
  { query: "heart", styles: ["glyph"] },
  { query: "user plus" },
  { query: "a" },
  { query: "shop" },
  { query: "cloud rain" },
  { query: "settings", contributors: ["phosphor"] },
  { query: "file", sort: "latest" },
  { query: "chart", categories: ["charts"] },
  { query: "zzzz" },
  { query: "cal", per_page: 200 },
  {},
  { sort: "popular", page: 5, per_page: 100 },
  { styles: ["dualtone"], per_page: 30 },
  { include_tags: ["arrow", "left"] },
  { icon_grid: 24, query: "mail" },
  { query: "music", exclude_tags: ["sound"] },
  { asset: "lottie" },
  { query: "b", sort: "featured" },
  { asset: "illustration", query: "cat" },
  { asset: "illustration", orientation: ["square"], sort: "latest", per_page: 100 },
];

const BUILD = `
const { buildCatalog } = await import("./src/local-api/catalog/catalog.ts");
const { SearchIndex } = await import("./src/local-api/search/search-index.ts");
const start = performance.now();
const catalog = buildCatalog();
const loaded = performance.now();
new SearchIndex(catalog);
const done = performance.now();
console.log(JSON.stringify({ load: loaded - start, index: done - loaded, counts: catalog.countByType() }));
`;

export async function run() {
  const builds = [];
  for (let i = 0; i < 7; i++) {
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", BUILD], {
      encoding: "utf8",
    });
    builds.push(JSON.parse(out.trim().split("\n").pop()));
  }
  const total = summarise(builds.map((b) => b.load + b.index));
  const index = summarise(builds.map((b) => b.index));
  const counts = builds[0].counts;

  const { buildCatalog } = await import("../src/local-api/catalog/catalog.ts");
  const { SearchIndex } = await import("../src/local-api/search/search-index.ts");
  const catalog = buildCatalog();
  // Uncached: every query ranked afresh. Cached: the ranking of recent queries kept (as in service).
  const timeMix = (search) => {
    for (let i = 0; i < 5; i++) for (const params of QUERY_MIX) search.search(params);
    const samples = [];
    for (let round = 0; round < 100; round++) {
      for (const params of QUERY_MIX) {
        const start = performance.now();
        search.search(params);
        samples.push(performance.now() - start);
      }
    }
    return summarise(samples);
  };
  const inProcess = timeMix(new SearchIndex(catalog, 0));
  const cached = timeMix(new SearchIndex(catalog));
  const { catalogOf } = await import("../src/local-api/catalog/catalog.ts");
  const grown = [2, 4].map((factor) => {
    const assets = [...catalog.assets];
    // Each copy matches the same queries as its original, so result sets grow with the catalogue.
    for (let copy = 1; copy < factor; copy++) {
      for (const asset of catalog.assets) assets.push({ ...asset, uuid: `${asset.uuid}-copy-${copy}` });
    }
    const larger = catalogOf(assets);
    return { factor, size: larger.assets.length, stats: timeMix(new SearchIndex(larger, 0)) };
  });

  const { createLocalApi } = await import("../src/local-api/app.ts");
  const { encodeSearchQuery } = await import("../src/api/contract/search-query.ts");
  const { serveOnLoopback } = await import("../test/support/loopback.ts");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const stateDir = mkdtempSync(join(tmpdir(), "local-search-bench-"));
  const api = createLocalApi({
    stateDir,
    accounts: {
      clients: [{ client_id: "bench", client_secret: "b", rate_limits: { reads_per_minute: 1e9 } }],
    },
  });
  const server = await serveOnLoopback((request) => api.fetch(request));
  const headers = { "Client-ID": "bench", "Client-Secret": "b" };
  const urls = QUERY_MIX.map((params) => `${server.url}/v3/search?${encodeSearchQuery(params)}`);
  const httpSamples = [];
  for (let round = 0; round < 25; round++) {
    for (const url of urls) {
      const start = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (round > 1) httpSamples.push(performance.now() - start);
    }
  }
  const http = summarise(httpSamples);
  await server.close();
  await api.close();
  rmSync(stateDir, { recursive: true, force: true });

  const ms = (s) => ({
    value: s.median,
    unit: "ms",
    spread: `p99 ${s.p99.toFixed(3)}, IQR ${s.q1.toFixed(3)}-${s.q3.toFixed(3)}`,
  });
  return [
    ...Object.entries(counts).map(([type, count]) => ({
      figure: `catalogue ${type}`,
      value: count,
      unit: "assets",
    })),
    {
      figure: "start: catalogue + index (fresh process)",
      ...ms(total),
      target: "< 1000 ms",
      met: total.median < 1000,
    },
    { figure: "start: search index alone", ...ms(index) },
    {
      figure: `search in process, uncached (${QUERY_MIX.length} queries x 100)`,
      ...ms(inProcess),
      target: "median < 1 ms",
      met: inProcess.median < 1,
    },
    ...grown.map(({ factor, size, stats }) => ({
      figure: `search in process, uncached, catalogue x${factor} (${size} assets)`,
      ...ms(stats),
      spread: `${ms(stats).spread}; ${(stats.median / inProcess.median).toFixed(2)}x the median at x1`,
    })),
    { figure: "search in process, recent queries cached", ...ms(cached) },
    { figure: "search over loopback HTTP (cached)", ...ms(http) },
  ];
}
