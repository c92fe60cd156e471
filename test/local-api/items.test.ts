import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stableUuid } from "../../src/local-api/catalog/uuid";
import { DEMO_ID_ONLY, json, type RunningLocalApi, startLocalApi } from "./support";

const ARROW_UP = stableUuid("tabler", "arrow-up", "outline");
let local: RunningLocalApi;
let lottieUuid: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "local-api-items-"));
  writeFileSync(
    join(dir, "wave.json"),
    JSON.stringify({ v: "5.7.0", fr: 25, ip: 0, op: 50, w: 320, h: 240, layers: [] }),
  );
  writeFileSync(
    join(dir, "catalog.jsonl"),
    `${JSON.stringify({ name: "wave", type: "lottie", files: { json: "wave.json" } })}\n`,
  );
  local = await startLocalApi({ catalogFile: join(dir, "catalog.jsonl") });
  lottieUuid = stableUuid("local", "wave", "", "lottie");
});
afterAll(() => local.close());

describe("GET /v3/items/{item}", () => {
  it("returns the asset with its licence, variant and release", async () => {
    const response = await local.get(`/v3/items/${ARROW_UP}`);
    expect(response.status).toBe(200);
    const { item } = (await json(response)).response;
    expect(item).toMatchObject({
      uuid: ARROW_UP,
      name: "arrow-up",
      contributor: "tabler",
      variant: "outline",
    });
    expect(item.license.name).toBe("MIT");
    expect(item.license.text).toMatch(/Permission is hereby granted/);
    expect(item.additional_informations).toBeUndefined();
    const license = await fetch(item.license.url);
    expect(await license.text()).toMatch(/^MIT License/);
  });

  it("adds technical metadata with additional_informations=true", async () => {
    const icon = (await json(await local.get(`/v3/items/${ARROW_UP}?additional_informations=true`))).response
      .item;
    expect(icon.additional_informations).toMatchObject({ view_box: [0, 0, 24, 24], width: 24, height: 24 });
    expect(icon.additional_informations.svg_bytes).toBeGreaterThan(100);
    const lottie = (await json(await local.get(`/v3/items/${lottieUuid}?additional_informations=true`)))
      .response.item;
    expect(lottie.additional_informations).toMatchObject({
      frame_rate: 25,
      duration_seconds: 2,
      width: 320,
      height: 240,
    });
    expect((await local.get(`/v3/items/${ARROW_UP}?additional_informations=maybe`)).status).toBe(400);
  });

  it.each([
    "00000000-0000-5000-8000-000000000000",
    "not-a-uuid",
    "..%2F..%2Fpackage.json",
    "%E0%A4%A",
    "x".repeat(5000),
  ])("answers 404 item_not_found for %s", async (id) => {
    const response = await local.get(`/v3/items/${id}`);
    expect(response.status).toBe(404);
    expect((await json(response)).data.reason).toBe("item_not_found");
  });
});

describe("previews and files", () => {
  it("serves the svg and png previews at the common sizes, and refuses others", async () => {
    for (const size of [64, 128, 256, 512]) {
      const response = await fetch(`${local.url}/previews/${ARROW_UP}/${size}.png`);
      expect(response.headers.get("content-type")).toBe("image/png");
      const bytes = new DataView(await response.arrayBuffer());
      expect([bytes.getUint32(16), bytes.getUint32(20)]).toEqual([size, size]);
    }
    expect((await fetch(`${local.url}/previews/${ARROW_UP}/100.png`)).status).toBe(404);
    expect((await fetch(`${local.url}/previews/${ARROW_UP}.svg`)).status).toBe(200);
    expect((await fetch(`${local.url}/previews/..%2F..%2Fetc%2Fpasswd.svg`)).status).toBe(404);
  });

  it("lists an operator's file under urls and serves it", async () => {
    const { item } = (await json(await local.get(`/v3/items/${lottieUuid}`, DEMO_ID_ONLY))).response;
    expect(Object.keys(item.urls)).toEqual(["png_64", "png_128", "png_256", "png_512", "json"]);
    const body = await (await fetch(item.urls.json)).json();
    expect(body.fr).toBe(25);
    // Its preview is a still drawn from the animation (this one has no layers: a clear canvas).
    const still = await fetch(item.urls.png_128);
    expect(still.headers.get("content-type")).toBe("image/png");
  });

  it("answers unknown routes with 404 not_found in the envelope", async () => {
    for (const path of ["/", "/v3", "/v3/nothing", "/v2/search", "/files", "/licenses/nobody"]) {
      const response = await fetch(`${local.url}${path}`);
      expect(response.status).toBe(404);
      expect((await json(response)).data.reason).toBe("not_found");
    }
  });
});

describe("the error boundary", () => {
  it("answers a server fault with 500 internal_error in the envelope, without details", async () => {
    const dir = mkdtempSync(join(tmpdir(), "local-api-fault-"));
    writeFileSync(
      join(dir, "c.jsonl"),
      `${JSON.stringify({ name: "gone", type: "icon", svg_file: "missing.svg" })}\n`,
    );
    const broken = await startLocalApi({ catalogFile: join(dir, "c.jsonl") });
    try {
      const response = await fetch(`${broken.url}/previews/${stableUuid("local", "gone", "", "icon")}.svg`);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        data: { reason: "internal_error", message: "The local API hit an unexpected fault." },
      });
      expect(text).not.toContain("missing.svg");
    } finally {
      await broken.close();
    }
  });
});
