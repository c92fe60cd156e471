// The local API's work over real HTTP on 127.0.0.1: per-operation latency of every conversion (sync:
// request to last byte; async: submit to a completed job, polled every 10 ms), of the two AI tools
// done here, and of the reverse image search against the whole packaged catalogue, with its recall
// over transformed catalogue icons. The descriptor cache lives in a folder kept between runs, so
// only the first run pays for drawing every icon (reported as its own figure).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { summarise, timeRuns } from "./lib/stats.mjs";

export const name = "local-work";

const SYNC_RUNS = 15;
const ASYNC_RUNS = 5;
const RECALL_ICONS = 20;

const fmt = (s) => `IQR ${s.q1.toFixed(1)}-${s.q3.toFixed(1)} ms, ${s.runs} runs`;

export async function run() {
  const { createLocalApi } = await import("../src/local-api/app.ts");
  const { localApiParts } = await import("../src/local-api/parts.ts");
  const { serveOnLoopback } = await import("../test/support/loopback.ts");
  const { png, jpg, lottie, SVG, encode, fileForm } = await import("../test/local-api/work-support.ts");
  const { allIcons, QUERY_TRANSFORMS, random, sample, transformedQuery } = await import(
    "../test/local-api/engines/icon-set.ts"
  );

  const stateDir = mkdtempSync(join(tmpdir(), "assetport-local-work-"));
  // Kept between runs: the reverse index's descriptors for the packaged catalogue.
  const cacheDir = join(tmpdir(), "assetport-bench-reverse-cache");
  mkdirSync(cacheDir, { recursive: true });
  const client = {
    client_id: "bench",
    client_secret: "bench-secret",
    credits: { allowance: 10_000_000 },
    rate_limits: { reads_per_minute: 10_000_000, writes_per_minute: 10_000_000 },
  };
  const api = createLocalApi({ stateDir, accounts: { clients: [client] } });
  const reverseApi = createLocalApi({ stateDir: cacheDir, accounts: { clients: [client] } });
  const server = await serveOnLoopback(api.fetch);
  const reverseServer = await serveOnLoopback(reverseApi.fetch);
  const headers = { "Client-ID": "bench", "Client-Secret": "bench-secret" };
  const rows = [];

  const post = (base, path, form) => fetch(`${base}${path}`, { method: "POST", headers, body: form });
  const poll = async (path, done) => {
    for (;;) {
      const body = await (await fetch(`${server.url}${path}`, { headers })).json();
      if (done(body)) return body;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  const inputs = { png: await png(), jpg: await jpg(), svg: encode(SVG), json: lottie() };
  const sync = {
    "png-to-jpg": [inputs.png],
    "jpg-to-png": [inputs.jpg],
    "svg-to-png": [inputs.svg, { width: "512" }],
    "svg-to-jpg": [inputs.svg, { width: "512" }],
    "svg-to-pdf": [inputs.svg],
    "lottie-optimize": [inputs.json],
    "lottie-to-dotlottie": [inputs.json],
    "svg-to-lottie": [inputs.svg],
  };
  for (const [op, [bytes, fields]] of Object.entries(sync)) {
    const s = await timeRuns(
      async () => {
        const response = await post(server.url, `/v3/convert/${op}`, fileForm(bytes, "in", fields ?? {}));
        if (response.status !== 200) throw new Error(`${op}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      },
      { runs: SYNC_RUNS, warmup: 2 },
    );
    rows.push({ figure: `convert ${op} (small input, sync)`, value: s.median, unit: "ms", spread: fmt(s) });
  }

  for (const op of ["lottie-to-gif", "lottie-to-webp", "lottie-to-mp4", "lottie-to-webm"]) {
    const s = await timeRuns(
      async () => {
        const response = await post(
          server.url,
          `/v3/convert/${op}`,
          fileForm(inputs.json, "in.json", { width: "128" }),
        );
        const { job } = (await response.json()).response;
        const done = await poll(`/v3/convert/jobs/${job.uuid}`, (b) =>
          ["completed", "failed"].includes(b.response.job.status),
        );
        if (done.response.job.status !== "completed")
          throw new Error(`${op} failed: ${done.response.job.message}`);
        await (await fetch(done.response.job.result_url)).arrayBuffer();
      },
      { runs: ASYNC_RUNS, warmup: 1 },
    );
    rows.push({
      figure: `convert ${op} (24 frames, 128 px, submit to result)`,
      value: s.median,
      unit: "ms",
      spread: fmt(s),
    });
  }

  const picture = await (await import("sharp"))
    .default(
      encode(
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#f4f4f0"/><circle cx="128" cy="128" r="80" fill="#1a3d8f"/><rect x="40" y="40" width="60" height="60" fill="#d43"/></svg>',
      ),
    )
    .png()
    .toBuffer();
  for (const op of ["vectorize", "remove-background"]) {
    const s = await timeRuns(
      async () => {
        const response = await post(server.url, `/v3/ai/${op}`, fileForm(picture, "layer.png"));
        const { tasks } = (await response.json()).response;
        const done = await poll(`/v3/ai/tasks/${tasks[0].task_id}`, (b) =>
          ["COMPLETED", "FAILED"].includes(b.response.task.status),
        );
        if (done.response.task.status !== "COMPLETED") throw new Error(`${op} failed`);
        await (await fetch(done.response.task.result.url)).arrayBuffer();
      },
      { runs: ASYNC_RUNS, warmup: 1 },
    );
    rows.push({
      figure: `ai ${op} (256 px PNG, submit to result)`,
      value: s.median,
      unit: "ms",
      spread: fmt(s),
    });
  }

  // Reverse image search against the whole packaged catalogue.
  const reverse = (body) =>
    fetch(`${reverseServer.url}/v3/reverse-image-search`, {
      method: "POST",
      headers: { ...headers, ...(body instanceof FormData ? {} : { "content-type": "application/json" }) },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
  let start = performance.now();
  await localApiParts(reverseApi).reverse.ready();
  rows.push({
    figure: "reverse index ready (whole catalogue; cold on the first run, then from the disk cache)",
    value: (performance.now() - start) / 1000,
    unit: "s",
    spread: "single run",
  });
  const icons = allIcons();
  const byPath = new Map();
  for (const asset of localApiParts(reverseApi).catalog.assets) {
    const path = asset.source.svgPath;
    if (path) byPath.set(path.split("/").slice(-2).join("/"), asset.uuid);
  }
  const rand = random(5);
  const targets = sample(icons, RECALL_ICONS, rand);
  let [asked, top1, top10] = [0, 0, 0];
  const fileTimes = [];
  const hashTimes = [];
  for (const icon of targets) {
    // icon.uuid is "<set>-<weight>/<name>"; the catalogue's asset is found by its SVG file.
    const [set, file] = icon.uuid.split("/");
    const folder = set.startsWith("tabler-") ? set.slice(7) : set.slice(9);
    const uuid = byPath.get(`${folder}/${file}.svg`);
    for (const transform of QUERY_TRANSFORMS) {
      const query = await transformedQuery(icon, transform, rand);
      const form = new FormData();
      form.append(
        "file",
        new Blob([new Uint8Array(query)], {
          type:
            transform === "recolour" ? "image/jpeg" : transform === "background" ? "image/webp" : "image/png",
        }),
        "q",
      );
      start = performance.now();
      const body = await (await reverse(form)).json();
      fileTimes.push(performance.now() - start);
      start = performance.now();
      await (await reverse({ image_hash: body.response.image_hash, page: 2 })).json();
      hashTimes.push(performance.now() - start);
      const ids = body.response.items.data.map((a) => a.uuid);
      asked++;
      if (uuid && ids[0] === uuid) top1++;
      if (uuid && ids.slice(0, 10).includes(uuid)) top10++;
    }
  }
  const f = summarise(fileTimes);
  const h = summarise(hashTimes);
  rows.push({
    figure: `reverse search by file over HTTP (${reverseApi.describe().assets} icons)`,
    value: f.median,
    unit: "ms",
    spread: fmt(f),
  });
  rows.push({
    figure: "reverse search page 2 by image_hash over HTTP",
    value: h.median,
    unit: "ms",
    spread: fmt(h),
  });
  rows.push({
    figure: "reverse search recall@10 over HTTP (resize, recolour, background)",
    value: (100 * top10) / asked,
    unit: "%",
    spread: `recall@1 ${((100 * top1) / asked).toFixed(1)} %, ${asked} queries`,
    target: ">= 90 %",
    met: top10 / asked >= 0.9,
  });

  await server.close();
  await reverseServer.close();
  await api.close();
  await reverseApi.close();
  rmSync(stateDir, { recursive: true, force: true });
  return rows;
}
