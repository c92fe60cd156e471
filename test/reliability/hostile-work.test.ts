// The hostile mix (fixtures/hostile-mix.ts) against the local API in a process of its own: for a while
// every kind of costly input arrives in parallel beside ordinary searches and conversions. Whatever
// arrives, every answer is in the envelope and no 5xx but conversion_failed or 504 appears; every
// search is answered; the server's memory (threads and render processes included) stays under a
// generous cap; and the server is alive and serving at the end. The figures go to bench/hostile.

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ForkedProxy, forkProxy } from "../support/forked-proxy";
import { type MixResult, runHostileMix } from "./fixtures/hostile-mix";

const HEADERS = { "Client-ID": "mix", "Client-Secret": "mix-secret-0123456789" };
/** Far above the 1 GB goal the bench reports against: what no bounded server comes near. */
const RSS_CAP_BYTES = 3 * 1024 ** 3;

let server: ForkedProxy;
let stateDir: string;
let result: MixResult;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "reliability-hostile-"));
  const accounts = {
    clients: [
      {
        client_id: "mix",
        client_secret: HEADERS["Client-Secret"],
        credits: { allowance: 10_000_000 },
        rate_limits: { reads_per_minute: 10_000_000, writes_per_minute: 10_000_000 },
      },
    ],
  };
  server = await forkProxy(new URL("./fixtures/served-local-api.ts", import.meta.url), [
    JSON.stringify({ stateDir, accounts }),
  ]);
}, 60_000);

afterAll(async () => {
  await server.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

describe("hostile work beside ordinary traffic", () => {
  it("is refused or bounded, never a crash, a bare 5xx or runaway memory", async () => {
    const { pid } = server;
    result = await runHostileMix(
      {
        url: server.url,
        headers: HEADERS,
        ...(pid !== undefined && existsSync(`/proc/${pid}/status`) ? { pid } : {}),
        renderers: () => server.ask<number[]>("renderers"),
      },
      { durationMs: 15_000, loopsPerAttack: 2 },
    );
    expect(result.unexpected).toEqual([]);
    // Each hostile kind was refused as such (400), not merely timed out.
    expect(result.answers["400 invalid_input_file"]).toBeGreaterThan(0);
    expect(result.answers["400 invalid_request"]).toBeGreaterThan(0);
    // Every search was answered 200 (anything else is in `unexpected`); small conversions may be
    // refused 429 while the attack holds every slot, which is the design, so only their count is asked.
    expect(result.searchMs.length).toBeGreaterThan(0);
    expect(result.ordinary.total).toBeGreaterThan(0);
    if (result.peakRssBytes !== undefined) expect(result.peakRssBytes).toBeLessThan(RSS_CAP_BYTES);
  }, 90_000);

  it("leaves the server alive and answering", async () => {
    const response = await fetch(`${server.url}/v3/search?query=heart`, { headers: HEADERS });
    expect(response.status).toBe(200);
  });
});
