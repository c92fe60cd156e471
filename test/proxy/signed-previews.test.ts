// Signed preview links: search, reverse search and item answers carry their previews as /relay/p
// links that load without a token (as an <img src> must), are refused when altered, expired or
// pointing off the allowlist, are cached by the browser until they expire, and spend a budget of
// their own per token label. The signing key, the service's secret and the tokens appear nowhere.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPreviewSigner,
  PREVIEW_LINK_BUCKET_MS,
  PREVIEW_LINK_LIFETIME_MS,
} from "../../src/proxy/signing/preview-signer";
import {
  auth,
  CLIENT_SECRET,
  envelopeOf,
  type LocalApiServer,
  OTHER_TOKEN,
  SIGNING_KEY,
  scopedId,
  startLocalApi,
  startProxy,
  startRecordingService,
  TEAM_TOKEN,
  type TestProxy,
} from "./support";

type Listed = { uuid: string; urls: Record<string, string>; source_urls: Record<string, string> };
type Search = { response: { items: { data: Listed[] } } };

let api: LocalApiServer;
let proxy: TestProxy;
let clock = Date.UTC(2026, 10, 22, 3, 4, 0);
const now = () => clock;
const seen: string[] = [];

async function search(query: string, token = TEAM_TOKEN): Promise<Listed[]> {
  const response = await fetch(`${proxy.url}/v3/search?query=${query}&per_page=4`, { headers: auth(token) });
  const text = await response.text();
  seen.push(text);
  expect(response.status).toBe(200);
  return (JSON.parse(text) as Search).response.items.data;
}

const firstLink = (asset: Listed) => Object.entries(asset.urls)[0] as [string, string];

beforeAll(async () => {
  api = await startLocalApi();
  proxy = await startProxy(api.url, { now });
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

describe("signed links in answers", () => {
  it("signs every preview of a search and an item, keeping the originals as source_urls", async () => {
    const assets = await search("star");
    expect(assets.length).toBe(4);
    for (const asset of assets) {
      expect(Object.keys(asset.urls)).toEqual(Object.keys(asset.source_urls));
      for (const [format, link] of Object.entries(asset.urls)) {
        const signed = new URL(link);
        expect(`${signed.origin}${signed.pathname}`).toBe(`${proxy.url}/relay/p`);
        expect(signed.searchParams.get("u")).toBe(asset.source_urls[format]);
        expect(signed.searchParams.get("l")).toBe("design-team");
        expect(asset.source_urls[format]!.startsWith(api.url)).toBe(true);
      }
    }
    const item = await fetch(`${proxy.url}/v3/items/${assets[0]!.uuid}`, { headers: auth() });
    const body = (await item.json()) as { response: { item: Listed } };
    seen.push(JSON.stringify(body));
    expect(body.response.item.urls).toEqual(assets[0]!.urls);
  });

  it("gives identical links for an identical search within a bucket, and a label's own links to each team", async () => {
    const first = await search("heart");
    clock += 60_000;
    const again = await search("heart");
    expect(again.map((a) => a.urls)).toEqual(first.map((a) => a.urls));
    const expiry = Number(new URL(firstLink(first[0]!)[1]).searchParams.get("e")) * 1000;
    expect(expiry % PREVIEW_LINK_BUCKET_MS).toBe(0);
    expect(expiry - clock).toBeGreaterThanOrEqual(PREVIEW_LINK_LIFETIME_MS - 60_000);
    expect(expiry - clock).toBeLessThanOrEqual(PREVIEW_LINK_LIFETIME_MS + PREVIEW_LINK_BUCKET_MS);
    // The next bucket brings new links, expiring later.
    const saved = clock;
    clock += PREVIEW_LINK_BUCKET_MS;
    const later = await search("heart");
    clock = saved;
    expect(Number(new URL(firstLink(later[0]!)[1]).searchParams.get("e")) * 1000).toBe(
      expiry + PREVIEW_LINK_BUCKET_MS,
    );
    // The other team's answer comes from the same cached search, signed for its own label.
    const calls = proxy.logs.length;
    const theirs = await search("heart", OTHER_TOKEN);
    const hit = JSON.parse(proxy.logs[calls]!) as { cache: string; token: string };
    expect(hit).toMatchObject({ cache: "hit", token: "marketing" });
    expect(new URL(firstLink(theirs[0]!)[1]).searchParams.get("l")).toBe("marketing");
    expect(theirs.map((a) => a.source_urls)).toEqual(first.map((a) => a.source_urls));
  });

  it("signs reverse search answers, and only links on relayed hosts", async () => {
    const service = await startRecordingService(() =>
      Response.json({
        response: {
          image_hash: "h1",
          items: {
            total: 1,
            data: [
              {
                name: "found",
                urls: {
                  png: "https://files.example.test/p/found.png",
                  svg: "https://elsewhere.example.test/found.svg",
                  note: "not a url",
                },
              },
            ],
          },
        },
      }),
    );
    const edge = await startProxy(service.url, { fileHosts: ["files.example.test"] });
    try {
      const response = await fetch(`${edge.url}/v3/reverse-image-search`, {
        method: "POST",
        headers: { ...auth(), "content-type": "application/json" },
        body: JSON.stringify({ image_hash: await scopedId("image", "h1") }),
      });
      const body = (await response.json()) as Search & { response: { image_hash: string } };
      const found = body.response.items.data[0]!;
      expect(body.response.image_hash).toBe(await scopedId("image", "h1"));
      expect(new URL(found.urls.png!).searchParams.get("u")).toBe("https://files.example.test/p/found.png");
      expect(found.urls.svg).toBe("https://elsewhere.example.test/found.svg");
      expect(found.urls.note).toBe("not a url");
      expect(found.source_urls.png).toBe("https://files.example.test/p/found.png");
    } finally {
      await edge.close();
      await service.close();
    }
  });
});

describe("GET /relay/p", () => {
  it("serves the file without a token, byte for byte, cached by the browser until the link expires", async () => {
    const [format, link] = firstLink((await search("arrow"))[0]!);
    const asset = (await search("arrow"))[0]!;
    const preview = await fetch(link);
    expect(preview.status).toBe(200);
    const direct = await fetch(asset.source_urls[format]!);
    expect(Buffer.from(await preview.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(
      true,
    );
    expect(preview.headers.get("content-type")).toBe(direct.headers.get("content-type"));
    const cacheControl = preview.headers.get("cache-control") ?? "";
    expect(cacheControl).toMatch(/^public, max-age=\d+, immutable$/);
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)?.[1]);
    const expiry = Number(new URL(link).searchParams.get("e"));
    expect(maxAge).toBe(expiry - Math.ceil(clock / 1000));
    const line = JSON.parse(proxy.logs.at(-1)!) as Record<string, unknown>;
    expect(line).toMatchObject({ route: "GET /relay/p", status: 200, token: "design-team" });
  });

  it("refuses an altered link with 403 and an expired one with 410, in the envelope", async () => {
    const [, link] = firstLink((await search("home"))[0]!);
    const altered = (name: string, value: string | null) => {
      const url = new URL(link);
      if (value === null) url.searchParams.delete(name);
      else url.searchParams.set(name, value);
      return url.href;
    };
    const other = new URL(firstLink((await search("cat"))[0]!)[1]).searchParams.get("u")!;
    const cases = [
      altered("u", other),
      altered("l", "marketing"),
      altered("e", String(Number(new URL(link).searchParams.get("e")) + 600)),
      altered("s", `${new URL(link).searchParams.get("s")!.slice(0, -2)}AA`),
      altered("s", "not-a-signature"),
      altered("s", null),
      `${link}&u=${encodeURIComponent(other)}`,
    ];
    for (const url of cases) {
      const response = await fetch(url);
      expect(response.status, url).toBe(403);
      expect((await envelopeOf(response)).reason).toBe("invalid_signature");
      expect(response.headers.get("cache-control")).toBeNull();
    }
    const saved = clock;
    clock += PREVIEW_LINK_LIFETIME_MS + PREVIEW_LINK_BUCKET_MS;
    try {
      const expired = await fetch(link);
      expect(expired.status).toBe(410);
      expect((await envelopeOf(expired)).reason).toBe("link_expired");
    } finally {
      clock = saved;
    }
  });

  it("re-checks the host allowlist and never relays API paths, even for a well-signed link", async () => {
    const signer = createPreviewSigner({ key: SIGNING_KEY, now });
    for (const target of ["https://not.listed.example/a.png", `${api.url}/v3/credits`]) {
      const response = await fetch(await signer.sign(target, "design-team", proxy.url));
      expect(response.status, target).toBe(422);
      expect((await envelopeOf(response)).reason).toBe("invalid_request");
    }
    // A link signed with another key is not this proxy's.
    const stranger = createPreviewSigner({ key: "another-key-of-32-characters-or-more", now });
    const [format, , asset] = [...firstLink((await search("star"))[0]!), (await search("star"))[0]!] as const;
    const forged = await fetch(await stranger.sign(asset.source_urls[format]!, "design-team", proxy.url));
    expect(forged.status).toBe(403);
  });

  it("spends a budget per label of twenty times PROXY_RATE_LIMIT, apart from the API's", async () => {
    // One API call a minute per token; the clock stands still, so no budget refills meanwhile.
    const tight = await startProxy(api.url, { now, rateLimitPerMinute: 1 });
    try {
      const signedSearch = async (token: string) => {
        const response = await fetch(`${tight.url}/v3/search?query=bell&per_page=1`, {
          headers: auth(token),
        });
        return firstLink(((await response.json()) as Search).response.items.data[0]!)[1];
      };
      const link = await signedSearch(TEAM_TOKEN);
      expect((await fetch(`${tight.url}/v3/search?query=bell`, { headers: auth() })).status).toBe(429);
      // The API budget is spent; previews still load, twenty of them.
      for (let i = 0; i < 20; i++) expect((await fetch(link)).status).toBe(200);
      const refused = await fetch(link);
      expect(refused.status).toBe(429);
      expect((await envelopeOf(refused)).reason).toBe("rate_limit_exceeded");
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      // Another team's links spend their own budget.
      expect((await fetch(await signedSearch(OTHER_TOKEN))).status).toBe(200);
    } finally {
      await tight.close();
    }
  });

  it("puts neither the signing key, the service's secret nor a token in a link, an answer or a log line", () => {
    expect(seen.length).toBeGreaterThan(5);
    for (const text of [...seen, ...proxy.logs]) {
      for (const secret of [SIGNING_KEY, CLIENT_SECRET, TEAM_TOKEN, OTHER_TOKEN])
        expect(text).not.toContain(secret);
    }
    // Log lines name the route, never the link's query.
    expect(proxy.logs.join("\n")).not.toContain("relay/p?");
    expect(proxy.logs.join("\n")).not.toContain("/previews/");
  });
});
