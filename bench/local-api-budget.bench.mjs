// The embedded service's budgets, now that it serves every type: what an operator installs
// (production packages on disk), how long the local API takes from spawn to its first answer (cold
// starts in child processes, fresh state folder each), and its resident memory after start and
// after a designer's browse of every type (search pages, then every preview on them). Each figure
// is measured on this checkout and on the commit before the catalogue grew (BEFORE: icons only),
// extracted to a temporary folder that uses this checkout's packages.
// `npm run bench local-api-budget` runs this suite alone.
import { execFileSync, execSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { dependencyClosure, installSize } from "./lib/install-size.mjs";
import { DEMO, startLocalApi, treeRss } from "./lib/local-api-process.mjs";
import { summarise } from "./lib/stats.mjs";

export const name = "local-api-budget";

/** The merge before illustrations, 3D and Lottie came in (both branches forked from it). */
const BEFORE = "76f5481";
const STARTS = Number(process.env.BUDGET_BENCH_STARTS ?? 7);
const BROWSES = Number(process.env.BUDGET_BENCH_BROWSES ?? 2);
const START_TARGET_MS = 1500;
const RSS_TARGET_MB = 400;
const MB = 1024 * 1024;
const ROOT = new URL("..", import.meta.url).pathname;

/** What a designer opens per type: three browse pages and a search, each preview at grid size. */
const BROWSE = [
  { asset: "icon", query: "arrow", preview: "png_128" },
  { asset: "illustration", query: "cat", preview: "png_256" },
  { asset: "3d", query: "star", preview: "png_256" },
  { asset: "lottie", query: "arrow", preview: "png_256" },
];
const PAGES = 3;
/** A long session: the raster cache (64 MB of PNGs) fills, and the render worker has started. */
const LONG_PAGES = 12;
const PER_PAGE = 60;
/** Previews in flight at once, as a browser's connection pool would. */
const PREVIEW_CONCURRENCY = 6;

async function browseEveryType(api, pageCount = PAGES) {
  let peak = treeRss(api.pid).tree;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(api.pid).tree);
  }, 100);
  let previews = 0;
  let failed = 0;
  try {
    for (const { asset, query, preview } of BROWSE) {
      const pages = [
        ...Array.from({ length: pageCount }, (_, i) => `asset=${asset}&page=${i + 1}`),
        `asset=${asset}&query=${query}`,
      ];
      for (const page of pages) {
        const response = await fetch(`${api.url}/v3/search?${page}&per_page=${PER_PAGE}`, { headers: DEMO });
        const items = (await response.json()).response?.items?.data ?? [];
        const urls = items.map((item) => item.urls?.[preview]).filter(Boolean);
        const queue = [...urls];
        await Promise.all(
          Array.from({ length: PREVIEW_CONCURRENCY }, async () => {
            for (let url = queue.shift(); url; url = queue.shift()) {
              const answer = await fetch(url);
              await answer.arrayBuffer();
              previews += 1;
              if (answer.status !== 200) failed += 1;
            }
          }),
        );
      }
    }
  } finally {
    clearInterval(sampler);
  }
  return { after: treeRss(api.pid), peak, previews, failed };
}

async function measure(cwd) {
  const starts = [];
  const atStart = [];
  const browses = [];
  for (let i = 0; i < STARTS; i++) {
    const api = await startLocalApi(cwd);
    try {
      starts.push(api);
      atStart.push(treeRss(api.pid));
      if (i < BROWSES) browses.push(await browseEveryType(api));
    } finally {
      await api.stop();
    }
  }
  const api = await startLocalApi(cwd);
  let long;
  try {
    long = await browseEveryType(api, LONG_PAGES);
  } finally {
    await api.stop();
  }
  return {
    long,
    firstAnswer: summarise(starts.map((s) => s.firstAnswerMs)),
    cpu: summarise(starts.map((s) => s.cpuMs)),
    readyIn: summarise(starts.map((s) => s.readyInMs)),
    startRss: summarise(atStart.map((r) => r.own)),
    startTree: summarise(atStart.map((r) => r.tree)),
    browseRss: summarise(browses.map((b) => b.after.tree)),
    browsePeak: summarise(browses.map((b) => b.peak)),
    previews: browses[0]?.previews ?? 0,
    failed: browses.reduce((sum, b) => sum + b.failed, 0),
  };
}

/** The BEFORE commit's files in a temporary folder, using this checkout's packages. */
function checkoutBefore() {
  const dir = mkdtempSync(join(tmpdir(), "bench-before-"));
  execSync(`git archive ${BEFORE} | tar -x -C ${JSON.stringify(dir)}`, { cwd: ROOT, stdio: "ignore" });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}

const mb = (bytes) => bytes / MB;
const iqr = (s, digits = 0) => `IQR ${s.q1.toFixed(digits)}-${s.q3.toFixed(digits)}`;
const biggest = (packages) =>
  packages
    .slice(0, 6)
    .map((p) => `${p.name} ${mb(p.bytes).toFixed(1)}`)
    .join(", ");

export async function run() {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
  const beforeLock = JSON.parse(
    execFileSync("git", ["show", `${BEFORE}:package-lock.json`], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * MB,
    }),
  );
  const today = installSize(lock, ROOT);
  const earlier = installSize(beforeLock, ROOT);
  // `npm start` runs the TypeScript through tsx and builds the plugin with esbuild, both dev packages.
  const needed = dependencyClosure(lock, ["tsx", "esbuild"]);
  const toStart = today.dev.filter((p) => needed.has(p.name)).reduce((sum, p) => sum + p.bytes, 0);

  const now = await measure(ROOT);
  let before;
  let beforeNote = "";
  const dir = checkoutBefore();
  try {
    before = await measure(dir);
  } catch (error) {
    beforeNote = `before not measured: ${error.message}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const was = (pick, unit, digits = 0) =>
    before
      ? `; before (${BEFORE}, icons only): ${pick(before).median.toFixed(digits)} ${unit}`
      : `; ${beforeNote}`;

  return [
    {
      figure: "install: production packages on disk (npm ci --omit=dev)",
      value: mb(today.bytes),
      unit: "MB",
      spread: `${today.packages.length} packages; biggest (MB): ${biggest(today.packages)}; before (${BEFORE}): ${mb(earlier.bytes).toFixed(1)} MB, ${earlier.packages.length} packages; npm start also needs tsx and esbuild (dev today): +${mb(toStart).toFixed(1)} MB`,
    },
    {
      figure: "local API start: spawn -> first search answered (cold, fresh state)",
      value: now.firstAnswer.median,
      unit: "ms",
      spread: `${iqr(now.firstAnswer)}, max ${now.firstAnswer.max.toFixed(0)}, ${now.firstAnswer.runs} starts; catalogue + index ${now.readyIn.median.toFixed(0)} ms of it; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores${was((m) => m.firstAnswer, "ms")}`,
      target: `< ${START_TARGET_MS} ms`,
      met: now.firstAnswer.median < START_TARGET_MS,
    },
    {
      figure: "local API start: CPU time to first search answered (all threads)",
      value: now.cpu.median,
      unit: "ms",
      spread: `${iqr(now.cpu)}, ${now.cpu.runs} starts; TypeScript run through tsx, as npm start does; less stretched by a busy machine than the wall time${was((m) => m.cpu, "ms")}`,
    },
    {
      figure: "local API resident memory after start",
      value: now.startTree.median,
      unit: "MB",
      spread: `${iqr(now.startTree)}, ${now.startTree.runs} starts; main process ${now.startRss.median.toFixed(0)} MB${was((m) => m.startTree, "MB")}`,
      target: `< ${RSS_TARGET_MB} MB`,
      met: now.startTree.median < RSS_TARGET_MB,
    },
    {
      figure: `local API resident memory after browsing every type (${PAGES} pages + a search each, previews)`,
      value: now.browseRss.median,
      unit: "MB",
      spread: `peak ${now.browsePeak.max.toFixed(0)} MB while browsing, render processes included; ${now.previews} previews per browse, ${now.failed} not 200; ${now.browseRss.runs} browses${was((m) => m.browseRss, "MB")}`,
      target: `< ${RSS_TARGET_MB} MB`,
      met: now.browsePeak.max < RSS_TARGET_MB,
    },
    {
      figure: `local API resident memory after a long browse (${LONG_PAGES} pages + a search of every type)`,
      value: now.long.after.tree,
      unit: "MB",
      spread: `peak ${now.long.peak.toFixed(0)} MB; ${now.long.previews} previews, ${now.long.failed} not 200; one browse${before ? `; before: ${before.long.after.tree.toFixed(0)} MB` : ""}`,
      target: `< ${RSS_TARGET_MB} MB`,
      met: now.long.peak < RSS_TARGET_MB,
    },
  ];
}
