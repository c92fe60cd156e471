import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stableUuid } from "../../src/local-api/catalog/uuid";
import { ACME, account, json, type RunningLocalApi, startLocalApi } from "./support";

let local: RunningLocalApi | undefined;
afterEach(async () => {
  await local?.close();
  local = undefined;
});

const ITEM = stableUuid("tabler", "heart", "outline");
const rateHeaders = (response: Response) =>
  ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"].map((name) =>
    response.headers.get(name),
  );

describe("authentication", () => {
  it("accepts Client-ID alone on search and items, with the unverified limit", async () => {
    local = await startLocalApi({ accounts: { clients: [account()] } });
    for (const path of ["/v3/search?query=heart", `/v3/items/${ITEM}`]) {
      const response = await local.get(path, { "Client-ID": "acme" });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-ratelimit-limit")).toBe("60");
    }
    const verified = await local.get("/v3/search", ACME);
    expect(verified.headers.get("x-ratelimit-limit")).toBe("600");
  });

  it.each([
    ["no headers", {}],
    ["an unknown client", { "Client-ID": "nobody" }],
    ["a wrong secret", { "Client-ID": "acme", "Client-Secret": "wrong" }],
    ["a secret alone", { "Client-Secret": "acme-secret" }],
  ])("answers 401 invalid_credentials without rate-limit headers for %s", async (_label, headers) => {
    local = await startLocalApi({ accounts: { clients: [account()] } });
    for (const path of ["/v3/search", `/v3/items/${ITEM}`, "/v3/credits"]) {
      const response = await local.get(path, headers);
      expect(response.status).toBe(401);
      expect((await json(response)).data.reason).toBe("invalid_credentials");
      expect(rateHeaders(response)).toEqual([null, null, null]);
    }
  });

  it("needs both headers for credits and downloads", async () => {
    local = await startLocalApi({ accounts: { clients: [account()] } });
    expect((await local.get("/v3/credits", { "Client-ID": "acme" })).status).toBe(401);
    const download = await local.post(
      `/v3/items/${ITEM}/api-download`,
      { format: "svg" },
      { "Client-ID": "acme" },
    );
    expect(download.status).toBe(401);
    expect((await local.get("/v3/credits", ACME)).status).toBe(200);
  });

  it("uses the built-in demo account when none is configured", async () => {
    local = await startLocalApi();
    const response = await local.get("/v3/credits", {
      "Client-ID": "local-demo",
      "Client-Secret": "local-demo-secret",
    });
    expect(response.status).toBe(200);
  });
});

describe("rate limits", () => {
  it("admits 60 unverified reads a minute per client id and address, then 429 with Retry-After", async () => {
    local = await startLocalApi({ accounts: { clients: [account()] }, trustForwardedFor: true });
    const from = (address: string) => ({ "Client-ID": "acme", "X-Forwarded-For": address });
    for (let i = 0; i < 60; i++) {
      const response = await local.get(`/v3/items/${ITEM}`, from("10.0.0.1"));
      expect(response.status).toBe(200);
      expect(response.headers.get("x-ratelimit-remaining")).toBe(String(59 - i));
    }
    const refused = await local.get("/v3/search", from("10.0.0.1"));
    expect(refused.status).toBe(429);
    expect((await json(refused)).data.reason).toBe("rate_limit_exceeded");
    // The clock stands at hh:mm:30, so the window resets in 30 seconds.
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(rateHeaders(refused)).toEqual(["60", "0", "30"]);
    // Another address, or the verified client, has its own count.
    expect((await local.get("/v3/search", from("10.0.0.2"))).status).toBe(200);
    expect((await local.get("/v3/search", ACME)).status).toBe(200);
    local.clock.advance(30_000);
    expect((await local.get("/v3/search", from("10.0.0.1"))).status).toBe(200);
  });

  it("ignores X-Forwarded-For unless told to trust it, counting by the socket's address", async () => {
    local = await startLocalApi({ accounts: { clients: [account()] } });
    for (let i = 0; i < 60; i++) {
      expect(
        (await local.get("/v3/search", { "Client-ID": "acme", "X-Forwarded-For": `10.0.0.${i}` })).status,
      ).toBe(200);
    }
    const refused = await local.get("/v3/search", { "Client-ID": "acme", "X-Forwarded-For": "10.9.9.9" });
    expect(refused.status).toBe(429);
  });

  it("counts reads and writes apart, per client, and puts the headers on errors too", async () => {
    local = await startLocalApi({
      accounts: {
        clients: [
          account({ rate_limits: { reads_per_minute: 3, writes_per_minute: 2 } }),
          account({ client_id: "other", client_secret: "other-secret" }),
        ],
      },
    });
    const notFound = await local.get("/v3/items/nothing", ACME);
    expect(notFound.status).toBe(404);
    expect(rateHeaders(notFound)).toEqual(["3", "2", "30"]);
    const badSearch = await local.get("/v3/search?per_page=0", ACME);
    expect([badSearch.status, badSearch.headers.get("x-ratelimit-remaining")]).toEqual([400, "1"]);
    expect((await local.get("/v3/credits", ACME)).status).toBe(200);
    const fourth = await local.get("/v3/search", ACME);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("retry-after")).toBe("30");
    // Writes are counted apart from reads.
    const write = () => local!.post(`/v3/items/${ITEM}/api-download`, { format: "svg" }, ACME);
    const first = await write();
    expect([
      first.status,
      first.headers.get("x-ratelimit-limit"),
      first.headers.get("x-ratelimit-remaining"),
    ]).toEqual([200, "2", "1"]);
    expect((await write()).status).toBe(200);
    expect((await write()).status).toBe(429);
    // Another client is not affected.
    expect(
      (await local.get("/v3/search", { "Client-ID": "other", "Client-Secret": "other-secret" })).status,
    ).toBe(200);
    local.clock.advance(60_000);
    expect((await local.get("/v3/search", ACME)).status).toBe(200);
  });

  it("keeps the windows across a restart on the same state folder", async () => {
    const accounts = { clients: [account({ rate_limits: { reads_per_minute: 2, writes_per_minute: 2 } })] };
    const stateDir = mkdtempSync(join(tmpdir(), "local-api-restart-"));
    const first = await startLocalApi({ accounts, stateDir });
    await first.get("/v3/search", ACME);
    await first.get("/v3/search", ACME);
    await first.close();
    local = await startLocalApi({ accounts, stateDir });
    expect((await local.get("/v3/search", ACME)).status).toBe(429);
    await local.close();
    local = undefined;
    rmSync(stateDir, { recursive: true, force: true });
  });
});
