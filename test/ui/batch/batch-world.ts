// A batch as the window runs it: the real plugin over the Figma emulator, the local API over HTTP on
// 127.0.0.1 (its clock in the test's hands, so a Retry-After is waited by moving it), and the ui's own
// api client, credit meter, catalogues and batch store. Only the network's faults are injected.
import sharp from "sharp";
import { createUiPort, windowTransport } from "../../../src/messages/ui-port";
import { createAiCatalogue } from "../../../src/ui/ai/ai-catalogue";
import { batchCatalogue } from "../../../src/ui/batch/batch-catalogue";
import { createBatchStore } from "../../../src/ui/batch/batch-store";
import { createConvertCatalogue } from "../../../src/ui/convert/convert-catalogue";
import { createCreditsStore } from "../../../src/ui/credits/credits-store";
import { createUiApi } from "../../../src/ui/services/ui-api";
import { createWorkStore } from "../../../src/ui/work/work-store";
import { pngBytes } from "../../figma/fixtures";
import { type RunningLocalApi, startLocalApi } from "../../local-api/support";
import { headersOf, worker } from "../../local-api/work-support";
import type { Booted } from "../../plugin/harness";
import { faultyNetwork } from "../work/work-world";

export const BATCH_CLIENTS = {
  app: worker("app"),
  /** Two writes a minute: a batch of five meets 429 rate_limit_exceeded twice. */
  throttled: worker("throttled", { rate_limits: { reads_per_minute: 100_000, writes_per_minute: 2 } }),
  /** Four reads a minute: the plan's and the layers' polls and downloads meet 429 on reads. */
  slowReads: worker("slowReads", { rate_limits: { reads_per_minute: 4, writes_per_minute: 100_000 } }),
  /** Credits for two layers this period (vectorize costs 2). */
  lean: worker("lean", { credits: { allowance: 4, spend_ceiling: false } }),
  /** A plan without AI: every layer would be refused. */
  basic: worker("basic", { capabilities: { converter: false, ai: false } }),
  /** Uploads of at most 20 KB. */
  small: worker("small", { max_upload_kb: 20 }),
};

export function startBatchService(): Promise<RunningLocalApi> {
  return startLocalApi({ accounts: { clients: Object.values(BATCH_CLIENTS) } });
}

/** One plugin window with its batch store; `close()` is the designer closing the plugin. */
export function openBatchWindow(
  booted: Booted,
  server: RunningLocalApi,
  options: { client?: keyof typeof BATCH_CLIENTS; concurrency?: number } = {},
) {
  const network = faultyNetwork();
  const port = createUiPort(windowTransport(booted.emu.uiWindow));
  const api = createUiApi(server.url, "", {
    headers: headersOf(options.client ?? "app"),
    fetch: network.fetch,
    // Reads fail at once; a paid request's lost answer is sent again with its key after 20 ms, up to
    // three times (the transport's same-key budget, shortened so the test does not wait seconds).
    retry: { rateLimitRetries: 0, failureRetries: 0, backoffMs: 20, maxBackoffMs: 20, sameKeyBudgetMs: 60 },
  });
  const credits = createCreditsStore({ api: () => api });
  const catalogue = batchCatalogue(
    createAiCatalogue({ api: () => api }),
    createConvertCatalogue({ api: () => api }),
  );
  const waits: number[] = [];
  const batch = createBatchStore({
    api: () => api,
    port,
    credits,
    catalogue,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    // A Retry-After is waited on the service's clock: the test does not sleep through a minute.
    wait: async (ms) => {
      waits.push(ms);
      server.clock.advance(ms);
    },
  });
  // The single-run store beside it, as the window has: its resume must leave a batch's records alone.
  const work = createWorkStore({ api: () => api, port, credits });
  return {
    port,
    api,
    credits,
    batch,
    work,
    network,
    waits,
    close() {
      network.cut();
      port.close();
    },
  };
}

/** Image layers side by side on the page, selected, as a designer would pick a row of photos. */
export async function selectPhotos(booted: Booted, count: number) {
  const layers = [];
  for (let i = 0; i < count; i++) {
    const rect = booted.figma.createRectangle();
    rect.name = `Photo ${i + 1}`;
    rect.resize(48, 48);
    rect.x = i * 60;
    const hash = booted.figma.createImage(await pngBytes(48, 48, i % 2 ? "#224488" : "#dd3311")).hash;
    rect.fills = [{ type: "IMAGE", imageHash: hash, scaleMode: "FILL" }];
    layers.push(rect);
  }
  booted.page.selection = layers;
  return layers;
}

/** A photo of random pixels: its PNG does not compress below 20 KB. */
export async function noisyLayer(booted: Booted, name: string) {
  const side = 160;
  const raw = Buffer.alloc(side * side * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 16807) % 2147483647;
    raw[i] = seed % 256;
  }
  const png = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
  const rect = booted.figma.createRectangle();
  rect.name = name;
  rect.resize(side / 2, side / 2);
  rect.fills = [
    { type: "IMAGE", imageHash: booted.figma.createImage(new Uint8Array(png)).hash, scaleMode: "FILL" },
  ];
  return rect;
}

export async function creditsUsed(server: RunningLocalApi, client = "app"): Promise<number> {
  const response = await fetch(`${server.url}/v3/credits`, { headers: headersOf(client) });
  return ((await response.json()) as { response: { credits: { used: number } } }).response.credits.used;
}
