// Vectorize as a designer meets it, in Chromium over the end-to-end harness (test/e2e/support): the
// time from the click on Vectorize to the vector placed on the emulated canvas, against the proxy's
// Node entry with the local API in-process, as `npm start` runs them. The wait includes the task's
// polling at the pace the service's Retry-After sets, as it does for a designer.
// `npm run bench ai` runs this suite alone.

import sharp from "sharp";
import { TASK_RETRY_AFTER_SECONDS } from "../src/local-api/routes/ai.ts";
import { launchChromium } from "../test/e2e/support/browser.ts";
import { openHarness } from "../test/e2e/support/harness.ts";
import { startStack } from "../test/e2e/support/stack.ts";
import { seedSettings, waitFor as waitForIn } from "./lib/harness.mjs";
import { summarise } from "./lib/stats.mjs";

export const name = "ai";

const RUNS = Number(process.env.AI_BENCH_RUNS ?? 12);

/** A photo-like raster (shapes on white, 480 x 360), as a designer would vectorize. */
async function photo() {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#fff"/>' +
    '<rect x="40" y="50" width="180" height="180" fill="#e02020"/><circle cx="340" cy="200" r="100" fill="#2040e0"/>' +
    '<path d="M60 320 L240 260 L420 330 Z" fill="#20a040"/></svg>';
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

const waitFor = (read, what) => waitForIn("ai", read, what, 30_000);

/** One vectorize in a freshly opened window: the click, the upload's answer, the vector placed. */
async function vectorizeOnce(stack, browser, bytes) {
  let placedAt;
  const harness = await openHarness({
    browser,
    serve: stack,
    prepare: async (emulator) => {
      const { figma } = emulator;
      await seedSettings(emulator, stack);
      const layer = figma.createRectangle();
      layer.name = "Photo";
      layer.resize(240, 180);
      layer.fills = [{ type: "IMAGE", imageHash: figma.createImage(bytes).hash, scaleMode: "FILL" }];
      figma.currentPage.selection = [layer];
      // The plugin commits an undo step right after it places a result: the moment it is on the canvas.
      const commit = figma.commitUndo.bind(figma);
      figma.commitUndo = () => {
        if (placedAt === undefined && figma.currentPage.children.length > 1) placedAt = performance.now();
        commit();
      };
    },
  });
  try {
    const { page, ui } = harness;
    await ui.locator('[role="tab"][data-tab="ai"]').click();
    const button = ui.locator('[data-testid="ai-submit"]');
    await waitFor(() => button.isEnabled(), "the Vectorize button");
    const box = await button.boundingBox();
    let answeredAt;
    page.on("response", (response) => {
      if (answeredAt === undefined && new URL(response.url()).pathname === "/v3/ai/vectorize")
        answeredAt = performance.now();
    });
    const clickedAt = performance.now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await waitFor(() => placedAt !== undefined, "the vector on the canvas");
    return { placed: placedAt - clickedAt, answered: answeredAt - clickedAt };
  } finally {
    await harness.close();
  }
}

const ms = (s) =>
  `IQR ${s.q1.toFixed(0)}-${s.q3.toFixed(0)} ms, min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)}, ${s.runs} runs`;

export async function run() {
  const [stack, browser] = await Promise.all([startStack(), launchChromium()]);
  const bytes = await photo();
  try {
    // Warm-up: the first vectorize starts the tracing worker; a designer's proxy is already running.
    await vectorizeOnce(stack, browser, bytes);
    const samples = [];
    for (let i = 0; i < RUNS; i++) samples.push(await vectorizeOnce(stack, browser, bytes));
    const placed = summarise(samples.map((s) => s.placed));
    const answered = summarise(samples.map((s) => s.answered));
    return [
      {
        figure: "vectorize: click -> vector placed over the layer (local API)",
        value: Math.round(placed.median),
        unit: "ms",
        spread: `${ms(placed)}; the task is polled at the service's Retry-After (${TASK_RETRY_AFTER_SECONDS} s here)`,
      },
      {
        figure: "vectorize: of which click -> upload answered (202)",
        value: Math.round(answered.median),
        unit: "ms",
        spread: ms(answered),
      },
    ];
  } finally {
    await browser.close();
    await stack.stop();
  }
}
