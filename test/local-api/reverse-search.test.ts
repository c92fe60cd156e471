// POST /v3/reverse-image-search over real HTTP against a 400-icon catalogue of real icons: transformed
// icons come back near the top, image_hash pages and re-filters without re-uploading, refused filters
// are 400, and url sources are fetched only from public addresses (a loopback image server is allowed
// here deliberately, through the test's own outbound policy).

import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVERSE_SEARCH_REFUSED } from "../../src/api/contract/tables";
import { type LoopbackServer, serveOnLoopback } from "../support/loopback";
import { type Icon, QUERY_TRANSFORMS, random, sample, transformedQuery } from "./engines/icon-set";
import { json, type Loose, type RunningLocalApi, startLocalApi } from "./support";
import { encode, headersOf, smallCatalogue, worker } from "./work-support";

let server: RunningLocalApi;
let images: LoopbackServer;
let icons: Icon[];
const SEARCHER = headersOf("searcher");
const resolved: Record<string, string[]> = {
  "inside.example.com": ["127.0.0.1"],
  "metadata.example.com": ["169.254.169.254"],
};
let queryPng: Buffer;

beforeAll(async () => {
  const catalogue = smallCatalogue(400);
  icons = catalogue.icons;
  queryPng = await transformedQuery(icons[3]!, "resize", random(1));

  images = await serveOnLoopback((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/icon.png")
      return new Response(new Uint8Array(queryPng), { headers: { "content-type": "image/png" } });
    if (path === "/moved") return new Response(null, { status: 302, headers: { location: "/icon.png" } });
    if (path === "/to-inside")
      return new Response(null, { status: 302, headers: { location: "http://127.0.0.1:9/x.png" } });
    if (path === "/big")
      return new Response(new Uint8Array(11 * 1024 * 1024), { headers: { "content-type": "image/png" } });
    if (path === "/text") return new Response("hello", { headers: { "content-type": "text/plain" } });
    return new Response("missing", { status: 404 });
  });
  server = await startLocalApi({
    catalogFile: catalogue.path,
    accounts: { clients: [worker("searcher"), worker("unsubscribed", { subscription: false })] },
    outboundPolicy: {
      resolve: async (host) => resolved[host] ?? ["93.184.216.34"],
      trustedHosts: new Set([new URL(images.url).host]),
    },
  });
});
afterAll(async () => {
  await server.close();
  await images.close();
});

function byFile(
  bytes: Uint8Array,
  fields: Record<string, string | string[]> = {},
  headers: Record<string, string> = SEARCHER,
  name = "q.png",
) {
  const form = new FormData();
  form.append(
    "file",
    new Blob([new Uint8Array(bytes)], { type: name.endsWith(".png") ? "image/png" : "" }),
    name,
  );
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v);
  return fetch(`${server.url}/v3/reverse-image-search`, { method: "POST", headers, body: form });
}

const byJson = (body: unknown, headers: Record<string, string> = SEARCHER) =>
  fetch(`${server.url}/v3/reverse-image-search`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const names = (body: Loose): string[] => body.response.items.data.map((a: { name: string }) => a.name);

async function expectError(response: Response, status: number, reason: string) {
  const body = await json(response);
  expect({ status: response.status, reason: body.data?.reason }).toEqual({ status, reason });
  return body;
}

describe("ranking", () => {
  it("transformed catalogue icons come back in the top 10 (and the descriptors are cached on disk)", async () => {
    const rand = random(99);
    const targets = sample(
      icons.map((icon, i) => ({ icon, name: `icon-${i}` })),
      4,
      rand,
    );
    let found = 0;
    let asked = 0;
    for (const { icon, name } of targets) {
      for (const transform of QUERY_TRANSFORMS) {
        const response = await byFile(await transformedQuery(icon, transform, rand), {}, SEARCHER, "q.png");
        expect(response.status).toBe(200);
        asked++;
        if (
          names(await json(response))
            .slice(0, 10)
            .includes(name)
        )
          found++;
      }
    }
    // The engine's own recall@10 is about 99 % on the full 15k catalogue (npm run bench similarity).
    expect(found / asked).toBeGreaterThanOrEqual(0.9);
    expect(existsSync(join(server.stateDir, "similarity-descriptors.bin"))).toBe(true);
  });

  it("answers image_hash and items; image_hash alone pages through the same ranking", async () => {
    const first = await json(await byFile(new Uint8Array(queryPng)));
    const { image_hash, items } = first.response;
    expect(image_hash).toMatch(/^[\w-]{16,}$/);
    expect(items.total).toBe(400);
    expect(items.data).toHaveLength(60);
    expect(items.data[0]).toMatchObject({ name: "icon-3" });
    expect(items.data[0].urls.svg).toMatch(/^http/);
    const again = await json(await byJson({ image_hash }));
    expect(names(again)).toEqual(names(first));
    const page2 = await json(await byJson({ image_hash, page: 2 }));
    expect(page2.response.items.total).toBe(400);
    expect(page2.response.items.data).toHaveLength(60);
    expect(names(page2).filter((n) => names(first).includes(n))).toEqual([]);
    const last = await json(await byJson({ image_hash, page: 7 }));
    expect(last.response.items.data).toHaveLength(40);
  });

  it("allowed filters narrow the ranked list", async () => {
    const { image_hash } = (await json(await byFile(new Uint8Array(queryPng)))).response;
    const even = await json(await byJson({ image_hash, categories: ["even"] }));
    expect(even.response.items.total).toBe(200);
    expect(names(even).every((n) => Number(n.split("-")[1]) % 2 === 0)).toBe(true);
    const premium = await json(await byFile(new Uint8Array(queryPng), { price: "premium" }));
    expect(premium.response.items.total).toBe(100);
    const evenFree = await json(await byJson({ image_hash, categories: ["even"], price: "free" }));
    expect(evenFree.response.items.total).toBe(100); // every fourth icon is premium, all of them even
    const odd = await json(await byJson({ image_hash, exclude_categories: ["even"] }));
    expect(names(odd).every((n) => Number(n.split("-")[1]) % 2 === 1)).toBe(true);
    const none = await json(await byJson({ image_hash, asset: "lottie" }));
    expect(none.response.items).toEqual({ total: 0, data: [] });
  });
});

describe("refusals", () => {
  it("each refused filter is 400 invalid_request naming it", async () => {
    const { image_hash } = (await json(await byFile(new Uint8Array(queryPng)))).response;
    const values: Record<string, unknown> = {
      "orientation[]": ["square"],
      icon_grid: 24,
      "include_tags[]": ["arrow"],
      "exclude_tags[]": ["arrow"],
      start_date: "2024-01-01",
      end_date: "2024-01-01",
      sort: "popular",
    };
    for (const name of REVERSE_SEARCH_REFUSED) {
      const body = await expectError(
        await byJson({ image_hash, [name]: values[name] }),
        400,
        "invalid_request",
      );
      expect(body.data.message).toContain(name);
    }
    await expectError(await byFile(new Uint8Array(queryPng), { sort: "latest" }), 400, "invalid_request");
  });

  it("sources: none, two, an unknown hash, a wrong file type, more than 10 MB", async () => {
    await expectError(await byJson({}), 400, "invalid_request");
    await expectError(
      await byJson({ image_hash: "abc", url: "https://images.example.com/a.png" }),
      400,
      "invalid_request",
    );
    await expectError(await byJson({ image_hash: "never-seen-this-hash" }), 400, "invalid_request");
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    await expectError(await byFile(gif, {}, SEARCHER, "q.bin"), 400, "invalid_request");
    await expectError(
      await byFile(encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), {}, SEARCHER, "q.bin"),
      400,
      "invalid_request",
    );
    await expectError(await byFile(new Uint8Array(10 * 1024 * 1024 + 10)), 413, "invalid_request");
  });

  it("401 without the secret; 422 subscription_required", async () => {
    await expectError(
      await byFile(new Uint8Array(queryPng), {}, { "Client-ID": "searcher" }),
      401,
      "invalid_credentials",
    );
    await expectError(
      await byFile(new Uint8Array(queryPng), {}, headersOf("unsubscribed")),
      422,
      "subscription_required",
    );
  });
});

describe("by url", () => {
  it("fetches the image (following redirects) and ranks it like the same file", async () => {
    const byUrl = await json(await byJson({ url: `${images.url}/moved` }));
    const byUpload = await json(await byFile(new Uint8Array(queryPng)));
    expect(byUrl.response.image_hash).toBe(byUpload.response.image_hash);
    expect(names(byUrl)).toEqual(names(byUpload));
  });

  it("refuses inside addresses, names resolving inside, redirects inside, non-images, 404s and oversize", async () => {
    const refused = [
      "http://127.0.0.1:9/a.png",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/a.png",
      "http://[::1]/a.png",
      "http://localhost/a.png",
      "http://inside.example.com/a.png",
      "http://metadata.example.com/a.png",
      `${images.url}/to-inside`,
      `${images.url}/text`,
      `${images.url}/nothing-here`,
      `${images.url}/big`,
      "ftp://images.example.com/a.png",
    ];
    for (const url of refused) {
      const body = await expectError(await byJson({ url }), 400, "invalid_request");
      expect(body.data.message).toMatch(/url|image/i);
    }
  });
});
