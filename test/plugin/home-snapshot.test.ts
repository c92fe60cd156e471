// The home a window keeps for the next one: stored within its bound in Figma's client storage,
// handed back with `ready`, and written into the next window's page before its first script, so the
// first render shows it. Never at the cost of anything else stored.
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { HOME_SNAPSHOT_MAX_CHARS } from "../../src/messages/home-snapshot";
import { readBoot } from "../../src/ui/boot/boot-data";
import { CLIENT_STORAGE_MAX } from "../figma/storage";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

/** A page like ui.html: scripts in its head and body. */
const PAGE =
  "<!doctype html><html><head><script>first()</script></head><body><script>main()</script></body></html>";
const usePage = () => {
  (globalThis as Record<string, unknown>).__html__ = PAGE;
};

/** The boot data as the window's page would see it: its first script run in a scope of its own. */
function bootOf(html: string) {
  const script = /^<!doctype html><html><head><script>([\s\S]*?)<\/script><script>first\(\)/.exec(html)?.[1];
  expect(script).toBeDefined();
  const scope: Record<string, unknown> = {};
  scope.globalThis = scope;
  runInNewContext(script!, scope);
  return readBoot(scope);
}

describe("the kept home", () => {
  it("is written into the next window's page before its first script, and handed back with ready", async () => {
    const home = JSON.stringify({ version: 1, sets: [{ name: "phosphor" }] });
    app = await bootPlugin({
      stored: {
        "assetport.home-snapshot": home,
        "assetport.settings": { iconSize: 32 },
        "assetport.recent-assets": [{ ...STAR, usedAt: 1 }],
      },
      prepare: usePage,
    });
    const boot = bootOf(app.emu.ui.html);
    expect(boot.home).toBe(home);
    expect(boot.settings).toMatchObject({ iconSize: 32 });
    // The recent lists too: the home's strips need no round trip either.
    expect(boot.recentAssets).toEqual([{ ...STAR, usedAt: 1 }]);
    expect(boot.recentSearches).toEqual([]);
    // And how it was started: the first search leaves without waiting for `ready`.
    expect(boot.launch).toEqual((await app.port.request("ready", {})).launch);
    // The page is otherwise the same.
    expect(app.emu.ui.html.endsWith(PAGE.slice(PAGE.indexOf("<script>first()")))).toBe(true);
    expect((await app.port.request("ready", {})).home).toBe(home);
  });

  it("cannot end the boot script early, whatever text it holds", async () => {
    const hostile = "</script><script>globalThis.owned = true</script><!--";
    app = await bootPlugin({ stored: { "assetport.home-snapshot": hostile }, prepare: usePage });
    expect(app.emu.ui.html.indexOf("</script>")).toBeGreaterThan(
      app.emu.ui.html.indexOf("globalThis.__assetportBoot"),
    );
    const boot = bootOf(app.emu.ui.html);
    expect(boot.home).toBe(hostile);
  });

  it("opens a window with nothing kept as before: no home, the page unchanged but for the settings", async () => {
    app = await bootPlugin({ prepare: usePage });
    expect(bootOf(app.emu.ui.html).home).toBeUndefined();
    expect((await app.port.request("ready", {})).home).toBe("");
  });

  it("is stored within its bound, and a larger one is refused whole", async () => {
    app = await bootPlugin();
    await app.port.request("storage-set", { key: "home-snapshot", value: "kept" });
    expect((await app.port.request("storage-get", { key: "home-snapshot" })).value).toBe("kept");
    await expect(
      app.port.request("storage-set", {
        key: "home-snapshot",
        value: "x".repeat(HOME_SNAPSHOT_MAX_CHARS + 1),
      }),
    ).rejects.toMatchObject({ reason: "invalid_message" });
    expect((await app.port.request("storage-get", { key: "home-snapshot" })).value).toBe("kept");
  });

  it("when the storage is full, is not kept and drops nothing the designer has", async () => {
    app = await bootPlugin();
    await app.port.request("storage-set", { key: "recent-assets", value: [{ ...STAR, usedAt: 1 }] });
    await app.port.request("storage-set", {
      key: "kept-downloads",
      value: [{ key: "k0", type: "image/svg+xml", data: "PHN2Zy8+" }],
    });
    await app.figma.clientStorage.setAsync("filler", "f".repeat(CLIENT_STORAGE_MAX - 2000));
    await expect(
      app.port.request("storage-set", { key: "home-snapshot", value: "h".repeat(5000) }),
    ).rejects.toMatchObject({ reason: "storage_full" });
    expect((await app.port.request("storage-get", { key: "recent-assets" })).value).toHaveLength(1);
    expect((await app.port.request("storage-get", { key: "kept-downloads" })).value).toHaveLength(1);
  });

  it("is the first thing dropped to make room for what the designer saves", async () => {
    app = await bootPlugin();
    await app.port.request("storage-set", { key: "recent-assets", value: [{ ...STAR, usedAt: 1 }] });
    await app.port.request("storage-set", { key: "home-snapshot", value: "h".repeat(200_000) });
    await app.figma.clientStorage.setAsync("filler", "f".repeat(CLIENT_STORAGE_MAX - 203_000));
    // Pending work that fits only once the kept home is gone.
    const work = {
      idempotencyKey: "key-0000000000000001",
      family: "ai" as const,
      operation: "vectorize",
      createdAt: 1,
      status: "submitting" as const,
      params: { prompt: "p".repeat(5000) },
    };
    await app.port.request("pending-work-put", { work });
    expect((await app.port.request("storage-get", { key: "pending-work" })).value).toHaveLength(1);
    expect((await app.port.request("storage-get", { key: "home-snapshot" })).value).toBe("");
    expect((await app.port.request("storage-get", { key: "recent-assets" })).value).toHaveLength(1);
  });
});
