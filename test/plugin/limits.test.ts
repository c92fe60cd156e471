// Figma's numeric limits met by real content: a tiny layer replaced by a huge raster (rescale refuses a
// factor under 0.01), an SVG whose non-ASCII text is small in characters but big in bytes (plugin
// data is capped at 100 kB, counted in bytes), and a full client storage (5 MB), whose error text
// Figma does not document.
import { afterEach, describe, expect, it } from "vitest";
import { pngBytes } from "../figma/fixtures";
import { EmuScene } from "../figma/nodes";
import { CLIENT_STORAGE_MAX } from "../figma/storage";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const bigSvg = (width: number, height: number, title = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
  `<title>${title}</title><rect width="${width}" height="${height}" fill="#123456"/></svg>`;

async function node(id: string | undefined) {
  const found = await app.figma.getNodeByIdAsync(id ?? "");
  if (!(found instanceof EmuScene)) throw new Error(`no scene node ${id}`);
  return found;
}

describe("a scale under Figma's 0.01 rescale floor", () => {
  it("inserts a 4000 px SVG at 16 px", async () => {
    app = await bootPlugin();
    const { nodeIds } = await app.port.request("insert", {
      asset: STAR,
      content: { kind: "svg", svg: bigSvg(4000, 2000) },
      options: { size: 16 },
      placement: { kind: "auto" },
    });
    const frame = await node(nodeIds[0]);
    expect(frame.width).toBeCloseTo(16, 6);
    expect(frame.height).toBeCloseTo(8, 6);
  });

  it("replaces a 10 px layer with a 3000 px raster, aspect kept, centred on the old box", async () => {
    app = await bootPlugin();
    const target = app.figma.createRectangle();
    target.resize(10, 10);
    target.x = 100;
    target.y = 200;
    app.page.selection = [target];
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: STAR,
      content: { kind: "image", format: "png", bytes: await pngBytes(3000, 1500) },
    });
    const made = await node(nodeIds[0]);
    expect(target.removed).toBe(true);
    expect([made.width, made.height, made.x, made.y].map((v) => Number(v.toFixed(6)))).toEqual([
      10, 5, 100, 202.5,
    ]);
  });

  it("places a 4000 px result over a 6 px source, on the source's box", async () => {
    app = await bootPlugin();
    const source = app.figma.createRectangle();
    source.resize(6, 6);
    source.x = 30;
    source.y = 40;
    const out = await app.port.request("place-result", {
      mode: "over-source",
      content: { kind: "svg", svg: bigSvg(4000, 4000) },
      sourceNodeId: source.id,
    });
    const made = await node(out.nodeIds[0]);
    expect([made.width, made.height, made.x, made.y].map((v) => Number(v.toFixed(6)))).toEqual([
      6, 6, 30, 40,
    ]);
  });
});

describe("plugin data measured in bytes", () => {
  it("inserts an SVG whose non-ASCII text is over 100 kB in UTF-8, without keeping its source", async () => {
    app = await bootPlugin();
    // 40,000 characters, 120,000 bytes: under the cap in characters, over it in bytes.
    const svg = bigSvg(24, 24, "図".repeat(40_000));
    const { nodeIds } = await app.port.request("insert", {
      asset: STAR,
      content: { kind: "svg", svg },
      placement: { kind: "auto" },
    });
    const frame = await node(nodeIds[0]);
    expect(JSON.parse(frame.getPluginData("asset"))).toEqual({ ...STAR, at: expect.any(Number) });
    expect(frame.getPluginData("source")).toBe("");
  });

  it("still keeps the source of a non-ASCII SVG that fits", async () => {
    app = await bootPlugin();
    const svg = bigSvg(24, 24, "図".repeat(20_000));
    const { nodeIds } = await app.port.request("insert", {
      asset: STAR,
      content: { kind: "svg", svg },
      placement: { kind: "auto" },
    });
    expect((await node(nodeIds[0])).getPluginData("source")).toBe(svg);
  });
});

describe("client storage failures named by where they happen, not by Figma's wording", () => {
  it("a write that fails after a failed clean-up is still storage_full", async () => {
    app = await bootPlugin();
    await app.figma.clientStorage.setAsync("filler", "f".repeat(CLIENT_STORAGE_MAX - 2000));
    app.figma.clientStorage.deleteAsync = async () => {
      throw new Error("in deleteAsync: disk error");
    };
    await expect(
      app.port.request("pending-work-put", {
        work: {
          idempotencyKey: "key-0000000000000001",
          family: "ai",
          operation: "vectorize",
          createdAt: 1,
          status: "submitting",
          params: { prompt: "p".repeat(5000) },
        },
      }),
    ).rejects.toMatchObject({ reason: "storage_full" });
  });

  it("a read that fails is not called a full storage, whatever its text", async () => {
    app = await bootPlugin();
    app.emu.storage.failNext = new Error("in getAsync: storage unavailable");
    await expect(app.port.request("storage-get", { key: "recent-assets" })).rejects.toMatchObject({
      reason: "figma_error",
    });
  });
});
