// Closing the local API while a conversion runs: the conversion that finishes after the state was
// closed cannot have its charge recorded, so it is answered 503 and not charged (never 200 for free);
// requests after close are refused at once; the last instance in the process ends its renders.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalApi } from "../../src/local-api/app";
import { liveRenderProcesses } from "../../src/local-api/engines/workers/resvg-process";
import {
  encode,
  fileForm,
  headersOf,
  SVG,
  smallCatalogue,
  usedCreditsInProcess,
  worker,
} from "./work-support";

const root = mkdtempSync(join(tmpdir(), "close-charges-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const catalogFile = smallCatalogue(4).path;
const accounts = { clients: [worker("conv")] };

const convert = (operation: string, key?: string) =>
  new Request(`http://127.0.0.1/v3/convert/${operation}`, {
    method: "POST",
    headers: { ...headersOf("conv"), ...(key ? { "Idempotency-Key": key } : {}) },
    body: fileForm(encode(SVG), "a.svg"),
  });

describe("closing while a conversion runs", () => {
  it("a sync conversion finishing after close is answered 503 and not charged", async () => {
    const stateDir = join(root, "sync");
    const api = createLocalApi({ stateDir, accounts, catalogFile });
    // The request is under way (reading its body) when close runs: its charge cannot come first.
    const pending = api.fetch(convert("svg-to-pdf", "close-charges-key-0001"));
    await api.close();
    const response = await pending;
    expect(response.status).toBe(503);
    expect(((await response.json()) as { data: { reason: string } }).data.reason).toBe("service_unavailable");
    // A request after close is refused at once.
    const late = await api.fetch(convert("svg-to-pdf"));
    expect(late.status).toBe(503);
    // Nothing was charged, and the key is free for the retry.
    const reopened = createLocalApi({ stateDir, accounts, catalogFile });
    try {
      expect(await usedCreditsInProcess(reopened, "conv")).toBe(0);
      const retry = await reopened.fetch(convert("svg-to-pdf", "close-charges-key-0001"));
      expect(retry.status).toBe(200);
      expect(await usedCreditsInProcess(reopened, "conv")).toBe(1);
    } finally {
      await reopened.close();
    }
  });

  it("the last instance to close leaves no render process behind", async () => {
    const api = createLocalApi({ stateDir: join(root, "renders"), accounts, catalogFile });
    expect((await api.fetch(convert("svg-to-png"))).status).toBe(200);
    expect(liveRenderProcesses().length).toBeGreaterThan(0); // the idle one kept for the next render
    await api.close();
    for (let i = 0; i < 500 && liveRenderProcesses().length > 0; i++) await sleep(10);
    expect(liveRenderProcesses()).toEqual([]);
  });
});
