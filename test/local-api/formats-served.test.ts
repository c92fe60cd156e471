// Every format the local API names for an asset is one it serves: the detail's `formats`, the
// search result's `urls` and what the download route accepts agree, for one asset of each type.
// A format the service cannot make (EPS for an illustration, MP4 for an animation) is not listed,
// and asking for it is refused before anything is charged.

import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMATS } from "../../src/api/contract/tables";
import { buildCatalog } from "../../src/local-api/catalog/catalog";
import { packageDir } from "../../src/local-api/catalog/package-dir";
import { ACME, account, json, type Loose, type RunningLocalApi, startLocalApi } from "./support";

/** A real animation from the packaged set, as an operator's own file. */
const ANIMATION = join(packageDir("react-useanimations"), "lib", "heart", "heart.json");

let local: RunningLocalApi;
beforeAll(async () => {
  local = await startLocalApi({ accounts: { clients: [account()] } });
});
afterAll(() => local.close());

/** What each format's bytes begin with, and the type it is served as. */
const SIGNATURES: Record<string, { type: RegExp; check: (bytes: Uint8Array) => boolean }> = {
  svg: { type: /^image\/svg\+xml/, check: (b) => /<svg[\s>]/.test(new TextDecoder().decode(b)) },
  png: { type: /^image\/png$/, check: (b) => b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  gif: { type: /^image\/gif$/, check: (b) => new TextDecoder().decode(b.slice(0, 4)) === "GIF8" },
  json: { type: /^application\/json/, check: (b) => "v" in JSON.parse(new TextDecoder().decode(b)) },
  // dotLottie is a zip archive.
  lottie: { type: /^application\/zip$/, check: (b) => b[0] === 0x50 && b[1] === 0x4b },
};

async function firstOf(asset: string, query: string): Promise<Loose> {
  const response = await local.get(`/v3/search?asset=${asset}&query=${query}&per_page=1`, ACME);
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.response.items.data[0];
}

async function expectServes(url: string, format: string): Promise<void> {
  const response = await fetch(url);
  expect(response.status, `${format} from ${url}`).toBe(200);
  const signature = SIGNATURES[format];
  expect(signature, `no check for ${format}`).toBeDefined();
  expect(response.headers.get("content-type")).toMatch(signature!.type);
  expect(signature!.check(new Uint8Array(await response.arrayBuffer())), format).toBe(true);
}

const SAMPLES = [
  ["icon", "heart"],
  ["illustration", "cat"],
  ["3d", "cat"],
  ["lottie", "heart"],
] as const;

describe("formats per asset type", () => {
  for (const [asset, query] of SAMPLES) {
    it(`${asset}: every listed format downloads as that format, every url serves`, async () => {
      const summary = await firstOf(asset, query);
      const detailResponse = await local.get(`/v3/items/${summary.uuid}`, ACME);
      expect(detailResponse.status).toBe(200);
      const formats: string[] = (await json(detailResponse)).response.item.formats;
      expect(formats).toEqual(summary.formats);
      expect(formats.length).toBeGreaterThan(0);
      for (const format of formats) {
        const sized = format === "png" || format === "gif";
        const { response, body } = await download(summary.uuid, format, sized ? 64 : 0);
        expect(response.status, `${format}: ${JSON.stringify(body)}`).toBe(200);
        await expectServes(body.response.download.download_url, format);
      }
      for (const [key, url] of Object.entries(summary.urls as Record<string, string>)) {
        await expectServes(url, key.startsWith("png_") ? "png" : key);
      }
    });

    it(`${asset}: every format it does not list is refused and not charged`, async () => {
      const summary = await firstOf(asset, query);
      // The type's own formats the asset lacks (EPS, glTF, MP4) and every other type's.
      const missing = FORMATS.filter((format) => !summary.formats.includes(format));
      const before = await credits();
      for (const format of missing) {
        const { response, body } = await download(summary.uuid, format, 0);
        expect(response.status, format).toBe(404);
        expect(body.data.reason).toBe("format_not_available");
      }
      expect(await credits()).toBe(before);
    });
  }
});

async function download(uuid: string, format: string, side: number) {
  const response = await local.post(
    `/v3/items/${uuid}/api-download`,
    { format, width: side, height: side },
    ACME,
  );
  return { response, body: await json(response) };
}

/** The account's credit view, whole: nothing in it may move on a refused download. */
async function credits(): Promise<string> {
  const response = await local.get("/v3/credits", ACME);
  const body = await json(response);
  expect(response.status).toBe(200);
  expect(body.response.credits).toBeDefined();
  return JSON.stringify(body);
}

describe("formats in an operator's catalogue", () => {
  it("a Lottie with only its JSON may list dotLottie and GIF, and both are served", async () => {
    const dir = mkdtempSync(join(tmpdir(), "formats-"));
    try {
      copyFileSync(ANIMATION, join(dir, "heart.json"));
      const file = join(dir, "catalog.jsonl");
      writeFileSync(
        file,
        `${JSON.stringify({
          name: "Beat",
          type: "lottie",
          files: { json: "heart.json" },
          formats: ["json", "lottie", "gif"],
        })}\n`,
      );
      const operator = await startLocalApi({ catalogFile: file, accounts: { clients: [account()] } });
      try {
        const search = await json(await operator.get("/v3/search?asset=lottie&query=beat", ACME));
        const [item] = search.response.items.data;
        expect(item.formats).toEqual(["json", "lottie", "gif"]);
        for (const format of item.formats) {
          const side = format === "gif" ? 64 : 0;
          const response = await operator.post(
            `/v3/items/${item.uuid}/api-download`,
            { format, width: side, height: side },
            ACME,
          );
          const body = await json(response);
          expect(response.status, JSON.stringify(body)).toBe(200);
          await expectServes(body.response.download.download_url, format);
        }
      } finally {
        await operator.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a listed format with nothing to make it from stops the catalogue loading", () => {
    const dir = mkdtempSync(join(tmpdir(), "formats-"));
    try {
      writeFileSync(join(dir, "blob.svg"), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"/>');
      const file = join(dir, "catalog.jsonl");
      writeFileSync(
        file,
        `${JSON.stringify({ name: "Blob", type: "illustration", svg_file: "blob.svg", formats: ["svg", "eps"] })}\n`,
      );
      expect(() => buildCatalog({ catalogFile: file })).toThrow(/no file for format\(s\) eps/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
