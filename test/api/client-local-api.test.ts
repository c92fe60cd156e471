// The client against the local API over real HTTP on 127.0.0.1: the shapes the local API answers with
// are the ones the client reads, rate-limit figures included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client/api-client";
import { DEMO, type RunningLocalApi, startLocalApi } from "../local-api/support";
import { expectApiRejection } from "./expect-api-error";

let local: RunningLocalApi;
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  local = await startLocalApi();
  client = createClient({ baseUrl: local.url, headers: DEMO });
});
afterAll(() => local.close());

describe("client against the local API", () => {
  it("searches, reads the item and downloads a signed SVG", async () => {
    const page = await client.search({ query: "heart", asset: "icon", formats: ["svg"], per_page: 5 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.length).toBeLessThanOrEqual(5);
    expect(page.rateLimit?.limit).toBeGreaterThan(0);
    const first = page.data[0]!;
    expect(first.uuid).not.toBe("");
    expect(first.name.toLowerCase()).toContain("heart");

    const { item } = await client.item(first.uuid);
    expect(item.uuid).toBe(first.uuid);

    const { download } = await client.download(first.uuid, { format: "svg" }, { asset: "icon" });
    const file = await fetch(download.download_url);
    expect(file.status).toBe(200);
    expect(await file.text()).toMatch(/^<svg/);
  });

  it("pages through results without repeating assets", async () => {
    const one = await client.search({ query: "arrow", per_page: 10, page: 1 });
    const two = await client.search({ query: "arrow", per_page: 10, page: 2 });
    expect(one.total).toBe(two.total);
    const ids = new Set(one.data.map((a) => a.uuid));
    expect(two.data.some((a) => ids.has(a.uuid))).toBe(false);
  });

  it("reads the credits resource with its billing period", async () => {
    const { credits, rateLimit } = await client.credits();
    expect(credits.period_start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(credits.period_end).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rateLimit).toBeDefined();
  });

  it("surfaces the local API's errors as ApiError with their reasons", async () => {
    await expectApiRejection(client.item("00000000-0000-0000-0000-000000000000"), 404, "item_not_found");
    const stranger = createClient({ baseUrl: local.url, headers: { "Client-ID": "nobody" } });
    const error = await expectApiRejection(stranger.search({ query: "cat" }), 401, "invalid_credentials");
    expect(error.rateLimit).toBeUndefined();
  });
});
