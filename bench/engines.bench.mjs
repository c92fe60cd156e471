// The local API's engines on fixed inputs: median time of each of the twelve conversions and of the two
// upload engines, with the output size. In process, one call at a time (renders include starting the
// worker and loading the WebAssembly player, as a real job does).
import { monitorEventLoopDelay } from "node:perf_hooks";
import sharp from "sharp";
import { summarise } from "./lib/stats.mjs";

export const name = "engines";

async function fixedInputs() {
  const { movingSquareLottie, lottieBytes } = await import("../test/local-api/engines/fixtures.ts");
  const { allIcons } = await import("../test/local-api/engines/icon-set.ts");
  // A 1024 x 768 picture with gradients and shapes: photo-like enough for the codecs to work.
  const picture = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">
      <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#7ab"/><stop offset="1" stop-color="#fd8"/></linearGradient></defs>
      <rect width="1024" height="768" fill="url(#g)"/><circle cx="380" cy="380" r="220" fill="#c33"/>
      <rect x="640" y="200" width="240" height="380" rx="30" fill="#234"/></svg>`),
  )
    .png()
    .toBuffer();
  const icon = allIcons().find((i) => i.uuid === "phosphor-regular/house")?.svg;
  if (!icon) throw new Error("phosphor house icon missing");
  return {
    png: picture,
    jpg: await sharp(picture).jpeg({ quality: 90 }).toBuffer(),
    svg: Buffer.from(icon),
    json: lottieBytes(movingSquareLottie()),
    upload: await sharp(picture).resize(512).jpeg({ quality: 90 }).toBuffer(),
  };
}

async function measure(fn, runs) {
  await fn(); // warm-up: module loading and first-call costs stay out of the median
  const samples = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const out = await fn();
    samples.push(performance.now() - start);
    bytes = typeof out === "string" ? Buffer.byteLength(out) : out.byteLength;
  }
  return { stats: summarise(samples), bytes };
}

export async function run() {
  const { CONVERSIONS, CONVERSION_OPERATIONS } = await import("../src/api/contract/tables.ts");
  const engines = await import("../src/local-api/engines/index.ts");
  const inputs = await fixedInputs();
  const { lottieBytes, movingSquareLottie } = await import("../test/local-api/engines/fixtures.ts");
  const rows = [];
  const row = (figure, { stats, bytes }, inputLabel) => ({
    figure,
    value: stats.median,
    unit: "ms",
    spread: `IQR ${stats.q1.toFixed(1)}-${stats.q3.toFixed(1)}, ${stats.runs} runs, ${inputLabel} -> ${bytes} B`,
  });
  const available = engines.availableConversions();
  for (const operation of CONVERSION_OPERATIONS) {
    if (!available[operation].available) {
      rows.push({ figure: operation, value: "unavailable", spread: available[operation].reason });
      continue;
    }
    const kind = CONVERSIONS[operation].input;
    const input = inputs[kind];
    const runs = CONVERSIONS[operation].mode === "async" ? 5 : 15;
    const result = await measure(() => engines.runConversion(operation, input, {}), runs);
    const label =
      kind === "json" ? "200x100 Lottie, 60 frames" : kind === "svg" ? "256 px icon" : `1024x768 ${kind}`;
    rows.push(row(operation, result, label));
  }
  // Responsiveness: how late a 5 ms timer fires on the main thread while a large render runs.
  const long = lottieBytes(movingSquareLottie({ op: 300 }));
  for (const operation of ["lottie-to-gif", "lottie-to-mp4"]) {
    if (!available[operation].available) continue;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const start = performance.now();
    await engines.runConversion(operation, long, { width: 1024 });
    const took = performance.now() - start;
    delay.disable();
    rows.push({
      figure: `event-loop delay during ${operation} 1024x512, 10 s`,
      value: delay.percentile(99) / 1e6,
      unit: "ms p99",
      spread: `max ${(delay.max / 1e6).toFixed(0)} ms over a ${took.toFixed(0)} ms render (2-core machine: CPU contention shows here too)`,
    });
  }
  rows.push(row("vectorize", await measure(() => engines.vectorize(inputs.upload), 5), "512x384 jpg"));
  rows.push(
    row("remove-background", await measure(() => engines.removeBackground(inputs.upload), 10), "512x384 jpg"),
  );
  rows.push(
    row(
      "similarity describe (upload)",
      await measure(() => engines.describe(inputs.upload), 20),
      "512x384 jpg",
    ),
  );
  return rows;
}
