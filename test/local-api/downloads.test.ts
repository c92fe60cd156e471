import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { stableUuid } from "../../src/local-api/catalog/uuid";
import { ACME, account, DEMO, json, type RunningLocalApi, startLocalApi } from "./support";

const HEART = stableUuid("phosphor", "heart", "fill");
let local: RunningLocalApi | undefined;
afterEach(async () => {
  await local?.close();
  local = undefined;
});

async function start(overrides: Record<string, unknown> = {}) {
  local = await startLocalApi({ accounts: { clients: [account(overrides)] } });
  return local;
}

async function download(
  api: RunningLocalApi,
  body: unknown,
  headers: Record<string, string> = ACME,
  item = HEART,
) {
  const response = await api.post(`/v3/items/${item}/api-download`, body, headers);
  return { response, body: await json(response) };
}

describe("POST /v3/items/{item}/api-download", () => {
  it("answers a signed link that serves the SVG", async () => {
    const api = await start();
    const { response, body } = await download(api, { format: "svg", width: 0, height: 0 });
    expect(response.status).toBe(200);
    const { download_url, expires_at } = body.response.download;
    expect(download_url).toMatch(new RegExp(`^${api.url}/files/${HEART}\\.svg\\?`));
    expect(Date.parse(expires_at)).toBeGreaterThan(api.clock.now);
    const file = await fetch(download_url);
    expect(file.headers.get("content-disposition")).toContain('filename="heart.svg"');
    expect(await file.text()).toMatch(/^<svg[^>]*viewBox="0 0 256 256"/);
  });

  it("rasterises PNG at the requested size, square from one side, padded when not square", async () => {
    const api = await start();
    for (const [width, height, expected] of [
      [48, 48, [48, 48]],
      [0, 300, [300, 300]],
      [400, 100, [400, 100]],
    ] as const) {
      const { body } = await download(api, { format: "png", width, height });
      const bytes = new DataView(await (await fetch(body.response.download.download_url)).arrayBuffer());
      expect(bytes.getUint32(0)).toBe(0x89504e47);
      expect([bytes.getUint32(16), bytes.getUint32(20)]).toEqual(expected);
    }
  });

  it.each([
    [{ format: "png", width: 0, height: 0 }, "width"],
    [{ format: "png", width: 8, height: 8 }, "width"],
    [{ format: "png", width: 5000, height: 5000 }, "width"],
    [{ format: "png", width: 1.5, height: 2 }, "width"],
    [{ format: "png", width: "64", height: 64 }, "width"],
    [{ width: 64, height: 64 }, "format"],
    [{ format: "webp", width: 64, height: 64 }, "format"],
    [{ format: "svg", colour: "red" }, "colour"],
    [[1, 2], "JSON object"],
    ["{not json", "not valid JSON"],
  ])("refuses %j with 400 invalid_request naming %s", async (request, name) => {
    const api = await start();
    const { response, body } = await download(api, request);
    expect(response.status).toBe(400);
    expect(body.data).toMatchObject({ reason: "invalid_request" });
    expect(body.data.message).toContain(name);
    expect(response.headers.get("x-ratelimit-limit")).toBe("120");
  });

  it("answers 404 format_not_available naming the valid formats, and 404 item_not_found", async () => {
    const api = await start();
    const { response, body } = await download(api, { format: "eps", width: 0, height: 0 });
    expect(response.status).toBe(404);
    expect(body.data.reason).toBe("format_not_available");
    expect(body.data.message).toContain("svg, png");
    const missing = await download(api, { format: "svg", width: 0, height: 0 }, ACME, "no-such-item");
    expect(missing.response.status).toBe(404);
    expect(missing.body.data.reason).toBe("item_not_found");
  });

  it("answers 422 subscription_required and 400 asset_not_covered", async () => {
    const none = await start({ subscription: false });
    const refused = await download(none, { format: "svg", width: 0, height: 0 });
    expect([refused.response.status, refused.body.data.reason]).toEqual([422, "subscription_required"]);
    await none.close();
    local = undefined;
    const lottieOnly = await start({ covers: ["lottie"] });
    const uncovered = await download(lottieOnly, { format: "svg", width: 0, height: 0 });
    expect([uncovered.response.status, uncovered.body.data.reason]).toEqual([400, "asset_not_covered"]);
  });

  it("answers 402 credit_limit_reached at the spend ceiling, and records past the allowance elsewhere", async () => {
    const ceiling = await start({ credits: { allowance: 2, spend_ceiling: true } });
    const svg = { format: "svg", width: 0, height: 0 };
    expect((await download(ceiling, svg)).response.status).toBe(200);
    expect((await download(ceiling, svg)).response.status).toBe(200);
    const third = await download(ceiling, svg);
    expect([third.response.status, third.body.data.reason]).toEqual([402, "credit_limit_reached"]);
    await ceiling.close();
    local = undefined;
    const open = await start({ credits: { allowance: 1, spend_ceiling: false } });
    for (let i = 0; i < 3; i++) expect((await download(open, svg)).response.status).toBe(200);
    const credits = (await json(await open.get("/v3/credits", ACME))).response.credits;
    expect(credits).toMatchObject({ allowance: 1, used: 3, remaining: 0, spend_ceiling: false });
  });

  it("refuses a tampered or expired link", async () => {
    const api = await start();
    const { body } = await download(api, { format: "png", width: 64, height: 64 });
    const url = new URL(body.response.download.download_url);
    const bigger = new URL(url);
    bigger.searchParams.set("w", "4096");
    const tampered = await fetch(bigger);
    expect([tampered.status, (await json(tampered)).data.reason]).toEqual([403, "invalid_signature"]);
    const otherAsset = new URL(url.href.replace(HEART, stableUuid("phosphor", "heart", "bold")));
    expect((await fetch(otherAsset)).status).toBe(403);
    const unsigned = new URL(url);
    unsigned.searchParams.delete("sig");
    expect((await fetch(unsigned)).status).toBe(403);
    expect((await fetch(url)).status).toBe(200);
    api.clock.advance(16 * 60_000);
    const expired = await fetch(url);
    expect([expired.status, (await json(expired)).data.reason]).toEqual([410, "link_expired"]);
  });

  it("needs both credentials", async () => {
    const api = await start();
    const { response, body } = await download(api, { format: "svg" }, { "Client-ID": "acme" });
    expect([response.status, body.data.reason]).toEqual([401, "invalid_credentials"]);
    expect(response.headers.get("x-ratelimit-limit")).toBeNull();
    const demo = await download(api, { format: "svg" }, DEMO);
    expect(demo.response.status).toBe(401);
  });
});

describe("downloads from an operator's catalogue", () => {
  it("scales a stored raster, serves stored files, and names the asset's own formats", async () => {
    const dir = mkdtempSync(join(tmpdir(), "local-api-custom-"));
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    writeFileSync(join(dir, "photo.png"), photo);
    writeFileSync(join(dir, "photo.jpg"), await sharp(photo).jpeg().toBuffer());
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="20" height="10"/></svg>';
    writeFileSync(
      join(dir, "catalog.jsonl"),
      [
        { name: "sunset", type: "ai-image", files: { png: "photo.png", jpg: "photo.jpg" } },
        { name: "banner", type: "illustration", svg },
      ]
        .map((line) => JSON.stringify(line))
        .join("\n"),
    );
    const api = await startLocalApi({
      accounts: { clients: [account()] },
      catalogFile: join(dir, "catalog.jsonl"),
    });
    local = api;
    const sunset = stableUuid("local", "sunset", "", "ai-image");
    const png = await download(api, { format: "png", width: 100, height: 100 }, ACME, sunset);
    const scaled = await sharp(
      Buffer.from(await (await fetch(png.body.response.download.download_url)).arrayBuffer()),
    ).metadata();
    expect([scaled.format, scaled.width, scaled.height]).toEqual(["png", 100, 100]);
    const jpg = await download(api, { format: "jpg", width: 0, height: 0 }, ACME, sunset);
    const file = await fetch(jpg.body.response.download.download_url);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(200);
    const banner = stableUuid("local", "banner", "", "illustration");
    const eps = await download(api, { format: "eps", width: 0, height: 0 }, ACME, banner);
    expect([eps.response.status, eps.body.data.reason]).toEqual([404, "format_not_available"]);
    expect(eps.body.data.message).toContain("svg, png");
    const wide = await download(api, { format: "png", width: 40, height: 0 }, ACME, banner);
    const wideFile = await sharp(
      Buffer.from(await (await fetch(wide.body.response.download.download_url)).arrayBuffer()),
    ).metadata();
    expect([wideFile.width, wideFile.height]).toEqual([40, 40]);
    rmSync(dir, { recursive: true, force: true });
  });
});
