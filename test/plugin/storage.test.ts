// Settings, recent lists and pending work through the protocol, within Figma's 5 MB client storage.
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../src/messages/settings";
import type { PendingWork, RecentAsset } from "../../src/messages/types";
import { CLIENT_STORAGE_MAX } from "../figma/storage";
import { type Booted, bootPlugin } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const STAR_ASSET: RecentAsset = { uuid: "a1b2c3", name: "Star", type: "icon", usedAt: 1 };

const work = (n: number, extra: Partial<PendingWork> = {}): PendingWork => ({
  idempotencyKey: `key-${String(n).padStart(16, "0")}`,
  family: "ai",
  operation: "vectorize",
  createdAt: 1_700_000_000_000 + n,
  status: "submitting",
  ...extra,
});

describe("settings", () => {
  it("start from defaults, patch field by field, and survive a restart", async () => {
    app = await bootPlugin();
    expect((await app.port.request("storage-get", { key: "settings" })).value).toEqual(DEFAULT_SETTINGS);
    await app.port.request("storage-set", { key: "settings", value: { iconSize: 32, iconColor: "#112233" } });
    await app.port.request("storage-set", {
      key: "settings",
      value: { lottieAs: "first-frame", iconVariant: "bold" },
    });
    const ready = await app.port.request("ready", {});
    expect(ready.settings).toEqual({
      ...DEFAULT_SETTINGS,
      iconSize: 32,
      iconColor: "#112233",
      lottieAs: "first-frame",
      iconVariant: "bold",
    });
  });

  it("a damaged stored field falls back to its default alone", async () => {
    app = await bootPlugin();
    await app.figma.clientStorage.setAsync("assetport.settings", { iconSize: "huge", rasterSize: 1024 });
    const { value } = await app.port.request("storage-get", { key: "settings" });
    expect(value).toMatchObject({ iconSize: 24, rasterSize: 1024 });
  });

  it("refuses unknown or mistyped settings without saving any of the patch", async () => {
    app = await bootPlugin();
    await expect(
      app.port.request("storage-set", { key: "settings", value: { iconSize: 40, colour: "#fff" } as never }),
    ).resolves.toEqual({});
    await expect(
      app.port.request("storage-set", { key: "settings", value: { iconSize: 48, windowWidth: -1 } }),
    ).rejects.toMatchObject({ reason: "invalid_message", message: expect.stringContaining("windowWidth") });
    expect((await app.port.request("storage-get", { key: "settings" })).value).toMatchObject({
      iconSize: 40,
    });
  });
});

describe("recent lists", () => {
  it("keep the newest 30 assets, one per uuid, newest first", async () => {
    app = await bootPlugin();
    const assets: RecentAsset[] = Array.from({ length: 40 }, (_, i) => ({
      uuid: `u${i % 35}`,
      name: `Asset ${i}`,
      type: "icon",
      usedAt: 1000 + i,
    }));
    await app.port.request("storage-set", { key: "recent-assets", value: assets });
    const stored = (await app.port.request("storage-get", { key: "recent-assets" })).value as RecentAsset[];
    expect(stored).toHaveLength(30);
    expect(stored[0]).toMatchObject({ uuid: "u4", name: "Asset 39" });
    expect(new Set(stored.map((a) => a.uuid)).size).toBe(30);
  });

  it("keep 20 searches, the same query once", async () => {
    app = await bootPlugin();
    const value = Array.from({ length: 25 }, (_, i) => ({ query: i % 2 ? "Arrow" : `q${i}`, at: i }));
    await app.port.request("storage-set", { key: "recent-searches", value });
    const stored = (await app.port.request("storage-get", { key: "recent-searches" })).value as {
      query: string;
    }[];
    expect(stored).toHaveLength(14); // q0, q2 … q24 and Arrow
    expect(stored.filter((s) => s.query === "Arrow")).toHaveLength(1);
  });
});

describe("pending work", () => {
  it("is put and removed by idempotency key, updates in place, and concurrent puts all land", async () => {
    app = await bootPlugin();
    await Promise.all([1, 2, 3].map((n) => app.port.request("pending-work-put", { work: work(n) })));
    await app.port.request("pending-work-put", {
      work: work(2, { status: "submitted", taskIds: ["t-1", "t-2"] }),
    });
    await app.port.request("pending-work-remove", { idempotencyKey: work(1).idempotencyKey });
    const stored = (await app.port.request("storage-get", { key: "pending-work" })).value as PendingWork[];
    expect(stored.map((w) => [w.idempotencyKey, w.status])).toEqual([
      [work(3).idempotencyKey, "submitting"],
      [work(2).idempotencyKey, "submitted"],
    ]);
  });

  it("refuses a key the service would refuse", async () => {
    app = await bootPlugin();
    await expect(
      app.port.request("pending-work-put", { work: work(1, { idempotencyKey: "short" }) }),
    ).rejects.toMatchObject({ reason: "invalid_message" });
  });
});

describe("the 5 MB cap", () => {
  it("a write that fails for another reason trims nothing and says what happened", async () => {
    app = await bootPlugin();
    const searches = [{ query: "arrow", at: 1 }];
    await app.port.request("storage-set", { key: "recent-searches", value: searches });
    await app.port.request("storage-set", { key: "recent-assets", value: [{ ...STAR_ASSET }] });
    // The next write fails (reads still work): a busy disk, not a full store.
    const storage = app.emu.storage;
    const setAsync = storage.setAsync;
    storage.setAsync = async () => {
      storage.setAsync = setAsync;
      throw new Error("in setAsync: the disk is busy");
    };
    await expect(app.port.request("pending-work-put", { work: work(1) })).rejects.toMatchObject({
      reason: "figma_error",
      message: expect.stringContaining("the disk is busy"),
    });
    expect((await app.port.request("storage-get", { key: "recent-searches" })).value).toEqual(searches);
    expect((await app.port.request("storage-get", { key: "recent-assets" })).value).toHaveLength(1);
    expect(app.emu.notifications.at(-1)?.message).not.toContain("5 MB");
  });

  it("makes room by dropping recent lists, then saves the important write", async () => {
    app = await bootPlugin();
    await app.figma.clientStorage.setAsync("assetport.recent-searches", "s".repeat(2_500_000));
    await app.figma.clientStorage.setAsync("filler", "f".repeat(CLIENT_STORAGE_MAX - 2_500_000 - 3000));
    await app.port.request("pending-work-put", { work: work(7, { params: { prompt: "p".repeat(5000) } }) });
    const stored = (await app.port.request("storage-get", { key: "pending-work" })).value as PendingWork[];
    expect(stored).toHaveLength(1);
    expect(await app.figma.clientStorage.getAsync("assetport.recent-searches")).toBeUndefined();
  });

  it("a kept-downloads write that does not fit never drops the recent lists", async () => {
    app = await bootPlugin();
    const searches = [{ query: "arrow", at: 1 }];
    await app.port.request("storage-set", { key: "recent-searches", value: searches });
    await app.port.request("storage-set", { key: "recent-assets", value: [{ ...STAR_ASSET }] });
    // Room for a few kept files only: the newest that fit are kept, the history is not touched.
    const data = "A".repeat(100_000);
    const kept = Array.from({ length: 16 }, (_, i) => ({ key: `k${i}`, type: "image/png", data }));
    await app.figma.clientStorage.setAsync("filler", "f".repeat(CLIENT_STORAGE_MAX - 450_000));
    await app.port.request("storage-set", { key: "kept-downloads", value: kept }).catch(() => undefined);
    expect((await app.port.request("storage-get", { key: "recent-searches" })).value).toEqual(searches);
    expect((await app.port.request("storage-get", { key: "recent-assets" })).value).toHaveLength(1);
    const stored = (await app.port.request("storage-get", { key: "kept-downloads" })).value as {
      key: string;
    }[];
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((e) => e.key)).toEqual(kept.slice(0, stored.length).map((e) => e.key));
  });

  it("a kept-downloads write with no room at all says storage_full and drops nothing else", async () => {
    app = await bootPlugin();
    await app.port.request("storage-set", { key: "recent-assets", value: [{ ...STAR_ASSET }] });
    await app.figma.clientStorage.setAsync("filler", "f".repeat(CLIENT_STORAGE_MAX - 2000));
    const kept = [{ key: "k0", type: "image/png", data: "A".repeat(5000) }];
    await expect(
      app.port.request("storage-set", { key: "kept-downloads", value: kept }),
    ).rejects.toMatchObject({
      reason: "storage_full",
    });
    expect((await app.port.request("storage-get", { key: "recent-assets" })).value).toHaveLength(1);
  });

  it("says storage_full when nothing can make room, and keeps what was there", async () => {
    app = await bootPlugin();
    await app.port.request("pending-work-put", { work: work(1) });
    await app.figma.clientStorage.setAsync("filler", "f".repeat(CLIENT_STORAGE_MAX - 2000));
    await expect(
      app.port.request("pending-work-put", { work: work(2, { params: { prompt: "p".repeat(5000) } }) }),
    ).rejects.toMatchObject({ reason: "storage_full" });
    const stored = (await app.port.request("storage-get", { key: "pending-work" })).value as PendingWork[];
    expect(stored.map((w) => w.idempotencyKey)).toEqual([work(1).idempotencyKey]);
    expect(app.emu.notifications.at(-1)).toMatchObject({
      error: true,
      message: expect.stringContaining("5 MB"),
    });
  });
});
