// What earlier sessions kept in clientStorage: read entry by entry, damaged entries skipped.
import { describe, expect, it } from "vitest";
import {
  KEPT_DOWNLOAD_MAX,
  KEPT_DOWNLOADS_BUDGET,
  keptWeight,
  withinKeptBudget,
} from "../../../src/messages/kept-downloads";
import { createDownloadsStore } from "../../../src/ui/downloads/downloads-store";
import { fromBase64, readKept, toBase64 } from "../../../src/ui/downloads/kept-downloads";
import { fakePlugin } from "../support/fake-plugin";
import { STAR_KEY } from "./fixtures";

const KEY = STAR_KEY;
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
const stored = (key: string, bytes = SVG) => ({ key, type: "image/svg+xml", data: toBase64(bytes) });
const neverDownload = () => Promise.reject(new Error("a kept file was downloaded again"));

describe("kept downloads", () => {
  it("round-trips bytes through base64, large ones included", () => {
    const bytes = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 7) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });

  it("skips damaged entries and keeps the sound one, without a crash", async () => {
    const plugin = fakePlugin();
    plugin.storage.set("kept-downloads", [
      null,
      7,
      "text",
      { key: 1, type: "image/svg+xml", data: "" },
      { key: "no-type", data: toBase64(SVG) },
      { key: "bad-data", type: "image/svg+xml", data: "%%% not base64 %%%" },
      { key: "huge", type: "image/png", data: toBase64(new Uint8Array(KEPT_DOWNLOAD_MAX + 1)) },
      stored("http://127.0.0.1:8787||star|svg|0x0"),
    ]);
    const downloads = createDownloadsStore({ port: plugin.port });
    await downloads.load();
    expect(downloads.cache.entries().map(([key]) => key)).toEqual(["http://127.0.0.1:8787||star|svg|0x0"]);
    const { file, reused } = await downloads.fetchOnce(KEY, neverDownload);
    expect(reused).toBe(true);
    expect(file.bytes).toEqual(SVG);
    expect(readKept({ key: "k", type: "t", data: 42 })).toBeNull();
  });

  it("ignores a stored value that is not a list at all", async () => {
    const plugin = fakePlugin();
    plugin.storage.set("kept-downloads", { not: "a list" });
    const downloads = createDownloadsStore({ port: plugin.port });
    await expect(downloads.load()).resolves.toBeUndefined();
    expect(downloads.cache.entries()).toEqual([]);
  });

  it("stores new downloads, newest first, for the next session", async () => {
    const plugin = fakePlugin();
    const first = createDownloadsStore({ port: plugin.port });
    await first.fetchOnce(KEY, async () => ({ bytes: SVG, contentType: "image/svg+xml" }));
    await first.fetchOnce({ ...KEY, uuid: "moon" }, async () => ({
      bytes: SVG,
      contentType: "image/svg+xml",
    }));
    // Written a moment later, in one write.
    for (let i = 0; i < 50 && !plugin.storage.get("kept-downloads"); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const keys = (plugin.storage.get("kept-downloads") as { key: string }[]).map((e) => e.key);
    expect(keys).toEqual(["http://127.0.0.1:8787||moon|svg|0x0", "http://127.0.0.1:8787||star|svg|0x0"]);
    expect(plugin.sentOf("storage-set").filter((s) => s.payload.key === "kept-downloads")).toHaveLength(1);

    const next = createDownloadsStore({ port: plugin.port });
    await next.load();
    expect((await next.fetchOnce(KEY, neverDownload)).reused).toBe(true);
  });

  it("keeps the newest within the storage budget", () => {
    const big = "A".repeat(300_000);
    const entries = Array.from({ length: 10 }, (_, i) => ({ key: `k${i}`, type: "image/png", data: big }));
    const kept = withinKeptBudget(entries);
    expect(kept.reduce((sum, e) => sum + keptWeight(e), 0)).toBeLessThanOrEqual(KEPT_DOWNLOADS_BUDGET);
    expect(kept.map((e) => e.key)).toEqual(["k0", "k1", "k2", "k3", "k4", "k5"]);
  });
});
