// Preview grants: search, reverse search and item answers pass through as the service gave them,
// with the caller's grant (one per time bucket) in their headers, also at GET /relay/grant; the
// window writes each preview as the grant's link plus the service's URL. A granted link loads without a token (as an
// <img src> must); it is refused when it names another caller, is used at another origin, has
// expired, was forged or altered, or points off the relayed hosts; it is cached by the browser until
// the grant expires and spends a budget of its own per token label. Download links stay signed one
// by one (/relay/p). The signing key, the service's secret and the tokens appear nowhere.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateCacheControl } from "../../src/proxy/signing/granted-relay";
import {
  createPreviewGrants,
  GRANT_BUCKET_MS,
  GRANT_LIFETIME_MS,
} from "../../src/proxy/signing/preview-grant";
import { createPreviewSigner } from "../../src/proxy/signing/preview-signer";
import {
  auth,
  CLIENT_ID,
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

type Listed = { uuid: string; urls: Record<string, string> };
type Search = { response: { items: { data: Listed[] } } };
type Grant = { link: string; hosts: string[]; expires_at: string };

let api: LocalApiServer;
let proxy: TestProxy;
let clock = Date.UTC(2026, 10, 22, 3, 4, 0);
const now = () => clock;
const seen: string[] = [];

async function search(query: string, token = TEAM_TOKEN, at = proxy.url): Promise<Listed[]> {
  const response = await fetch(`${at}/v3/search?query=${query}&per_page=4`, { headers: auth(token) });
  const text = await response.text();
  seen.push(text);
  expect(response.status).toBe(200);
  return (JSON.parse(text) as Search).response.items.data;
}

async function grantOf(token = TEAM_TOKEN, at = proxy.url): Promise<Grant> {
  const response = await fetch(`${at}/relay/grant`, { headers: auth(token) });
  const text = await response.text();
  seen.push(text);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return (JSON.parse(text) as { response: Grant }).response;
}

/** The link the window writes for `url` from `grant`. */
const previewLink = (grant: Grant, url: string) => grant.link + encodeURIComponent(url);
const firstUrl = (asset: Listed) => Object.entries(asset.urls)[0] as [string, string];

beforeAll(async () => {
  api = await startLocalApi();
  proxy = await startProxy(api.url, { now, cacheTtlMs: 0 });
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

describe("answers that name previews", () => {
  it("pass a search and an item through as the service gave them", async () => {
    const direct = { "client-id": CLIENT_ID, "client-secret": CLIENT_SECRET };
    const path = "/v3/search?query=star&per_page=4";
    const [theirs, answer] = await Promise.all([
      fetch(`${api.url}${path}`, { headers: direct }).then((r) => r.text()),
      fetch(`${proxy.url}${path}`, { headers: { ...auth(), origin: "null" } }),
    ]);
    const ours = await answer.text();
    expect(ours).toBe(theirs);
    // The caller's grant rides in the headers, readable by the plugin's window.
    const grant = await grantOf();
    expect(answer.headers.get("x-preview-grant")).toBe(grant.link);
    expect(answer.headers.get("x-preview-hosts")).toBe(grant.hosts.join(", "));
    expect(answer.headers.get("access-control-expose-headers")).toMatch(/X-Preview-Grant.*X-Preview-Hosts/);
    // One caller's grant: never kept by a shared cache in front of the proxy for another.
    expect(answer.headers.get("cache-control")).toMatch(/^private\b/);
    expect(answer.headers.get("vary")).toMatch(/Authorization/);
    const asset = (JSON.parse(ours) as Search).response.items.data[0]!;
    expect(firstUrl(asset)[1].startsWith(api.url)).toBe(true);
    const item = `/v3/items/${asset.uuid}`;
    const [itemTheirs, itemAnswer] = await Promise.all([
      fetch(`${api.url}${item}`, { headers: direct }).then((r) => r.text()),
      fetch(`${proxy.url}${item}`, { headers: auth(OTHER_TOKEN) }),
    ]);
    expect(await itemAnswer.text()).toBe(itemTheirs);
    expect(itemAnswer.headers.get("x-preview-grant")).toBe((await grantOf(OTHER_TOKEN)).link);
  });

  it("pass a reverse search's previews through, on any host", async () => {
    const found = { name: "found", urls: { png: "https://files.example.test/p/found.png" } };
    const service = await startRecordingService(() =>
      Response.json({ response: { image_hash: "h1", items: { total: 1, data: [found] } } }),
    );
    const edge = await startProxy(service.url, { fileHosts: ["files.example.test"] });
    try {
      const response = await fetch(`${edge.url}/v3/reverse-image-search`, {
        method: "POST",
        headers: { ...auth(), "content-type": "application/json" },
        body: JSON.stringify({ image_hash: await scopedId("image", "h1") }),
      });
      const body = (await response.json()) as Search;
      expect(body.response.items.data[0]).toEqual(found);
      expect(response.headers.get("x-preview-grant")).toMatch(
        new RegExp(`^${edge.url}/relay/g\\?e=\\d+&l=design-team&g=[\\w-]{43}&u=$`),
      );
      expect(response.headers.get("x-preview-hosts")).toBe(
        `${new URL(service.url).host}, files.example.test`,
      );
    } finally {
      await edge.close();
      await service.close();
    }
  });
});

describe("GET /relay/grant", () => {
  it("needs the caller's token", async () => {
    const response = await fetch(`${proxy.url}/relay/grant`);
    expect(response.status).toBe(401);
    expect((await envelopeOf(response)).reason).toBe("invalid_credentials");
  });

  it("gives one grant per caller and bucket, covering the relayed hosts", async () => {
    const grant = await grantOf();
    expect(grant.hosts).toEqual([new URL(api.url).host]);
    const link = new URL(grant.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${proxy.url}/relay/g`);
    expect(link.searchParams.get("l")).toBe("design-team");
    expect(grant.link.endsWith("&u=")).toBe(true);
    const expiry = Date.parse(grant.expires_at);
    expect(Number(link.searchParams.get("e")) * 1000).toBe(expiry);
    expect(expiry % GRANT_BUCKET_MS).toBe(0);
    expect(expiry - clock).toBeGreaterThanOrEqual(GRANT_LIFETIME_MS);
    expect(expiry - clock).toBeLessThanOrEqual(GRANT_LIFETIME_MS + GRANT_BUCKET_MS);
    // The same text within the bucket (so the browser's cache serves a preview seen before)...
    clock += 60_000;
    expect(await grantOf()).toEqual(grant);
    // ...a later expiry in the next one, and another team gets its own.
    const saved = clock;
    clock += GRANT_BUCKET_MS;
    expect(Date.parse((await grantOf()).expires_at)).toBe(expiry + GRANT_BUCKET_MS);
    clock = saved;
    const theirs = await grantOf(OTHER_TOKEN);
    expect(new URL(theirs.link).searchParams.get("l")).toBe("marketing");
    expect(theirs.link).not.toBe(grant.link);
  });
});

describe("GET /relay/g", () => {
  it("serves the file without a token, byte for byte, cached by the browser until the grant expires", async () => {
    const [, url] = firstUrl((await search("arrow"))[0]!);
    const grant = await grantOf();
    const preview = await fetch(previewLink(grant, url));
    expect(preview.status).toBe(200);
    const direct = await fetch(url);
    expect(Buffer.from(await preview.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(
      true,
    );
    expect(preview.headers.get("content-type")).toBe(direct.headers.get("content-type"));
    const cacheControl = preview.headers.get("cache-control") ?? "";
    expect(cacheControl).toMatch(/^public, max-age=\d+, immutable$/);
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)?.[1]);
    expect(maxAge).toBe(Math.floor((Date.parse(grant.expires_at) - clock) / 1000));
    const line = JSON.parse(proxy.logs.at(-1)!) as Record<string, unknown>;
    expect(line).toMatchObject({ route: "GET /relay/g", status: 200, token: "design-team" });
  });

  it("refuses another caller's label, another origin, a forged or altered grant with 403", async () => {
    const [, url] = firstUrl((await search("home"))[0]!);
    const grant = await grantOf();
    const link = previewLink(grant, url);
    const altered = (name: string, value: string | null) => {
      const changed = new URL(link);
      if (value === null) changed.searchParams.delete(name);
      else changed.searchParams.set(name, value);
      return changed.href;
    };
    const g = new URL(link).searchParams.get("g")!;
    const stranger = createPreviewGrants({ key: "another-key-of-32-characters-or-more", now });
    const forged = (await stranger.grant("design-team", proxy.url)).query;
    const cases = {
      "another team's label": altered("l", "marketing"),
      "a later expiry": altered("e", String(Number(new URL(link).searchParams.get("e")) + 600)),
      "an altered MAC": altered("g", `${g.slice(0, -2)}${g.endsWith("AA") ? "BB" : "AA"}`),
      "no MAC": altered("g", null),
      "not a MAC": altered("g", "not-a-grant"),
      "two files": `${link}&u=${encodeURIComponent(url)}`,
      "another key": `${proxy.url}/relay/g?${forged}&u=${encodeURIComponent(url)}`,
      // The same grant, used at another origin of the same proxy: it was given for 127.0.0.1.
      "another origin": link.replace("//127.0.0.1:", "//localhost:"),
    };
    for (const [what, attempt] of Object.entries(cases)) {
      const response = await fetch(attempt);
      expect(response.status, what).toBe(403);
      expect((await envelopeOf(response)).reason, what).toBe("invalid_signature");
      expect(response.headers.get("cache-control"), what).toBeNull();
    }
    // The other team's own grant works, for the same file.
    expect((await fetch(previewLink(await grantOf(OTHER_TOKEN), url))).status).toBe(200);
  });

  it("refuses a grant past its bucket's expiry with 410", async () => {
    const [, url] = firstUrl((await search("cat"))[0]!);
    const link = previewLink(await grantOf(), url);
    const saved = clock;
    clock += GRANT_LIFETIME_MS + GRANT_BUCKET_MS;
    try {
      const expired = await fetch(link);
      expect(expired.status).toBe(410);
      expect((await envelopeOf(expired)).reason).toBe("link_expired");
    } finally {
      clock = saved;
    }
  });

  it("re-checks the host allowlist and never relays API paths, even with a valid grant", async () => {
    const grant = await grantOf();
    const targets = [
      "https://not.listed.example/a.png",
      `${api.url}/v3/credits`,
      `${api.url}/%763/credits`,
      "http://169.254.169.254/latest/meta-data/",
      "file:///etc/passwd",
    ];
    for (const target of targets) {
      const response = await fetch(previewLink(grant, target));
      expect(response.status, target).toBe(422);
      expect((await envelopeOf(response)).reason).toBe("invalid_request");
    }
  });

  it("spends a budget per label of twenty times PROXY_RATE_LIMIT, apart from the API's", async () => {
    // One API call a minute per token; the clock stands still, so no budget refills meanwhile.
    const tight = await startProxy(api.url, { now, rateLimitPerMinute: 1 });
    try {
      const [, url] = firstUrl((await search("bell"))[0]!);
      const grantAt = async (token: string) => {
        const response = await fetch(`${tight.url}/relay/grant`, { headers: auth(token) });
        return ((await response.json()) as { response: Grant }).response;
      };
      const link = previewLink(await grantAt(TEAM_TOKEN), url);
      expect((await fetch(`${tight.url}/relay/grant`, { headers: auth() })).status).toBe(429);
      // The API budget is spent; previews still load, twenty of them.
      for (let i = 0; i < 20; i++) expect((await fetch(link)).status).toBe(200);
      const refused = await fetch(link);
      expect(refused.status).toBe(429);
      expect((await envelopeOf(refused)).reason).toBe("rate_limit_exceeded");
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      // Another team's previews spend their own budget.
      expect((await fetch(previewLink(await grantAt(OTHER_TOKEN), url))).status).toBe(200);
    } finally {
      await tight.close();
    }
  });
});

describe("GET /relay/p (download links, one file each)", () => {
  it("still serves a link signed by this proxy, and re-checks the host allowlist", async () => {
    const signer = createPreviewSigner({ key: SIGNING_KEY, now });
    const [, url] = firstUrl((await search("star"))[0]!);
    expect((await fetch(await signer.sign(url, "design-team", proxy.url))).status).toBe(200);
    for (const target of ["https://not.listed.example/a.png", `${api.url}/v3/credits`]) {
      const response = await fetch(await signer.sign(target, "design-team", proxy.url));
      expect(response.status, target).toBe(422);
    }
    const stranger = createPreviewSigner({ key: "another-key-of-32-characters-or-more", now });
    expect((await fetch(await stranger.sign(url, "design-team", proxy.url))).status).toBe(403);
  });
});

describe("secrets", () => {
  it("puts neither the signing key, the service's secret nor a token in a grant, an answer or a log line", () => {
    expect(seen.length).toBeGreaterThan(5);
    for (const text of [...seen, ...proxy.logs]) {
      for (const secret of [SIGNING_KEY, CLIENT_SECRET, TEAM_TOKEN, OTHER_TOKEN])
        expect(text).not.toContain(secret);
    }
    // Log lines name the route, never the link's query.
    expect(proxy.logs.join("\n")).not.toContain("relay/g?");
    expect(proxy.logs.join("\n")).not.toContain("/previews/");
  });
});

describe("privateCacheControl", () => {
  it("keeps the service's lifetime for the browser, never for a shared cache", () => {
    expect(privateCacheControl("public, max-age=60, s-maxage=600")).toBe("private, max-age=60");
    expect(privateCacheControl("max-age=30, stale-while-revalidate=5")).toBe(
      "private, max-age=30, stale-while-revalidate=5",
    );
    expect(privateCacheControl(null)).toBe("private");
    expect(privateCacheControl("private, no-cache")).toBe("private, no-cache");
  });
});
