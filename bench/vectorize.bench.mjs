// Vectorize quality on flat art: eight of the catalogue's own icons rendered to 256 px PNG by sharp,
// vectorized through the local API's engine (in its worker, as a task runs it), the SVG rendered back
// and compared with the PNG. Median IoU of the inks, SVG size, paths, anchor points and time per icon, against
// the tracer the engine used before (imagetracerjs, measured once on the same inputs and recorded
// below). Then one noisy photo, to show the bound on what a photograph gives.
// `npm run bench vectorize` runs this suite alone.

import { summarise } from "./lib/stats.mjs";

export const name = "vectorize";

const SIZE = 256;
const RUNS = Number(process.env.VECTORIZE_BENCH_RUNS ?? 5);

/**
 * The same figures for imagetracerjs (16 colours, 512 px trace edge), measured with this suite on
 * 2026-11-24 on the 2-core bench machine before the engine moved to vtracer.
 */
const BEFORE = {
  iou: "0.970 (IQR 0.960-0.989)",
  kb: "41.3 (IQR 25.7-64.5)",
  paths: "300 (IQR 190-482, most 749)",
  anchors: "1123 (min 190, max 2528)",
  ms: "120 (IQR 103-137)",
  photo: "656.5 KB, 2726 paths",
};

const spread = (s, digits) =>
  `IQR ${s.q1.toFixed(digits)}-${s.q3.toFixed(digits)}, min ${s.min.toFixed(digits)}, max ${s.max.toFixed(digits)}`;

export async function run() {
  const { vectorize, closeEngineWorkers } = await import("../src/local-api/engines/index.ts");
  const { TRACE_ICONS, renderIconPng, inkIoU, pathCount, anchorCount, noisyPhoto } = await import(
    "../test/local-api/engines/trace-quality.ts"
  );
  const icons = [];
  for (const id of TRACE_ICONS) icons.push({ id, png: await renderIconPng(id, SIZE) });
  await vectorize(icons[0].png); // warm-up: the worker starts and loads the tracer
  const perIcon = [];
  for (const icon of icons) {
    const times = [];
    let svg = "";
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      svg = await vectorize(icon.png);
      times.push(performance.now() - start);
    }
    perIcon.push({
      id: icon.id,
      iou: await inkIoU(icon.png, svg, SIZE),
      kb: Buffer.byteLength(svg) / 1024,
      paths: pathCount(svg),
      anchors: anchorCount(svg),
      ms: summarise(times).median,
    });
  }
  const photo = await noisyPhoto(1024, 768);
  const photoStart = performance.now();
  const photoSvg = await vectorize(photo);
  const photoMs = performance.now() - photoStart;
  await closeEngineWorkers();

  const iou = summarise(perIcon.map((r) => r.iou));
  const kb = summarise(perIcon.map((r) => r.kb));
  const paths = summarise(perIcon.map((r) => r.paths));
  const anchors = summarise(perIcon.map((r) => r.anchors));
  const ms = summarise(perIcon.map((r) => r.ms));
  const worst = perIcon.reduce((a, b) => (b.paths > a.paths ? b : a));
  const of8 = `${perIcon.length} icons at ${SIZE} px`;
  return [
    {
      figure: "vectorize icons: ink IoU, traced vs source (median)",
      value: Number(iou.median.toFixed(3)),
      unit: "IoU",
      spread: `${spread(iou, 3)}; ${of8}; before (imagetracerjs): ${BEFORE.iou}`,
      target: ">= 0.95",
      met: iou.median >= 0.95,
    },
    {
      figure: "vectorize icons: SVG size (median)",
      value: Number(kb.median.toFixed(1)),
      unit: "KB",
      spread: `${spread(kb, 1)}; before: ${BEFORE.kb} KB`,
      target: "<= 8 KB",
      met: kb.median <= 8,
    },
    {
      figure: "vectorize icons: paths per icon (median)",
      value: paths.median,
      unit: "paths",
      spread: `${spread(paths, 0)}; most: ${worst.id} ${worst.paths}; before: ${BEFORE.paths}`,
      target: "<= 20",
      met: paths.median <= 20,
    },
    {
      figure: "vectorize icons: anchor points per icon (median)",
      value: anchors.median,
      unit: "points",
      spread: `${spread(anchors, 0)}; what a designer drags; before: ${BEFORE.anchors}`,
    },
    {
      figure: "vectorize icons: time per icon (median of per-icon medians)",
      value: Number(ms.median.toFixed(1)),
      unit: "ms",
      spread: `${spread(ms, 1)}; ${RUNS} runs each, in the engine worker; before: ${BEFORE.ms} ms`,
    },
    {
      figure: "vectorize noisy photo 1024x768 jpg: SVG size",
      value: Number((Buffer.byteLength(photoSvg) / 1024).toFixed(1)),
      unit: "KB",
      spread: `${pathCount(photoSvg)} paths, ${photoMs.toFixed(0)} ms, one run; before: ${BEFORE.photo}`,
    },
  ];
}
