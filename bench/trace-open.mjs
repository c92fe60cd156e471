// A first-ever open traced in Chromium: what the window's one thread does between opening and the
// home's paint. The ui suite gives the phases' medians (bench/ui.bench.mjs); this shows, for a few
// opens, every task of the plugin frame's main thread over 2 ms with what filled it (the scripts'
// parse and run, the answers' reactions, style, layout, paint), beside the searches' send and answer
// times, so what holds the paint back can be read rather than guessed.
// `node --import tsx bench/trace-open.mjs [opens]` (3 by default, after one untraced warm-up).
import { launchChromium } from "../test/e2e/support/browser.ts";
import { openHarness } from "../test/e2e/support/harness.ts";
import { startStack } from "../test/e2e/support/stack.ts";
import { seedSettings, waitFor } from "./lib/harness.mjs";
import { paintProbe } from "./lib/paint-probe.mjs";

const OPENS = Number(process.argv[2] ?? 3);
const HOME = { mark: "assetport:home-ready", pictures: ".home .set-card img, .home .recent img" };
const CATEGORIES = [
  "devtools.timeline",
  "blink.user_timing",
  "v8.execute",
  "disabled-by-default-devtools.timeline",
];
/** Tasks shorter than this are left out of the listing. */
const TASK_MIN_MS = 2;
/** What a task is said to hold: the trace's own names for the work a designer waits on. */
const WORK = {
  EvaluateScript: "script run",
  "v8.compile": "compile",
  RunMicrotasks: "reactions",
  FunctionCall: "calls",
  ParseHTML: "HTML parse",
  UpdateLayoutTree: "style",
  Layout: "layout",
  Paint: "paint",
  Commit: "commit",
  MinorGC: "gc",
  MajorGC: "gc",
};

/** Opens the window once, traced when `traced`; gives the probe and the trace's events. */
async function open(stack, traced) {
  const browser = await launchChromium();
  try {
    await browser.context.addInitScript(paintProbe(HOME));
    // Tracing is the browser's: a session on any page records the plugin frame's process too.
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    const events = [];
    cdp.on("Tracing.dataCollected", (data) => events.push(...data.value));
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    if (traced) await cdp.send("Tracing.start", { traceConfig: { includedCategories: CATEGORIES } });
    const harness = await openHarness({
      browser,
      proxyUrls: [stack.proxyUrl],
      prepare: (emulator) => seedSettings(emulator, stack),
    });
    const probe = await waitFor(
      "trace",
      () =>
        harness.ui.evaluate(() => window.__assetportBench?.painted !== undefined && window.__assetportBench),
      "the home painted",
      15_000,
    );
    if (traced) {
      await cdp.send("Tracing.end");
      await complete;
    }
    await harness.close();
    return { probe, events };
  } finally {
    await browser.close();
  }
}

/** The plugin frame's main-thread tasks up to the paint, in ms from the frame's opening. */
function tasksOf(probe, events) {
  // The home-ready mark is the frame's own: its thread, and the offset between the two clocks.
  const mark = events.find((e) => e.name === HOME.mark);
  if (!mark) return [];
  const origin = mark.ts / 1000 - probe.mark;
  const own = events.filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.ph === "X");
  const tasks = own.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
  const inner = own.filter((e) => e.name in WORK);
  return tasks
    .map((task) => ({ task, at: task.ts / 1000 - origin, ms: (task.dur ?? 0) / 1000 }))
    .filter(({ at, ms }) => ms >= TASK_MIN_MS && at <= probe.painted)
    .sort((a, b) => a.at - b.at)
    .map(({ task, at, ms }) => {
      const held = {};
      for (const e of inner)
        if (e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0))
          held[WORK[e.name]] = (held[WORK[e.name]] ?? 0) + (e.dur ?? 0) / 1000;
      const parts = Object.entries(held)
        .filter(([, v]) => v >= 0.5)
        .sort((a, b) => b[1] - a[1])
        .map(([what, v]) => `${what} ${v.toFixed(1)}`);
      return `${at.toFixed(0).padStart(5)} ms  ${ms.toFixed(1).padStart(5)} ms  ${parts.join(", ")}`;
    });
}

const PHASES = [
  "document",
  "searchSent",
  "setsSent",
  "rendered",
  "mark",
  "setsAnswered",
  "loaded",
  "painted",
];

const stack = await startStack();
try {
  // Warm-up: the local API's first searches build its caches.
  await open(stack, false);
  for (let i = 1; i <= OPENS; i++) {
    const { probe, events } = await open(stack, true);
    console.log(`open ${i}: ${PHASES.map((p) => `${p} ${Math.round(probe[p])}`).join(" / ")} ms`);
    console.log(`  searches (sent-answered): ${probe.order.join(", ")}`);
    console.log("  frame's main thread, tasks over 2 ms (start, length, of which):");
    for (const line of tasksOf(probe, events)) console.log(`  ${line}`);
  }
} finally {
  await stack.stop();
}
