// A batch of 20 layers against the local API over HTTP on 127.0.0.1, through the window's own stores and
// the real plugin over the Figma emulator: vectorize and remove background as one batch, against the
// same 20 layers run one at a time through the single-run store (a designer clicking Run 20 times, with
// no time between clicks). Wall time, requests sent, credits charged (against the sum of the per-layer
// costs the plan showed), uploads per layer. Then a batch closed half-way and resumed by the next window:
// the ledger's charges per task, results and originals counted.
// `npm run bench -- batch` runs this suite alone.

import sharp from "sharp";
import { localApiParts } from "../src/local-api/parts.ts";

export const name = "batch";

const LAYERS = 20;
const OPERATIONS = ["vectorize", "remove-background"];

/** Twenty different product shots: a coloured disc and square on white, 96 px. */
async function photos() {
  const out = [];
  for (let i = 0; i < LAYERS; i++) {
    const hue = Math.round((i * 360) / LAYERS);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#fff"/><circle cx="40" cy="48" r="26" fill="hsl(${hue},70%,45%)"/><rect x="58" y="20" width="26" height="56" fill="hsl(${(hue + 180) % 360},60%,40%)"/></svg>`;
    out.push(new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer()));
  }
  return out;
}

async function world() {
  const { startLocalApi } = await import("../test/local-api/support.ts");
  const { worker, headersOf } = await import("../test/local-api/work-support.ts");
  const server = await startLocalApi({ accounts: { clients: [worker("bench")] } });
  return { server, headers: headersOf("bench") };
}

/** A fresh document with the 20 photos on it and the plugin started. */
async function document(images) {
  const { bootPlugin } = await import("../test/plugin/harness.ts");
  return bootPlugin({
    prepare: (emu) => {
      images.forEach((bytes, i) => {
        const rect = emu.figma.createRectangle();
        rect.name = `Product ${i + 1}`;
        rect.resize(96, 96);
        rect.x = (i % 5) * 112;
        rect.y = Math.floor(i / 5) * 112;
        rect.fills = [{ type: "IMAGE", imageHash: emu.figma.createImage(bytes).hash, scaleMode: "FILL" }];
      });
    },
  });
}

/** One plugin window over `figma`: its stores, every request it sends counted; close() is closing the plugin. */
async function openWindow(figma, server, headers) {
  const { createUiPort, windowTransport } = await import("../src/messages/ui-port.ts");
  const { createUiApi } = await import("../src/ui/services/ui-api.ts");
  const { createCreditsStore } = await import("../src/ui/credits/credits-store.ts");
  const { createWorkStore } = await import("../src/ui/work/work-store.ts");
  const { createBatchStore } = await import("../src/ui/batch/batch-store.ts");
  const { batchCatalogue } = await import("../src/ui/batch/batch-catalogue.ts");
  const { createAiCatalogue } = await import("../src/ui/ai/ai-catalogue.ts");
  const { createConvertCatalogue } = await import("../src/ui/convert/convert-catalogue.ts");
  const sent = [];
  let cut = false;
  const counting = async (input, init) => {
    // A closed window sends nothing more.
    if (cut) return new Promise(() => {});
    const request = new Request(input, init);
    sent.push({ method: request.method, path: new URL(request.url).pathname });
    return fetch(request);
  };
  const port = createUiPort(windowTransport(figma.emu.uiWindow));
  const api = createUiApi(server.url, "", { headers, fetch: counting, retry: { rateLimitRetries: 0 } });
  const credits = createCreditsStore({ api: () => api });
  const catalogue = batchCatalogue(
    createAiCatalogue({ api: () => api }),
    createConvertCatalogue({ api: () => api }),
  );
  return {
    figma,
    sent,
    work: createWorkStore({ api: () => api, port, credits }),
    batch: createBatchStore({ api: () => api, port, credits, catalogue }),
    close() {
      cut = true;
      port.close();
    },
  };
}

async function used(server, headers) {
  const response = await fetch(`${server.url}/v3/credits`, { headers });
  return (await response.json()).response.credits.used;
}

const originals = (figma) => figma.page.children.filter((n) => n.getPluginData("result") !== "");
const results = (figma) => figma.page.children.filter((n) => n.getPluginData("original") !== "");

async function batchRun(server, headers, images, operation) {
  const w = await openWindow(await document(images), server, headers);
  w.figma.page.selection = [...w.figma.page.children];
  const before = await used(server, headers);
  const start = performance.now();
  const plan = await w.batch.makePlan({ family: "ai", operation });
  const run = await w.batch.start();
  const ms = performance.now() - start;
  const charged = (await used(server, headers)) - before;
  const figures = {
    ms,
    requests: w.sent.length,
    uploads: w.sent.filter((s) => s.method === "POST" && s.path === `/v3/ai/${operation}`).length,
    charged,
    planned: plan.total,
    done: run.layers.filter((l) => l.status === "done").length,
    placed: results(w.figma).length,
  };
  w.figma.stop();
  return figures;
}

async function singleRuns(server, headers, images, operation) {
  const w = await openWindow(await document(images), server, headers);
  const layers = [...w.figma.page.children];
  const before = await used(server, headers);
  const start = performance.now();
  let done = 0;
  for (const layer of layers) {
    w.figma.page.selection = [layer];
    const run = await w.work.ai({
      operation,
      input: { kind: "selection", format: "PNG", nodeId: layer.id },
      target:
        operation === "vectorize"
          ? { mode: "over-source", nodeId: layer.id, nodeName: layer.name, hideSource: true }
          : { mode: "replace-fill", nodeId: layer.id, nodeName: layer.name },
    });
    if (run.status === "done") done += 1;
  }
  const ms = performance.now() - start;
  const figures = {
    ms,
    requests: w.sent.length,
    uploads: w.sent.filter((s) => s.method === "POST" && s.path === `/v3/ai/${operation}`).length,
    charged: (await used(server, headers)) - before,
    done,
  };
  w.figma.stop();
  return figures;
}

async function interrupted(server, headers, images) {
  const figma = await document(images);
  const first = await openWindow(figma, server, headers);
  figma.page.selection = [...figma.page.children];
  const before = await used(server, headers);
  const eventsBefore = ledgerEvents(server).length;
  await first.batch.makePlan({ family: "ai", operation: "vectorize" });
  void first.batch.start();
  // Closed once half the layers are done, others in flight.
  for (let i = 0; i < 4000; i++) {
    const layers = first.batch.run.value?.layers ?? [];
    if (layers.filter((l) => l.status === "done").length >= LAYERS / 2) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const doneFirst = first.batch.run.value.layers.filter((l) => l.status === "done").length;
  first.close();
  const second = await openWindow(figma, server, headers);
  await second.batch.resume();
  const resumed = second.batch.run.value?.layers ?? [];
  const events = ledgerEvents(server).slice(eventsBefore);
  const perTask = new Map();
  for (const e of events) if (e.task) perTask.set(e.task, (perTask.get(e.task) ?? 0) + 1);
  const left = await figma.port.request("storage-get", { key: "pending-work" });
  const figures = {
    doneFirst,
    resumed: resumed.length,
    resumedDone: resumed.filter((l) => l.status === "done").length,
    charged: (await used(server, headers)) - before,
    charges: events.length,
    chargedTwice: [...perTask.values()].filter((n) => n > 1).length,
    results: results(figma).length,
    originals: originals(figma).filter((n) => !n.removed && n.visible === false).length,
    recordsLeft: (left.value ?? []).length,
  };
  figma.stop();
  return figures;
}

function ledgerEvents(server) {
  const out = [];
  for (const periods of Object.values(localApiParts(server.api).ledger.snapshot().accounts))
    for (const usage of Object.values(periods)) out.push(...usage.events);
  return out;
}

export async function run() {
  const images = await photos();
  const { server, headers } = await world();
  const rows = [];
  try {
    for (const operation of OPERATIONS) {
      const batch = await batchRun(server, headers, images, operation);
      const single = await singleRuns(server, headers, images, operation);
      const cost = batch.planned / LAYERS;
      rows.push(
        {
          figure: `${operation} ${LAYERS} layers: wall time, batch (plan included)`,
          value: Math.round(batch.ms),
          unit: "ms",
          spread: `20 single runs: ${Math.round(single.ms)} ms (${(single.ms / batch.ms).toFixed(1)}x); ${batch.done} done, ${batch.placed} placed beside kept originals`,
        },
        {
          figure: `${operation} ${LAYERS} layers: requests sent, batch`,
          value: batch.requests,
          unit: "requests",
          spread: `20 single runs: ${single.requests}`,
        },
        {
          figure: `${operation} ${LAYERS} layers: credits charged, batch`,
          value: batch.charged,
          unit: "credits",
          spread: `sum of per-layer costs shown in the plan: ${batch.planned} (${cost} each); 20 single runs: ${single.charged}`,
          target: `= ${batch.planned}`,
          met: batch.charged === batch.planned,
        },
        {
          figure: `${operation} ${LAYERS} layers: uploads, batch`,
          value: batch.uploads,
          unit: "uploads",
          spread: `20 single runs: ${single.uploads}`,
          target: `= ${LAYERS} (one per layer)`,
          met: batch.uploads === LAYERS,
        },
      );
    }
    const cut = await interrupted(server, headers, images);
    rows.push(
      {
        figure: `vectorize ${LAYERS} layers closed half-way, resumed: layers charged twice`,
        value: cut.chargedTwice,
        unit: "layers",
        // A layer being placed when the window closed is finished by the plugin and not resumed.
        spread: `${cut.doneFirst} shown done at closing, ${cut.resumedDone} of ${cut.resumed} resumed done; ${cut.charges} charges (one per task), ${cut.charged} credits; records left ${cut.recordsLeft}`,
        target: "0",
        met: cut.chargedTwice === 0 && cut.charges === LAYERS && cut.recordsLeft === 0,
      },
      {
        figure: `vectorize ${LAYERS} layers closed half-way, resumed: results and originals kept`,
        value: cut.results,
        unit: "results",
        spread: `${cut.originals} originals kept hidden beside them`,
        target: `= ${LAYERS} and ${LAYERS}`,
        met: cut.results === LAYERS && cut.originals === LAYERS,
      },
    );
  } finally {
    await server.close();
    const { closeEngineWorkers } = await import("../src/local-api/engines/index.ts");
    await closeEngineWorkers();
  }
  return rows;
}
