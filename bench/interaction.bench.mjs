// How quickly the open window answers a designer, in Chromium over the end-to-end harness with the
// built dist/ and the embedded service behind the proxy on loopback (test/e2e/support):
// - keystroke -> results painted: from the home (the field empty), the last key of a query typed
//   at once, to the first frame that paints the first cell; with the ui's debounce (the key ends
//   the typing) and without it (Enter, which searches at once);
// - click -> node placed: from the results of a query, the click on a cell (its event time in the
//   frame) to the moment the emulated document holds the new layer (polled in this process, the
//   sandbox's own).
// Every query and every cell is a different one, so neither the ui's pages nor the download store
// answers from memory: each figure includes the round trip to the service.
// `npm run bench interaction` runs this suite alone.
import { launchChromium } from "../test/e2e/support/browser.ts";
import { openHarness } from "../test/e2e/support/harness.ts";
import { canvasNodes } from "../test/e2e/support/nodes.ts";
import { startStack } from "../test/e2e/support/stack.ts";
import { seedSettings, sleep, waitFor as waitForIn } from "./lib/harness.mjs";
import { summarise } from "./lib/stats.mjs";

export const name = "interaction";

const RUNS = Number(process.env.INTERACTION_BENCH_RUNS ?? 9);
/** Words with results in the embedded catalogue, each used once per run of the suite. */
const WORDS = [
  "bell",
  "rocket",
  "home",
  "camera",
  "heart",
  "cloud",
  "lock",
  "music",
  "phone",
  "gift",
  "book",
  "map",
  "user",
  "mail",
  "star",
  "sun",
  "moon",
  "car",
  "trash",
  "flag",
  "key",
  "bag",
  "cart",
  "globe",
];
/** Clicked from its results: enough different icons for every run. */
const CLICK_QUERY = "arrow";
/** The ui's debounce after the last key (search-store.ts); reported, not assumed, by the Enter runs. */
const DEBOUNCE_MS = 250;

const waitFor = (read, what) => waitForIn("interaction", read, what, 15_000);
const ms = (s) =>
  `IQR ${s.q1.toFixed(0)}-${s.q3.toFixed(0)} ms, min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)}`;

/**
 * Installed in the frame before a query is typed: the time of the last keydown, and the first frame
 * painted after the first cell shows another asset than `before` (the new results).
 */
function armKeystrokeProbe(frame) {
  return frame.evaluate(() => {
    const firstLabel = () =>
      document.querySelector('[role="gridcell"][data-index="0"]')?.getAttribute("aria-label") ?? "";
    const probe = { before: firstLabel(), key: undefined, painted: undefined, label: undefined };
    window.__interaction = probe;
    // The browser keeps 250 resource entries: previews fill that fast, and this query's search
    // must be in there to be checked.
    performance.clearResourceTimings();
    const field = document.querySelector('input[type="search"]');
    field.addEventListener(
      "keydown",
      (event) => {
        probe.key = event.timeStamp;
      },
      { capture: true },
    );
    const grid = document.querySelector('[role="grid"]') ?? document.body;
    const seen = new MutationObserver(() => {
      const label = firstLabel();
      if (probe.key === undefined || label === "" || label === probe.before) return;
      seen.disconnect();
      probe.label = label;
      requestAnimationFrame(() =>
        setTimeout(() => {
          probe.painted = performance.now();
        }, 0),
      );
    });
    seen.observe(grid, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-label"] });
  });
}

const HOME_SETS = '[data-testid="home"] .set-card:not([aria-busy="true"])';

/**
 * From the home (the field emptied, the set cards back), types `word` at once; with `enter`, presses
 * Enter after it. Resolves with the probe.
 */
async function typeQuery(harness, word, enter) {
  const field = harness.ui.locator('input[type="search"]');
  await field.fill("");
  await harness.ui.locator(HOME_SETS).first().waitFor();
  await armKeystrokeProbe(harness.ui);
  await field.pressSequentially(word, { delay: 0 });
  if (enter) await field.press("Enter");
  const probe = await waitFor(
    () => harness.ui.evaluate(() => window.__interaction?.painted !== undefined && window.__interaction),
    `results for "${word}" painted`,
  );
  return probe;
}

async function keystrokes(stack, browser) {
  const harness = await openHarness({
    browser,
    proxyUrls: [stack.proxyUrl],
    prepare: (e) => seedSettings(e, stack),
  });
  try {
    // Typed from the home, as a designer opening the window does.
    await harness.ui.locator(HOME_SETS).first().waitFor();
    const sent = [];
    harness.page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/v3/search") sent.push(url);
    });
    const words = [...WORDS];
    const run = async (enter) => {
      const word = words.shift();
      if (!word) throw new Error("interaction bench: more runs than words; add words to WORDS");
      const probe = await typeQuery(harness, word, enter);
      if (!sent.some((url) => url.searchParams.get("query") === word))
        throw new Error(`interaction bench: typing "${word}" sent no search`);
      // The painted cells are this query's answer, not a stale or interim state: its search had been
      // answered when they were painted (cells may name assets in words, so names are not compared).
      const answered = await harness.ui.evaluate(
        (w) =>
          performance
            .getEntriesByType("resource")
            .filter(
              (r) =>
                new URL(r.name).pathname === "/v3/search" && new URL(r.name).searchParams.get("query") === w,
            )
            .map((r) => r.responseEnd)[0],
        word,
      );
      if (!(answered !== undefined && answered <= probe.painted))
        throw new Error(
          `interaction bench: "${word}" painted "${probe.label}" before its search was answered`,
        );
      await sleep(300);
      return probe.painted - probe.key;
    };
    await run(false); // warm-up: the first query after opening
    const debounced = [];
    const immediate = [];
    for (let i = 0; i < RUNS; i++) {
      debounced.push(await run(false));
      immediate.push(await run(true));
    }
    return { debounced: summarise(debounced), immediate: summarise(immediate) };
  } finally {
    await harness.close();
  }
}

async function clicks(stack, browser) {
  const harness = await openHarness({
    browser,
    proxyUrls: [stack.proxyUrl],
    prepare: (e) => seedSettings(e, stack),
  });
  const { ui } = harness;
  try {
    // Results reached by a query, with a cell for each click.
    await ui.locator('input[type="search"]').fill(CLICK_QUERY);
    await ui.locator(`[role="gridcell"][data-index="${RUNS}"]`).waitFor();
    const samples = [];
    for (let i = 0; i <= RUNS; i++) {
      const before = canvasNodes(harness).length;
      await ui.evaluate(() => {
        window.__clicked = undefined;
        document.addEventListener(
          "click",
          (event) => {
            window.__clicked = performance.timeOrigin + event.timeStamp;
          },
          { capture: true, once: true },
        );
      });
      // A different cell each time: an asset downloaded once may be kept and reused.
      await ui.locator(`[role="gridcell"][data-index="${i}"]`).click();
      const end = Date.now() + 15_000;
      while (canvasNodes(harness).length === before) {
        if (Date.now() > end) throw new Error(`interaction bench: cell ${i} placed nothing`);
        await sleep(1);
      }
      const placed = performance.timeOrigin + performance.now();
      const clicked = await ui.evaluate(() => window.__clicked);
      if (i > 0) samples.push(placed - clicked); // the first click is a warm-up
      await harness.settle();
    }
    return summarise(samples);
  } finally {
    await harness.close();
  }
}

export async function run() {
  const stack = await startStack();
  const browser = await launchChromium();
  try {
    const typed = await keystrokes(stack, browser);
    const placed = await clicks(stack, browser);
    return [
      {
        figure: "keystroke -> results painted (last key of a query, debounce included)",
        value: Math.round(typed.debounced.median),
        unit: "ms",
        spread: `${ms(typed.debounced)}, ${typed.debounced.runs} queries; the ui waits ${DEBOUNCE_MS} ms after the last key`,
      },
      {
        figure: "keystroke -> results painted (Enter: no debounce)",
        value: Math.round(typed.immediate.median),
        unit: "ms",
        spread: `${ms(typed.immediate)}, ${typed.immediate.runs} queries`,
      },
      {
        figure: "click on a cell -> node placed on the canvas",
        value: Math.round(placed.median),
        unit: "ms",
        spread: `${ms(placed)}, ${placed.runs} clicks, each a different icon (a download each)`,
      },
    ];
  } finally {
    await browser.close();
    await stack.stop();
  }
}
