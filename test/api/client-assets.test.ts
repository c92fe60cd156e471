// What the asset methods send and what they hand back (rate-limit figures and unknown fields included).
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client/api-client";
import { expectApiRejection } from "./expect-api-error";
import { BASE, ok, scriptedFetch } from "./scripted-fetch";

const asset = {
  uuid: "u1",
  name: "Cat",
  urls: { svg: "https://cdn.test/u1.svg" },
  type: "icon",
  tags: ["pet"],
};

function setup(...answers: Parameters<typeof scriptedFetch>) {
  const script = scriptedFetch(...answers);
  const client = createClient({
    baseUrl: `${BASE}/`,
    fetch: script.fetch,
    headers: () => ({ Authorization: "Bearer t0k" }),
  });
  return { client, requests: script.requests };
}

describe("search and item", () => {
  it("sends the encoded query with the caller's headers and returns the page with its rate limit", async () => {
    const { client, requests } = setup(ok({ items: { total: 120, data: [asset] }, facets: { x: 1 } }));
    const result = await client.search({ query: "cat", formats: ["svg", "png"], per_page: 30 });
    const sent = requests[0]!;
    expect(sent.method).toBe("GET");
    const url = new URL(sent.url);
    expect(url.pathname).toBe("/base/v3/search");
    expect(url.searchParams.getAll("formats[]")).toEqual(["svg", "png"]);
    expect(url.searchParams.get("per_page")).toBe("30");
    expect(sent.headers.get("authorization")).toBe("Bearer t0k");
    expect(sent.headers.get("accept")).toBe("application/json");
    expect(result.total).toBe(120);
    expect(result.data[0]).toEqual(asset);
    expect(result.raw.facets).toEqual({ x: 1 });
    expect(result.rateLimit).toEqual({ limit: 100, remaining: 42, reset: 30 });
  });

  it("refuses invalid params before sending", async () => {
    const { client, requests } = setup();
    await expectApiRejection(client.search({ per_page: 500 }), 400, "invalid_request", /per_page/);
    expect(requests).toHaveLength(0);
  });

  it("fetches an item, with additional_informations when asked", async () => {
    const detail = { ...asset, additional_informations: { duration: 2.5 } };
    const { client, requests } = setup(ok({ item: detail }));
    const answer = await client.item("u 1", { additionalInformations: true });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe("/base/v3/items/u%201");
    expect(url.searchParams.get("additional_informations")).toBe("true");
    expect(answer.item.additional_informations).toEqual({ duration: 2.5 });
    expect(answer.rateLimit?.remaining).toBe(42);
  });
});

describe("download", () => {
  it("posts format, width and height (0 for vectors) and returns the signed URL", async () => {
    const { client, requests } = setup(
      ok({
        download: { download_url: "https://files.test/a.svg?sig=1", expires_at: "2026-01-01T00:00:00Z" },
      }),
      ok({ download: { download_url: "https://files.test/a.png" } }),
    );
    const vector = await client.download("u1", { format: "svg" });
    expect(requests[0]!.method).toBe("POST");
    expect(new URL(requests[0]!.url).pathname).toBe("/base/v3/items/u1/api-download");
    expect(requests[0]!.headers.get("content-type")).toBe("application/json");
    expect(await requests[0]!.json()).toEqual({ format: "svg", width: 0, height: 0 });
    expect(vector.download).toEqual({
      download_url: "https://files.test/a.svg?sig=1",
      expires_at: "2026-01-01T00:00:00Z",
    });
    await client.download("u1", { format: "png", width: 512, height: 512 });
    expect(await requests[1]!.json()).toEqual({ format: "png", width: 512, height: 512 });
  });

  it("refuses a raster download without a size, and a format the asset type lacks", async () => {
    const { client, requests } = setup();
    await expectApiRejection(
      client.download("u1", { format: "png" }),
      400,
      "invalid_request",
      /width and height/,
    );
    await expectApiRejection(
      client.download("u1", { format: "eps" }, { asset: "icon" }),
      404,
      "format_not_available",
    );
    await expectApiRejection(client.download("", { format: "svg" }), 400, "invalid_request", /item/);
    expect(requests).toHaveLength(0);
  });
});

describe("reverse image search", () => {
  const answer = { image_hash: "h42", items: { total: 1, data: [{ name: "Dog", urls: { png: "p" } }] } };

  it("uploads a file as multipart with bracketed list filters", async () => {
    const { client, requests } = setup(ok(answer));
    const file = new File([new Uint8Array(20)], "selection.png", { type: "image/png" });
    const result = await client.reverseSearchByFile(file, {
      asset: "icon",
      formats: ["svg", "png"],
      page: 2,
    });
    const form = await requests[0]!.formData();
    expect((form.get("file") as File).size).toBe(20);
    expect(form.getAll("formats[]")).toEqual(["svg", "png"]);
    expect(form.get("asset")).toBe("icon");
    expect(form.get("page")).toBe("2");
    expect(result.image_hash).toBe("h42");
    expect(result.data[0]).toMatchObject({ uuid: "", name: "Dog" });
  });

  it("sends url and image_hash as JSON", async () => {
    const { client, requests } = setup(ok(answer), ok({ items: { total: 0, data: [] } }));
    await client.reverseSearchByUrl("https://img.test/a.png", { styles: ["flat"] });
    expect(requests[0]!.headers.get("content-type")).toBe("application/json");
    expect(await requests[0]!.json()).toEqual({ url: "https://img.test/a.png", styles: ["flat"] });
    const again = await client.reverseSearchByHash("h42", { page: 3 });
    expect(await requests[1]!.json()).toEqual({ image_hash: "h42", page: 3 });
    expect(again.image_hash).toBe("h42");
  });

  it("refuses refused filters, oversize files and a missing source before sending", async () => {
    const { client, requests } = setup();
    const filters = { sort: "latest" } as never;
    await expectApiRejection(client.reverseSearchByHash("h", filters), 400, "invalid_request", /sort/);
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: "image/png" });
    await expectApiRejection(client.reverseSearchByFile(big), 413, "invalid_request", /10 MB/);
    await expectApiRejection(client.reverseSearchByHash(""), 400, "invalid_request", /image_hash/);
    expect(requests).toHaveLength(0);
  });
});

describe("credits", () => {
  it("returns the credits resource with the billing period", async () => {
    const credits = {
      allowance: 100,
      used: 5,
      remaining: 95,
      period_start: "2026-11-03",
      period_end: "2026-12-02",
    };
    const { client, requests } = setup(ok({ credits }));
    const answer = await client.credits();
    expect(new URL(requests[0]!.url).pathname).toBe("/base/v3/credits");
    expect(answer.credits).toEqual(credits);
    expect(answer.rateLimit?.limit).toBe(100);
  });
});
