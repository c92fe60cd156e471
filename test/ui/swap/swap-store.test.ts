// The swap's store over real HTTP (the proxy and the local API on 127.0.0.1), with the plugin's two
// swap messages answered in memory: the target it offers, what the review's choices send, each new
// icon downloaded once, and a failed download that stops the swap whole.

import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readVariant } from "../../../src/api/client/asset-names";
import type { Asset } from "../../../src/api/contract/spec-objects";
import type { SwapApplyRequest, SwapIcon } from "../../../src/messages/types";
import { createUiApi, type UiApi } from "../../../src/ui/services/ui-api";
import { swapToastWords } from "../../../src/ui/swap/SwapToast";
import { createSwapStore } from "../../../src/ui/swap/swap-store";
import { type Stack, startStack } from "../../e2e/support/stack";

let stack: Stack;
let api: UiApi;
beforeAll(async () => {
  stack = await startStack({ similarityCache: join(tmpdir(), "assetport-e2e-similarity-descriptors.bin") });
  api = createUiApi(stack.proxyUrl, stack.token);
}, 120_000);
afterAll(() => stack?.stop());

/** Phosphor icons as the plugin finds them on the canvas (the picture is the service's PNG). */
async function onCanvas(names: string[]): Promise<SwapIcon[]> {
  return Promise.all(
    names.map(async (name, i) => {
      const found = await api.search({ asset: "icon", query: name, contributors: ["phosphor"] });
      const asset = found.data.find((a) => a.name === name && readVariant(a) === "regular")!;
      const png = (asset.urls as Record<string, string>).png_64!;
      const picture = new Uint8Array(await (await api.file(png)).arrayBuffer());
      const ref = { uuid: asset.uuid, name, type: "icon" as const };
      return {
        nodeId: `1:${i}`,
        layerName: name,
        asset: ref,
        width: 24,
        height: 24,
        instance: false,
        picture,
      };
    }),
  );
}

function swapStore(icons: SwapIcon[], svgOf: (asset: Asset) => Promise<string | undefined>) {
  const applied: SwapApplyRequest[] = [];
  const errors: string[] = [];
  const port = {
    request: (async (type: string, payload: unknown) => {
      if (type === "swap-find") return { icons, skipped: [], more: false };
      if (type === "swap-apply") {
        applied.push(payload as SwapApplyRequest);
        // Each pair's layer is a new one, as the plugin's replace makes.
        return {
          nodeIds: (payload as SwapApplyRequest).pairs.map((p) => `new-${p.nodeId}`),
          placedWhere: "replace",
        };
      }
      throw new Error(`unexpected ${type}`);
    }) as never,
  };
  const store = createSwapStore({ api: () => api, port, svgOf, onError: (e) => errors.push(e.reason) });
  return { store, applied, errors };
}

/** The real download: the link, then the file (as Insert fetches it). */
const downloaded: string[] = [];
async function download(asset: Asset): Promise<string> {
  downloaded.push(asset.uuid);
  const { download } = await api.download(asset.uuid, { format: "svg", width: 0, height: 0 });
  return (await api.file(download.download_url)).text();
}

async function reviewed(store: ReturnType<typeof createSwapStore>) {
  await store.open("selection");
  await expect.poll(() => store.matching.value, { timeout: 60_000 }).toBe(false);
}

describe("the swap store", () => {
  it("offers another set than the icons', in their weight's family, and matches every icon", async () => {
    const { store } = swapStore(await onCanvas(["heart", "bell"]), download);
    await reviewed(store);
    expect(store.set.value).toBe("tabler");
    expect(store.weights.value).toEqual(["outline", "filled"]);
    expect(store.weight.value).toBe("outline");
    expect(store.rows.value.map((r) => [r.outcome.kind, r.ticked])).toEqual([
      ["matched", true],
      ["matched", true],
    ]);
  });

  it("sends the ticked pairs, a picked candidate instead of its match, each new icon downloaded once", async () => {
    const icons = await onCanvas(["heart", "bell", "house"]);
    // Two layers of one icon: one download serves both.
    icons.push({ ...icons[0]!, nodeId: "1:9" });
    const { store, applied } = swapStore(icons, download);
    await reviewed(store);
    const bell = store.rows.value[1]!;
    if (bell.outcome.kind !== "matched") throw new Error("the bell has no match");
    const other = bell.outcome.others[0]!;
    store.pick("1:1", other);
    store.toggle("1:2");
    downloaded.length = 0;
    await store.apply();
    expect(applied).toHaveLength(1);
    expect(applied[0]!.pairs.map((p) => [p.nodeId, p.asset.name])).toEqual([
      ["1:0", "heart"],
      ["1:1", other.name],
      ["1:9", "heart"],
    ]);
    expect(applied[0]!.pairs.every((p) => p.content.kind === "svg" && p.content.svg.startsWith("<svg"))).toBe(
      true,
    );
    expect(downloaded).toHaveLength(2);
    expect(store.phase.value).toBe("closed");
  });

  it("says what the swap did for the toast, and Undo swaps the new layers back to the icons they replaced", async () => {
    const icons = await onCanvas(["heart", "bell"]);
    const { store, applied } = swapStore(icons, download);
    await reviewed(store);
    expect(store.applied.value).toBeNull();
    await store.apply();
    const done = store.applied.value!;
    expect([done.count, done.set, done.weight, done.undoing]).toEqual([
      2,
      store.set.value,
      store.weight.value,
      false,
    ]);
    expect(swapToastWords(done)).toMatch(/^2 icons now Tabler, \w+$/);
    await store.undoApplied();
    expect(applied).toHaveLength(2);
    expect(applied[1]!.pairs.map((p) => [p.nodeId, p.asset.uuid])).toEqual([
      ["new-1:0", icons[0]!.asset.uuid],
      ["new-1:1", icons[1]!.asset.uuid],
    ]);
    expect(applied[1]!.pairs.every((p) => p.content.kind === "svg" && p.content.svg.startsWith("<svg"))).toBe(
      true,
    );
    // Undone: the toast goes, and there is nothing more to undo.
    expect(store.applied.value).toBeNull();
    await store.undoApplied();
    expect(applied).toHaveLength(2);
  });

  it("sends nothing when a download fails, and keeps the review", async () => {
    const { store, applied } = swapStore(await onCanvas(["heart", "bell"]), async (asset) =>
      asset.name === "bell" ? undefined : download(asset),
    );
    await reviewed(store);
    await store.apply();
    expect(applied).toEqual([]);
    expect(store.phase.value).toBe("review");
    expect(store.chosen.value).toHaveLength(2);
  });
});
