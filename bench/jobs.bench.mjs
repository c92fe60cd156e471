// Clicks and keys a designer needs for four jobs, ours measured and the other plugins' read from
// their source (lib/other-plugins.mjs). Each of our jobs is a script in Chromium over the
// end-to-end harness that really does the job on the main screen (never in Settings) and checks the
// result on the emulated canvas; lib/counted-actions.mjs counts every click and key it uses. The
// results of the query are on screen when counting starts: typing the query is not counted, as in
// the other plugins' rows. A control a job needs that the window does not offer fails that job's row
// (value "fails", the reason in the spread, and the run's exit code), it is never skipped.
// `npm run bench jobs` runs this suite alone.
import { launchChromium } from "../test/e2e/support/browser.ts";
import { openHarness } from "../test/e2e/support/harness.ts";
import { canvasNodes, solidColours, storedAsset } from "../test/e2e/support/nodes.ts";
import { startStack } from "../test/e2e/support/stack.ts";
import {
  choose,
  chooseColour,
  controlNamed,
  countedActions,
  offers,
  turnOn,
} from "./lib/counted-actions.mjs";
import { seedSettings, waitFor as waitForIn } from "./lib/harness.mjs";
import { OTHER_PLUGINS } from "./lib/other-plugins.mjs";

export const name = "jobs";

const waitFor = (read, what) => waitForIn("jobs", read, what, 15_000);
const cell = (ui, index) => ui.locator(`[role="gridcell"][data-index="${index}"]`);
const RED = "#e11d48";

/**
 * Types `query` (uncounted) and waits for its results: the search answered, then a first cell that
 * is not the one shown before (cells may name an asset in words, or group its variants, so the
 * service's raw name is not what they show). Resolves with the first cell's name.
 */
async function showResults(harness, query) {
  const first = () => cell(harness.ui, 0).getAttribute("aria-label");
  const before = (await cell(harness.ui, 0).count()) > 0 ? await first() : null;
  let answered = false;
  harness.page.on("requestfinished", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/v3/search" && url.searchParams.get("query") === query) answered = true;
  });
  await harness.ui.locator('input[type="search"]').fill(query);
  await waitFor(() => answered, `the search for "${query}" answered`);
  return waitFor(async () => {
    if ((await cell(harness.ui, 0).count()) === 0) return false;
    const label = await first();
    return label && label !== before ? label : false;
  }, `the results of "${query}"`);
}

const newNode = (harness, before) =>
  waitFor(() => canvasNodes(harness).find((n) => !before.includes(n)), "a new layer on the canvas");

const JOBS = [
  {
    id: "insert-size-colour",
    title: "insert an icon at a chosen size and colour",
    async script({ harness, acts }) {
      await showResults(harness, "rocket");
      // The shortest way the window offers: a list of common sizes, else the size field.
      if (await offers(harness.ui, /common (icon )?sizes/i)) {
        await acts.click(
          await controlNamed(harness.ui, /common (icon )?sizes/i, "sizes"),
          "the common sizes",
        );
        await acts.click(harness.ui.getByRole("button", { name: /^32 px$/ }), "32 px");
      } else {
        await choose(harness.ui, acts, /^(icon )?size(?![a-z])/i, 32, "Size");
      }
      await chooseColour(harness.ui, acts, /^(icon )?colou?r(?![a-z])/i, RED.slice(1), "Colour");
      const before = canvasNodes(harness);
      await acts.click(cell(harness.ui, 0), "the first icon");
      const node = await newNode(harness, before);
      const colours = new Set(solidColours(node));
      if (node.width !== 32 || node.height !== 32 || colours.size !== 1 || !colours.has(RED))
        throw new Error(
          `placed ${node.width}x${node.height} in ${[...colours].join(", ")}, not 32 px in ${RED}`,
        );
    },
  },
  {
    id: "replace-selected",
    title: "replace a selected icon",
    prepare(emulator) {
      const old = emulator.figma.createNodeFromSvg(
        '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M4 4h16v16H4z" fill="#12a150"/></svg>',
      );
      old.name = "Old icon";
      old.resize(40, 40);
      old.x = 120;
      old.y = 80;
      emulator.figma.currentPage.selection = [old];
    },
    async script({ harness, acts }) {
      const [old] = canvasNodes(harness);
      const first = await showResults(harness, "bell");
      await turnOn(harness.ui, acts, /replace/i, "the insert/replace switch");
      await acts.click(cell(harness.ui, 0), "the first icon");
      await waitFor(() => old.removed, "the selected layer replaced");
      const [node, ...more] = canvasNodes(harness);
      if (more.length > 0 || !storedAsset(node).uuid || node.x !== 120 || node.width !== 40)
        throw new Error(`the replacement is not one Assetport layer (${first}) in the old one's box`);
    },
  },
  {
    id: "switch-weight",
    title: "switch an icon's weight",
    async script({ harness, acts }) {
      await showResults(harness, "rocket");
      // Uncounted: the icon is on the canvas and selected, as the plugin leaves it after an insert.
      // A Phosphor icon: it comes in weights (Tabler's come as outline and filled only).
      await harness.ui.locator('[role="gridcell"][aria-label*="Phosphor"]').first().click();
      const placed = await newNode(harness, []);
      const was = storedAsset(placed).uuid;
      await choose(harness.ui, acts, /^(weight|style|variant)(?![a-z])/i, "Bold", "the weight menu");
      const selected = () => harness.emulator.figma.currentPage.selection;
      await waitFor(
        () => selected().length === 1 && storedAsset(selected()[0]).uuid !== was,
        "the bold variant",
      );
      if (canvasNodes(harness).length !== 1) throw new Error("switching the weight added a layer");
    },
  },
  {
    id: "insert-as-component",
    title: "insert as component",
    async script({ harness, acts }) {
      await showResults(harness, "star");
      await turnOn(harness.ui, acts, /component/i, "Insert as component");
      const before = canvasNodes(harness);
      await acts.click(cell(harness.ui, 0), "the first icon");
      const node = await newNode(harness, before);
      if (node.type !== "INSTANCE") throw new Error(`placed a ${node.type}, not an instance`);
      let home = await node.getMainComponentAsync();
      while (home && home.type !== "PAGE" && home.type !== "SECTION") home = home.parent;
      if (!/assetport/i.test(home?.name ?? ""))
        throw new Error(`its main component lives in "${home?.name}", not Assetport's own page or section`);
    },
  },
];

async function runJob(job, stack) {
  const browser = await launchChromium();
  try {
    const harness = await openHarness({
      browser,
      proxyUrls: [stack.proxyUrl],
      prepare: async (emulator) => {
        await seedSettings(emulator, stack);
        job.prepare?.(emulator);
      },
    });
    const acts = countedActions();
    try {
      // The window opens on the home (recent assets, then the sets): the jobs start from there.
      await harness.ui.locator('[data-testid="home"]').waitFor();
      await job.script({ harness, stack, acts });
      return { ...acts.done };
    } catch (error) {
      // Where the script stopped, so a failing row says which step the window did not allow.
      const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
      throw new Error(`${message} (after: ${acts.done.steps.join("; ") || "no step"})`);
    } finally {
      await harness.close();
    }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await browser.close();
  }
}

export async function run() {
  const stack = await startStack();
  const rows = [];
  try {
    for (const job of JOBS) {
      const result = await runJob(job, stack);
      if (result.error) {
        process.exitCode = 1;
        process.stderr.write(`jobs bench: "${job.title}" failed: ${result.error}\n`);
        rows.push({
          figure: `${job.title}: Assetport`,
          value: "fails",
          unit: "",
          spread: result.error,
          met: false,
        });
      } else {
        rows.push({
          figure: `${job.title}: Assetport`,
          value: result.clicks + result.keys,
          unit: "clicks+keys",
          spread: `${result.clicks} clicks, ${result.keys} keys, measured: ${result.steps.join("; ")}`,
        });
      }
      for (const other of OTHER_PLUGINS[job.id]) {
        rows.push({
          figure: `${job.title}: ${other.plugin}`,
          value: other.value,
          unit: typeof other.value === "number" ? "clicks+keys" : "",
          spread: `from source, not measured: ${other.how} (${other.source})`,
        });
      }
    }
  } finally {
    await stack.stop();
  }
  return rows;
}
