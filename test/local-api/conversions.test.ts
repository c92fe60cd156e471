// POST /v3/convert/{operation} over real HTTP: every synchronous operation's output decoded, the
// spec's order of checks (validation before entitlement), and what is charged on success and failure.

import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localApiParts } from "../../src/local-api/parts";
import { json, type RunningLocalApi, startLocalApi } from "./support";
import {
  credits,
  encode,
  fileForm,
  headersOf,
  jpg,
  lottie,
  png,
  postForm,
  SLOW_SVG,
  SVG,
  worker,
} from "./work-support";

let server: RunningLocalApi;
let slow: RunningLocalApi;
const CONV = headersOf("conv");

beforeAll(async () => {
  const clients = [
    worker("conv"),
    worker("planless", { capabilities: { converter: false, ai: true } }),
    worker("switched-off", { app_enabled: { converter: false, ai: true } }),
    worker("unsubscribed", { subscription: false }),
    worker("tiny", { max_upload_kb: 1 }),
    worker("spent", { credits: { allowance: 0, spend_ceiling: false } }),
  ];
  server = await startLocalApi({ accounts: { clients } });
  // A server whose time limit no real conversion can meet: every conversion there times out.
  slow = await startLocalApi({ accounts: { clients }, conversionTimeoutMs: 1 });
});
afterAll(async () => {
  await server.close();
  await slow.close();
});

const convert = (
  op: string,
  bytes: Uint8Array,
  name: string,
  fields = {},
  headers: Record<string, string> = CONV,
  on = server,
) => postForm(on, `/v3/convert/${op}`, fileForm(bytes, name, fields), headers);

async function expectError(response: Response, status: number, reason: string) {
  const body = await json(response);
  expect({ status: response.status, reason: body.data?.reason }).toEqual({ status, reason });
  expect(body.data.message).toBeTypeOf("string");
  return body;
}

describe("synchronous conversions answer the raw file", () => {
  it("png-to-jpg and jpg-to-png keep the picture's size", async () => {
    const toJpg = await convert("png-to-jpg", await png(), "a.png");
    expect(toJpg.status).toBe(200);
    expect(toJpg.headers.get("content-type")).toBe("image/jpeg");
    expect(toJpg.headers.get("x-credits-consumed")).toBe("1");
    const jpgMeta = await sharp(Buffer.from(await toJpg.arrayBuffer())).metadata();
    expect([jpgMeta.format, jpgMeta.width, jpgMeta.height]).toEqual(["jpeg", 64, 48]);

    const toPng = await convert("jpg-to-png", await jpg(), "a.jpg");
    expect(toPng.headers.get("content-type")).toBe("image/png");
    const pngMeta = await sharp(Buffer.from(await toPng.arrayBuffer())).metadata();
    expect([pngMeta.format, pngMeta.width, pngMeta.height]).toEqual(["png", 64, 48]);
  });

  it("svg-to-png and svg-to-jpg render at the asked width", async () => {
    const toPng = await convert("svg-to-png", encode(SVG), "a.svg", { width: "240" });
    const meta = await sharp(Buffer.from(await toPng.arrayBuffer())).metadata();
    expect([toPng.status, meta.format, meta.width, meta.height]).toEqual([200, "png", 240, 160]);
    const toJpg = await convert("svg-to-jpg", encode(SVG), "a.svg");
    const jpgMeta = await sharp(Buffer.from(await toJpg.arrayBuffer())).metadata();
    expect([toJpg.headers.get("content-type"), jpgMeta.format, jpgMeta.width]).toEqual([
      "image/jpeg",
      "jpeg",
      120,
    ]);
  });

  it("svg-to-pdf is one page at the SVG's true size (120x80 px = 90x60 pt)", async () => {
    const response = await convert("svg-to-pdf", encode(SVG), "a.svg");
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = Buffer.from(await response.arrayBuffer()).toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text).toMatch(/\/MediaBox \[0 0 90 60\]/);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
  });

  it("lottie-optimize answers smaller Lottie JSON with the same animation", async () => {
    const input = lottie();
    const response = await convert("lottie-optimize", input, "a.json");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const output = JSON.parse(new TextDecoder().decode(bytes));
    expect(bytes.byteLength).toBeLessThan(input.byteLength);
    expect([output.w, output.h, output.op, output.layers.length]).toEqual([64, 48, 24, 1]);
  });

  it("lottie-to-dotlottie answers a zip with a manifest and the animation", async () => {
    const response = await convert("lottie-to-dotlottie", lottie(), "a.json");
    expect(response.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"]));
    const animation = Object.keys(files).find((name) => /^animations\/.+\.json$/.test(name));
    expect(manifest.animations?.length).toBe(1);
    expect(JSON.parse(new TextDecoder().decode(files[animation!])).w).toBe(64);
  });

  it("svg-to-lottie answers Lottie JSON with a shape layer per drawing", async () => {
    const response = await convert("svg-to-lottie", encode(SVG), "a.svg", { preset: "fade-in" });
    expect(response.headers.get("x-credits-consumed")).toBe("2");
    const output = JSON.parse(await response.text());
    expect([output.w, output.h]).toEqual([120, 80]);
    expect(output.layers.length).toBeGreaterThan(0);
    expect(output.op).toBeGreaterThan(output.ip);
  });
});

describe("checks come in the spec's order", () => {
  it("401 without the secret, 404 for an unknown operation", async () => {
    await expectError(
      await convert("svg-to-png", encode(SVG), "a.svg", {}, { "Client-ID": "conv" }),
      401,
      "invalid_credentials",
    );
    await expectError(await convert("svg-to-gif", encode(SVG), "a.svg"), 404, "unknown_operation");
  });

  it("a mismatched upload is 400 invalid_input_file, even where the plan excludes conversions", async () => {
    await expectError(await convert("svg-to-png", await png(), "a.svg"), 400, "invalid_input_file");
    await expectError(
      await convert("png-to-jpg", encode(SVG), "a.png", {}, headersOf("planless")),
      400,
      "invalid_input_file",
    );
    await expectError(
      await convert("lottie-to-gif", await png(), "a.json", {}, headersOf("switched-off")),
      400,
      "invalid_input_file",
    );
  });

  it("413 above max_upload_kb, before entitlement", async () => {
    const big = encode(`${SVG}<!-- ${"x".repeat(2048)} -->`);
    await expectError(
      await convert("svg-to-png", big, "a.svg", {}, headersOf("tiny")),
      413,
      "invalid_request",
    );
    const huge = new Uint8Array(6 * 1024 * 1024);
    await expectError(await convert("png-to-jpg", huge, "a.png"), 413, "invalid_request");
  });

  it("a form of thousands of made-up or repeated fields is refused naming a few, not echoing each", async () => {
    const form = fileForm(encode(SVG), "a.svg");
    for (let i = 0; i < 3000; i++) form.append(`made-up-field-${i}-${"x".repeat(60)}`, "1");
    for (let i = 0; i < 3000; i++) form.append(`twice-${i}`, "1");
    for (let i = 0; i < 3000; i++) form.append(`twice-${i}`, "2");
    const body = await expectError(
      await postForm(server, "/v3/convert/svg-to-png", form, CONV),
      400,
      "invalid_request",
    );
    expect(body.data.message).toContain("made-up-field-0-");
    expect(body.data.message).toContain("and 5995 more");
    expect(body.data.message).toContain("twice-0 is sent more than once");
    expect(body.data.message).toContain("and 2996 more");
    expect(body.data.message.length).toBeLessThan(1500);
  });

  it("bad fields are 400 invalid_request", async () => {
    await expectError(
      await convert("svg-to-png", encode(SVG), "a.svg", { width: "-3" }),
      400,
      "invalid_request",
    );
    await expectError(
      await convert("svg-to-png", encode(SVG), "a.svg", { colour: "red" }),
      400,
      "invalid_request",
    );
    const noFile = new FormData();
    noFile.append("width", "10");
    await expectError(await postForm(server, "/v3/convert/svg-to-png", noFile, CONV), 400, "invalid_request");
  });

  it("a valid request then meets 422 subscription_required and 403 entitlement_required", async () => {
    await expectError(
      await convert("svg-to-png", encode(SVG), "a.svg", {}, headersOf("unsubscribed")),
      422,
      "subscription_required",
    );
    const plan = await expectError(
      await convert("svg-to-png", encode(SVG), "a.svg", {}, headersOf("planless")),
      403,
      "entitlement_required",
    );
    expect(plan.data.message).toMatch(/plan/);
    const app = await expectError(
      await convert("svg-to-png", encode(SVG), "a.svg", {}, headersOf("switched-off")),
      403,
      "entitlement_required",
    );
    expect(app.data.message).toMatch(/switched off/);
  });

  it("429 quota_exhausted without Retry-After when the period's credits are spent", async () => {
    const response = await convert("svg-to-png", encode(SVG), "a.svg", {}, headersOf("spent"));
    expect(response.headers.get("retry-after")).toBeNull();
    await expectError(response, 429, "quota_exhausted");
  });
});

describe("credits", () => {
  it("a success charges its cost; 500 conversion_failed and 504 conversion_timeout charge nothing", async () => {
    const before = await credits(server, "conv");
    const ok = await convert("svg-to-png", encode(SVG), "a.svg");
    expect(ok.status).toBe(200);
    expect((await credits(server, "conv")).used).toBe(before.used + 1);

    const broken = encode('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg>');
    // pdfkit cannot write a page of size zero: a real failure of the conversion, not of the upload.
    await expectError(await convert("svg-to-pdf", broken, "a.svg"), 500, "conversion_failed");
    expect((await credits(server, "conv")).used).toBe(before.used + 1);

    const slowBefore = await credits(slow, "conv");
    await expectError(
      await convert("svg-to-png", encode(SLOW_SVG), "a.svg", {}, CONV, slow),
      504,
      "conversion_timeout",
    );
    const slowAfter = await credits(slow, "conv");
    expect([slowAfter.used, slowAfter.remaining]).toEqual([slowBefore.used, slowBefore.remaining]);
  });

  it("charged conversions are usage events with their operation", async () => {
    await convert("png-to-jpg", await png(), "a.png");
    const events = localApiParts(server.api).ledger.events("conv");
    expect(events.at(-1)).toMatchObject({ kind: "conversion", operation: "png-to-jpg", credits: 1 });
  });
});
