// Every AI operation from the tab's choices to the canvas: the form's submission goes through the
// work core to the local API (deterministic provider for generation) and back into the emulator.
// What is checked is what Figma and the service hold afterwards, and what the designer is told.

import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AI_OPERATIONS } from "../../../src/api/contract/tables";
import { localApiParts } from "../../../src/local-api/parts";
import { ICON_SVG } from "../../figma/fixtures";
import type { EmuScene } from "../../figma/nodes";
import type { ScriptedProvider } from "../../local-api/scripted-provider";
import type { RunningLocalApi } from "../../local-api/support";
import { type Booted, bootPlugin } from "../../plugin/harness";
import { imageLayer, usedCredits } from "../work/work-world";
import { openAiTab, startAiService } from "./ai-world";

let server: RunningLocalApi;
let provider: ScriptedProvider;
let figma: Booted;

beforeAll(async () => {
  ({ server, provider } = await startAiService());
});
afterAll(() => server.close());
afterEach(() => figma?.stop());

function box(node: { absoluteTransform: Transform; width: number; height: number }) {
  const t = node.absoluteTransform;
  return [t[0][2], t[1][2], node.width, node.height];
}

const nodeOf = async (id: string | undefined) =>
  (await figma.figma.getNodeByIdAsync(id ?? "")) as EmuScene | null;

/** A layer inserted from the catalogue, as a click in the grid leaves it: it carries the asset's uuid. */
async function assetLayer(tab: Awaited<ReturnType<typeof openAiTab>>) {
  const found = await tab.api.search({ query: "star", per_page: 1 });
  const asset = found.data[0]!;
  const placed = await tab.port.request("insert", {
    asset: { uuid: asset.uuid, name: asset.name, type: "icon" },
    content: { kind: "svg", svg: ICON_SVG },
    placement: { kind: "auto" },
  });
  return { asset, node: (await nodeOf(placed.nodeIds[0]))! };
}

describe("the catalogue as the tab offers it", () => {
  it("every operation the service lists, with its image input, cost and models", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server);
    expect(tab.catalogue.operations.value.map((o) => o.operation)).toEqual([...AI_OPERATIONS]);
    const { store } = tab;
    expect(store.operation.value).toBe("vectorize");
    expect([store.cost.value, store.models.value]).toEqual([2, []]);
    store.pick("text-to-image");
    expect(store.models.value.map((m) => m.model)).toEqual(["sketch-1"]);
    expect([store.imageInput.value, store.imageSources.value, store.cost.value]).toEqual([
      "optional",
      ["none", "selection", "url"],
      3,
    ]);
    store.pick("text-to-3d");
    expect([store.model.value?.model, store.imageSources.value, store.cost.value]).toEqual([
      "mesh-1",
      ["none"],
      8,
    ]);
    store.pick("image-to-3d");
    expect(store.imageSources.value).toEqual(["selection", "url"]);
    store.pick("smart-group");
    expect(store.cost.value).toBe(1);
  });

  it("a plan without AI: each operation says why, and nothing can be sent", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server, "basic");
    await tab.select([await imageLayer(figma)]);
    expect(tab.store.blocker.value).toBe(
      "Not included in your team's plan or Assetport service yet. An admin can turn it on.",
    );
    // Nothing offered can run: the tab says so instead of showing a form.
    expect(tab.store.unavailable.value).toEqual({
      title: "AI tools are not set up",
      body: "Your team's plan or Assetport service does not include them yet. An admin can turn them on.",
    });
    expect(await tab.store.submit()).toBeUndefined();
    expect(tab.network.posts("/v3/ai/")).toEqual([]);
  });
});

describe("vectorize", () => {
  it("puts the SVG exactly over the source, named after it, source hidden as chosen; the choice is kept", async () => {
    figma = await bootPlugin();
    const frame = figma.figma.createFrame();
    frame.x = 200;
    frame.y = 100;
    const source = await imageLayer(figma, "Photo", 64, 48);
    frame.appendChild(source);
    const tab = await openAiTab(figma, server);
    await tab.select([source]);
    const before = await usedCredits(server);
    tab.store.setHideSource(true);

    const run = (await tab.store.submit())!;

    expect([run.status, run.creditsCharged, run.error]).toEqual(["done", 2, undefined]);
    const [upload] = tab.network.posts("/v3/ai/vectorize");
    expect(upload?.key).toBe(run.key);
    const vector = (await nodeOf(run.results[0]?.placedNodeIds?.[0]))!;
    expect([vector.type, vector.name, vector.parent?.id]).toEqual(["FRAME", "Photo", frame.id]);
    expect(box(vector)).toEqual(box(source));
    expect(source.visible).toBe(false);
    expect(await usedCredits(server)).toBe(before + 2);
    const stored = (await figma.port.request("storage-get", { key: "settings" })).value as {
      hideSourceAfterVectorize: boolean;
    };
    expect(stored.hideSourceAfterVectorize).toBe(true);
  });

  it("keeps the source visible when the designer says so", async () => {
    figma = await bootPlugin();
    const source = await imageLayer(figma);
    const tab = await openAiTab(figma, server);
    await tab.select([source]);
    tab.store.setHideSource(false);
    const run = (await tab.store.submit())!;
    expect(run.status).toBe("done");
    expect(source.visible).toBe(true);
    expect(box((await nodeOf(run.results[0]?.placedNodeIds?.[0]))!)).toEqual(box(source));
  });

  it("a source deleted while the task ran: the vector goes to the middle of the view, named after it, with a notice", async () => {
    figma = await bootPlugin();
    figma.figma.viewport.center = { x: 500, y: 400 };
    const source = await imageLayer(figma, "Photo", 64, 48);
    const tab = await openAiTab(figma, server);
    await tab.select([source]);
    tab.network.beforeSend(async (sent) => {
      if (sent.path.startsWith("/v3/ai/tasks/") && !source.removed) source.remove();
    });
    const run = (await tab.store.submit())!;
    expect(run.status).toBe("done");
    const vector = (await nodeOf(run.results[0]?.placedNodeIds?.[0]))!;
    expect([vector.name, vector.x + vector.width / 2, vector.y + vector.height / 2]).toEqual([
      "Photo",
      500,
      400,
    ]);
    expect(figma.emu.notifications.at(-1)?.message).toMatch(/deleted/);
  });

  it("needs an image layer selected, and says so", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server);
    expect(tab.store.blocker.value).toMatch(/Select a layer/);
    await tab.select([figma.figma.createFrame()]);
    expect(tab.store.blocker.value).toMatch(/image layer/);
  });
});

describe("remove background", () => {
  it("swaps the image fill in place: same layer, same box, a new image", async () => {
    figma = await bootPlugin();
    const source = await imageLayer(figma, "Portrait", 80, 60);
    const oldHash = (source.fills[0] as ImagePaint).imageHash;
    const tab = await openAiTab(figma, server);
    await tab.select([source]);
    tab.store.pick("remove-background");
    const before = box(source);

    const run = (await tab.store.submit())!;

    expect([run.status, run.creditsCharged]).toEqual(["done", 2]);
    expect(run.results[0]?.placedNodeIds).toEqual([source.id]);
    const fill = source.fills[0] as ImagePaint;
    expect(fill.imageHash).not.toBe(oldHash);
    expect(box(source)).toEqual(before);
    expect(figma.page.children.length).toBe(1);
  });
});

describe("smart-group", () => {
  it("uploads the selected layer and places what comes back as a new node beside it", async () => {
    figma = await bootPlugin();
    const source = await imageLayer(figma, "Layers");
    const tab = await openAiTab(figma, server);
    await tab.select([source]);
    tab.store.pick("smart-group");
    const run = (await tab.store.submit())!;
    expect([run.status, run.creditsCharged]).toEqual(["done", 1]);
    expect(provider.dispatched.at(-1)).toMatchObject({ operation: "smart-group" });
    const placed = (await nodeOf(run.results[0]?.placedNodeIds?.[0]))!;
    expect(placed.id).not.toBe(source.id);
    expect(placed.x).toBeGreaterThanOrEqual(source.x + source.width);
  });
});

describe("generation", () => {
  it("text-to-image: the model and prompt are sent, each result is a new node named after the prompt", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server);
    tab.store.pick("text-to-image");
    tab.store.prompt.value = "a fox in the snow";
    const before = await usedCredits(server);
    const run = (await tab.store.submit())!;
    expect([run.status, run.creditsCharged]).toEqual(["done", 3]);
    expect(provider.dispatched.at(-1)).toMatchObject({ model: "sketch-1", prompt: "a fox in the snow" });
    expect(provider.dispatched.at(-1)?.image_url).toBeUndefined();
    const node = (await nodeOf(run.results[0]?.placedNodeIds?.[0]))!;
    expect([node.type, node.name]).toEqual(["RECTANGLE", "a fox in the snow"]);
    expect(await usedCredits(server)).toBe(before + 3);
  });

  it("text-to-3d takes no image: none is sent even with an Assetport layer selected", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server);
    const { node } = await assetLayer(tab);
    await tab.select([node]);
    tab.store.pick("text-to-3d");
    tab.store.prompt.value = "a chair";
    const run = (await tab.store.submit())!;
    expect(run.status).toBe("done");
    expect(provider.dispatched.at(-1)).toMatchObject({ operation: "text-to-3d", model: "mesh-1" });
    expect(provider.dispatched.at(-1)?.image_url).toBeUndefined();
  });

  it("image-to-image from the selected Assetport layer: its asset's preview is the image, results beside it", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server);
    const { asset, node } = await assetLayer(tab);
    await tab.select([node]);
    tab.store.pick("image-to-image");
    expect(tab.store.imageFrom.value).toBe("selection");
    expect(tab.store.blocker.value).toBeNull();
    const run = (await tab.store.submit())!;
    expect(run.status).toBe("done");
    const work = provider.dispatched.at(-1)!;
    expect(work.image_url).toMatch(new RegExp(`^${server.url}/previews/${asset.uuid}/`));
    expect((await sharp(work.image!.bytes).metadata()).format).toBe("png");
    const placed = (await nodeOf(run.results[0]?.placedNodeIds?.[0]))!;
    expect(placed.parent?.id).toBe(node.parent?.id);
    expect(placed.x).toBeGreaterThanOrEqual(node.x + node.width);
  });

  it("image-to-3d with a layer not placed by Assetport: a clear message, nothing sent", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server);
    await tab.select([await imageLayer(figma)]);
    tab.store.pick("image-to-3d");
    expect(tab.store.blocker.value).toMatch(/not placed from Assetport.*cannot reach it by URL/);
    expect(await tab.store.submit()).toBeUndefined();
    tab.store.pickImageFrom("url");
    expect(tab.store.blocker.value).toMatch(/address of a public image/);
    expect(tab.network.posts("/v3/ai/")).toEqual([]);
  });

  it("an Assetport layer whose asset is gone from the catalogue: the reason in words, nothing sent", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server);
    const node = { id: "9:9", name: "Old", nodeType: "FRAME", width: 24, height: 24, exportable: true };
    tab.selection.value = {
      count: 1,
      nodes: [{ ...node, hasImageFill: false, assetUuid: "no-such-asset", assetType: "icon" }],
      kinds: ["FRAME"],
      anyExportable: true,
      anyImageFill: false,
      anyAsset: true,
    };
    tab.store.pick("image-to-image");
    expect(await tab.store.submit()).toBeUndefined();
    expect(tab.store.problem.value).toMatch(/^This asset is no longer available\./);
    expect(tab.store.sending.value).toBe(false);
    expect(tab.network.posts("/v3/ai/")).toEqual([]);
  });

  it("image-to-3d from an image URL", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server);
    const found = await tab.api.search({ query: "star", per_page: 1 });
    tab.store.pick("image-to-3d");
    tab.store.pickImageFrom("url");
    tab.store.imageUrl.value = ` ${found.data[0]!.urls.svg} `;
    const run = (await tab.store.submit())!;
    expect(run.status).toBe("done");
    expect(provider.dispatched.at(-1)).toMatchObject({
      operation: "image-to-3d",
      image_url: found.data[0]!.urls.svg,
    });
  });
});

describe("what is not charged", () => {
  it("FAILED tasks say why and cost nothing", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server);
    tab.store.pick("text-to-image");
    tab.store.prompt.value = "fail every time";
    const before = await usedCredits(server);
    const run = (await tab.store.submit())!;
    expect([run.status, run.notCharged, run.creditsCharged]).toEqual(["failed", true, 0]);
    expect(run.results[0]?.error).toMatchObject({ reason: "provider_failed" });
    expect(run.results[0]?.error?.message).toMatch(/stopped half-way/);
    expect(figma.page.children).toEqual([]);
    expect(await usedCredits(server)).toBe(before);
  });

  it("a prompt the provider refuses: 422, the service's words, not charged", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server);
    tab.store.pick("text-to-image");
    tab.store.prompt.value = "something forbidden";
    const before = await usedCredits(server);
    const run = (await tab.store.submit())!;
    expect([run.status, run.notCharged, run.error?.reason, run.error?.status]).toEqual([
      "failed",
      true,
      "invalid_request",
      422,
    ]);
    expect(run.error?.message).toMatch(/acceptable use policy/);
    expect(await usedCredits(server)).toBe(before);
  });

  it("AI switched off after the tab loaded: 403 entitlement_required, not charged, nothing placed", async () => {
    figma = await bootPlugin();
    const source = await imageLayer(figma);
    const tab = await openAiTab(figma, server, "toggled");
    await tab.select([source]);
    const account = localApiParts(server.api).accounts.get("toggled")!;
    (account.app_enabled as { ai: boolean }).ai = false;
    try {
      const before = await usedCredits(server, "toggled");
      const run = (await tab.store.submit())!;
      expect([run.status, run.notCharged, run.error?.reason, run.error?.status]).toEqual([
        "failed",
        true,
        "entitlement_required",
        403,
      ]);
      expect(figma.page.children.map((c) => c.id)).toEqual([source.id]);
      expect(await usedCredits(server, "toggled")).toBe(before);
    } finally {
      (account.app_enabled as { ai: boolean }).ai = true;
    }
  });

  it("warns before work that would pass the allowance", async () => {
    figma = await bootPlugin();
    const tab = await openAiTab(figma, server, "spent");
    expect(tab.store.cost.value).toBe(2);
    expect(tab.credits.wouldExceed(tab.store.cost.value!)).toBe(true);
    const fresh = await openAiTab(figma, server, "app");
    expect(fresh.credits.wouldExceed(fresh.store.cost.value!)).toBe(false);
  });
});
