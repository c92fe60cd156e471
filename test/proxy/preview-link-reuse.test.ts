// Links made once are reused within their bucket, per caller: a page of results asked for again is
// signed from what was made before, and must come out exactly as if it had been signed afresh.

import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { ProxyEnv } from "../../src/proxy/context";
import { createPreviewSigner, PREVIEW_LINK_BUCKET_MS } from "../../src/proxy/signing/preview-signer";
import { signPreviewLinks } from "../../src/proxy/signing/sign-answer";
import { SIGNING_KEY } from "./support";

const FILE_HOST = "files.example.test";
const ORIGIN = "https://proxy.example.test";
const preview = (n: number) => `https://${FILE_HOST}/previews/${n}.png`;

function answer(count: number): string {
  const data = Array.from({ length: count }, (_, n) => ({
    uuid: `item-${n}`,
    urls: {
      png_64: preview(n),
      svg: `https://${FILE_HOST}/previews/${n}.svg`,
      other: "https://elsewhere.test/x",
    },
  }));
  return JSON.stringify({ response: { items: { total: count, data } } });
}

function signingApp(signer: ReturnType<typeof createPreviewSigner>, label: string, body: string) {
  const app = new Hono<ProxyEnv>();
  app.get(
    "/v3/search",
    async (c, next) => {
      c.set("tokenLabel", label);
      await next();
    },
    signPreviewLinks({ signer, relayHosts: new Set([FILE_HOST]), publicUrl: ORIGIN }),
    () => new Response(body, { headers: { "content-type": "application/json" } }),
  );
  return app;
}

describe("preview links made before", () => {
  it("are remembered per label and origin, and forgotten when the bucket turns", async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const signer = createPreviewSigner({ key: SIGNING_KEY, now: () => now });
    const link = await signer.sign(preview(1), "design-team", ORIGIN);

    expect(signer.remembered("design-team", ORIGIN).get(preview(1))).toBe(link);
    expect(signer.remembered("marketing", ORIGIN).get(preview(1))).toBeUndefined();
    expect(signer.remembered("design-team", "https://other.example.test").get(preview(1))).toBeUndefined();
    expect(await signer.sign(preview(1), "design-team", ORIGIN)).toBe(link);

    now += PREVIEW_LINK_BUCKET_MS;
    expect(signer.remembered("design-team", ORIGIN).size).toBe(0);
    const later = await signer.sign(preview(1), "design-team", ORIGIN);
    expect(later).not.toBe(link);
    expect(Number(new URL(later).searchParams.get("e"))).toBeGreaterThan(
      Number(new URL(link).searchParams.get("e")),
    );
    expect((await signer.verify(new URL(later).searchParams)).ok).toBe(true);
  });

  it("sign an answer asked for again exactly as the first time, and never for another label", async () => {
    const body = answer(40);
    const signer = createPreviewSigner({ key: SIGNING_KEY });
    const team = signingApp(signer, "design-team", body);
    const first = await (await team.request("/v3/search")).text();
    const again = await (await team.request("/v3/search")).text();
    expect(again).toBe(first);

    const fresh = signingApp(createPreviewSigner({ key: SIGNING_KEY }), "design-team", body);
    expect(await (await fresh.request("/v3/search")).text()).toBe(first);

    const other = await (await signingApp(signer, "marketing", body).request("/v3/search")).json();
    const links = Object.values(other.response.items.data[0].urls as Record<string, string>);
    for (const signed of links.filter((l) => l.startsWith(ORIGIN)))
      expect(new URL(signed).searchParams.get("l")).toBe("marketing");
    expect(other.response.items.data[0].urls.other).toBe("https://elsewhere.test/x");
    expect(other.response.items.data[0].source_urls.png_64).toBe(preview(0));
  });
});
