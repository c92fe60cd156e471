// A Lottie's GIF is drawn when the download is asked, before the charge: over HTTP, a render that
// fails answers 500 conversion_failed and leaves the credits as they were, while one that works
// is charged once and its link serves the GIF already made.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME, account, json, type Loose, type RunningLocalApi, startLocalApi } from "./support";

let local: RunningLocalApi;
let dir: string;

// Valid JSON with a size and a length, so the catalogue takes it, but no layers to draw: the
// lottie-to-gif engine refuses it.
const UNDRAWABLE = { v: "5.7.0", w: 64, h: 64, ip: 0, op: 10, fr: 30, layers: "none" };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "made-before-charge-"));
  writeFileSync(join(dir, "broken.json"), JSON.stringify(UNDRAWABLE));
  const line = {
    name: "Broken wave",
    type: "lottie",
    files: { json: "broken.json" },
    formats: ["json", "gif"],
  };
  writeFileSync(join(dir, "catalog.jsonl"), `${JSON.stringify(line)}\n`);
  local = await startLocalApi({
    catalogFile: join(dir, "catalog.jsonl"),
    accounts: { clients: [account({ rate_limits: { reads_per_minute: 1000, writes_per_minute: 1000 } })] },
  });
});
afterAll(async () => {
  await local.close();
  rmSync(dir, { recursive: true, force: true });
});

async function used(): Promise<number> {
  return (await json(await local.get("/v3/credits", ACME))).response.credits.used;
}

async function firstLottie(query: string): Promise<Loose> {
  const body = await json(await local.get(`/v3/search?asset=lottie&query=${query}&per_page=1`, ACME));
  return body.response.items.data[0];
}

describe("a Lottie's GIF download", () => {
  it("charges nothing when the GIF cannot be drawn", async () => {
    const broken = await firstLottie("broken%20wave");
    expect(broken.name).toBe("Broken wave");
    const before = await used();
    const response = await local.post(
      `/v3/items/${broken.uuid}/api-download`,
      { format: "gif", width: 128, height: 128 },
      ACME,
    );
    const body = await json(response);
    expect([response.status, body.data.reason]).toEqual([500, "conversion_failed"]);
    expect(body.data.message).toMatch(/nothing was charged/);
    expect(await used()).toBe(before);
  });

  it("charges nothing when the caller left while the GIF was drawn", async () => {
    const heart = await firstLottie("heart");
    const before = await used();
    // Handed to the service in-process with its signal already aborted: the caller is gone by the
    // time the GIF is made, whatever the machine's speed.
    const left = new AbortController();
    left.abort();
    const response = await local.api.fetch(
      new Request(`${local.url}/v3/items/${heart.uuid}/api-download`, {
        method: "POST",
        headers: { "content-type": "application/json", ...ACME },
        body: JSON.stringify({ format: "gif", width: 80, height: 80 }),
        signal: left.signal,
      }),
    );
    expect(response.status).not.toBe(200);
    expect(await used()).toBe(before);
  });

  it("charges once for a GIF drawn, and its link serves that GIF", async () => {
    const heart = await firstLottie("heart");
    const before = await used();
    const response = await local.post(
      `/v3/items/${heart.uuid}/api-download`,
      { format: "gif", width: 96, height: 96 },
      ACME,
    );
    expect(response.status).toBe(200);
    expect(await used()).toBe(before + 1);
    const file = await fetch((await json(response)).response.download.download_url);
    expect(file.headers.get("content-type")).toBe("image/gif");
    const meta = await sharp(new Uint8Array(await file.arrayBuffer()), { animated: true }).metadata();
    expect([meta.width, meta.pageHeight]).toEqual([96, 96]);
    expect(meta.pages).toBeGreaterThan(1);
    expect(await used()).toBe(before + 1);
  });
});
