// Stroke width changed -> previews repainted, in Chromium over the end-to-end harness with the built
// dist/ and the embedded service behind the proxy on loopback (test/e2e/support). The window shows
// "arrow" with a width chosen; each run commits a width not used before (Enter in the stroke field,
// its event time in the frame), so every visible line icon is redrawn from its kept SVG (plain ones
// painted on canvases, others as new images), and ends at the first frame painted once every redrawn
// picture in the grid shows the new width (an <img> keeps its old image until the new one is
// decoded, so that frame shows the new width).
// Also counted: the preview requests the page sends for those changes (a request the browser's
// cache answers counts too); the SVGs were fetched for the first paint, so there should be none.
// `npm run bench stroke` runs this suite alone.
import { launchChromium } from "../test/e2e/support/browser.ts";
import { openHarness } from "../test/e2e/support/harness.ts";
import { startStack } from "../test/e2e/support/stack.ts";
import { waitFor as waitForIn } from "./lib/harness.mjs";
import { summarise } from "./lib/stats.mjs";

export const name = "stroke";

const RUNS = Number(process.env.STROKE_BENCH_RUNS ?? 11);
const waitFor = (read, what) => waitForIn("stroke", read, what, 15_000);
const ms = (s) =>
  `IQR ${s.q1.toFixed(1)}-${s.q3.toFixed(1)} ms, min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)}`;

/** The grid's pictures, every one loaded and none still waiting for its SVG: how many are redrawn. */
const redrawnLoaded = (ui) =>
  ui.evaluate(() => {
    const grid = document.querySelector('[role="grid"]');
    const images = [...(grid?.querySelectorAll("img") ?? [])];
    // Redrawn pictures: canvases for plain line icons, images for the rest.
    const redrawn = grid?.querySelectorAll("[data-stroke]").length ?? 0;
    const waiting = grid?.querySelector(".preview--pending");
    return redrawn > 0 && !waiting && images.every((img) => img.complete) && redrawn;
  });

/**
 * Installed before a width is committed: the Enter key's time, and the first frame painted once every
 * picture that was redrawn shows the new width (an image: loaded).
 */
function armProbe(ui) {
  return ui.evaluate(() => {
    const field = document.querySelector('input[name="iconStrokeWidth"]');
    const before = [...document.querySelectorAll('[role="grid"] [data-stroke]')];
    const probe = { key: undefined, swapped: undefined, painted: undefined, pictures: 0 };
    window.__stroke = probe;
    field.addEventListener(
      "keydown",
      (event) => {
        if (event.key === "Enter") probe.key = event.timeStamp;
      },
      { capture: true, once: true },
    );
    const drawnAt = (picture, width) => picture.isConnected && picture.getAttribute("data-stroke") === width;
    const check = () => {
      const width = field.value;
      // The new pictures are in the document (images among them may still be decoding).
      if (probe.key !== undefined && probe.swapped === undefined && before.every((p) => drawnAt(p, width)))
        probe.swapped = performance.now();
      const done =
        probe.key !== undefined &&
        before.every((p) => drawnAt(p, width) && (!(p instanceof HTMLImageElement) || p.complete));
      if (!done) {
        requestAnimationFrame(check);
        return;
      }
      probe.pictures = before.length;
      // The task queued from this frame's rAF callback runs after the frame that paints them.
      setTimeout(() => {
        probe.painted = performance.now();
      }, 0);
    };
    requestAnimationFrame(check);
  });
}

export async function run() {
  const stack = await startStack();
  const browser = await launchChromium();
  const harness = await openHarness({
    browser,
    proxyUrls: [stack.proxyUrl],
    prepare: (emulator) =>
      emulator.figma.clientStorage.setAsync("assetport.settings", {
        proxyUrl: stack.proxyUrl,
        accessToken: stack.token,
        iconVariant: null,
        iconSize: 24,
        iconStrokeWidth: 1,
      }),
  });
  const { ui } = harness;
  try {
    const requests = [];
    harness.page.on("request", (request) => {
      if (request.url().includes("/relay/g?")) requests.push(request.url());
    });
    await ui.locator('input[type="search"]').fill("arrow");
    const firstPaint = await waitFor(() => redrawnLoaded(ui), "the first redrawn previews");
    const fetchedForFirstPaint = requests.length;
    const field = ui.locator('input[name="iconStrokeWidth"]');
    const samples = [];
    const swaps = [];
    let pictures = 0;
    for (let i = 0; i <= RUNS; i++) {
      await armProbe(ui);
      await field.fill(String(1.25 + i * 0.25));
      await field.press("Enter");
      const probe = await waitFor(
        () => ui.evaluate(() => window.__stroke?.painted !== undefined && window.__stroke),
        `width ${1.25 + i * 0.25} repainted`,
      );
      // The first change is a warm-up.
      if (i > 0) samples.push(probe.painted - probe.key);
      if (i > 0) swaps.push(probe.swapped - probe.key);
      pictures = probe.pictures;
    }
    const repainted = summarise(samples);
    const swapped = summarise(swaps);
    return [
      {
        figure: "stroke width changed -> line-icon previews repainted",
        value: Number(repainted.median.toFixed(1)),
        unit: "ms",
        spread: `${ms(repainted)}, ${repainted.runs} widths, each new, ${pictures} previews redrawn each time`,
      },
      {
        figure: "stroke width changed -> new pictures in the document (part of the above)",
        value: Number(swapped.median.toFixed(1)),
        unit: "ms",
        spread: `${ms(swapped)}; the rest is the browser drawing them (and loading any redrawn images)`,
      },
      {
        figure: "preview requests for those width changes",
        value: requests.length - fetchedForFirstPaint,
        unit: "requests",
        spread: `after ${fetchedForFirstPaint} for the home and the first results (${firstPaint} line icons redrawn)`,
      },
    ];
  } finally {
    await harness.close();
    await browser.close();
    await stack.stop();
  }
}
