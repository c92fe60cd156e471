// No input, however malformed, may produce a 5xx or anything but the v3 envelope.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stableUuid } from "../../src/local-api/catalog/uuid";
import { account, json, type RunningLocalApi, startLocalApi } from "./support";

let local: RunningLocalApi;
const HEADERS = { "Client-ID": "acme", "Client-Secret": "acme-secret" };
const ITEM = stableUuid("tabler", "heart", "outline");

beforeAll(async () => {
  local = await startLocalApi({
    accounts: {
      clients: [account({ rate_limits: { reads_per_minute: 100_000, writes_per_minute: 100_000 } })],
    },
  });
});
afterAll(() => local.close());

async function expectEnvelopeOr2xx(response: Response): Promise<void> {
  expect(response.status).toBeLessThan(500);
  if (response.status >= 400) {
    const body = await json(response);
    expect(typeof body.data.reason).toBe("string");
    expect(typeof body.data.message).toBe("string");
    expect(JSON.stringify(body)).not.toMatch(/\bat .*\.ts:\d+/);
  } else {
    await response.arrayBuffer();
  }
}

const token = fc.oneof(
  fc.constantFrom(
    "query",
    "asset",
    "per_page",
    "page",
    "styles[]",
    "formats[]",
    "icon_grid",
    "start_date",
    "sort",
  ),
  fc.string({ maxLength: 12 }),
);
const value = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "%",
    "%E0%A4%A",
    "-1",
    "1e309",
    "99999999999999999999",
    "[]",
    "{}",
    "..%2F",
    "\u0000",
    "icon",
  ),
  fc.integer().map(String),
);

describe("malformed input", () => {
  it("never answers a 5xx to random search queries", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(token, value), { maxLength: 6 }), async (pairs) => {
        const raw = pairs.map(([k, v]) => `${k}=${v}`).join("&");
        await expectEnvelopeOr2xx(await fetch(`${local.url}/v3/search?${raw}`, { headers: HEADERS }));
      }),
      { numRuns: 150 },
    );
  });

  it("never answers a 5xx to random paths", async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 15 }),
      fc.constantFrom("..", "%2e%2e", "%", "v3", "items", "files"),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), async (segments) => {
        const path = segments.map((s) => encodeURI(s).replace(/[?#]/g, "")).join("/");
        await expectEnvelopeOr2xx(await fetch(`${local.url}/${path}`, { headers: HEADERS }));
        await expectEnvelopeOr2xx(await fetch(`${local.url}/v3/items/${path}`, { headers: HEADERS }));
      }),
      { numRuns: 100 },
    );
  });

  it("never answers a 5xx to random download bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json(),
          fc.string({ maxLength: 50 }),
          fc.object().map((o) => JSON.stringify(o)),
        ),
        async (body) => {
          await expectEnvelopeOr2xx(await local.post(`/v3/items/${ITEM}/api-download`, body, HEADERS));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("refuses oversized bodies, a wrong content type and odd methods in the envelope", async () => {
    const big = await local.post(
      `/v3/items/${ITEM}/api-download`,
      `{"format":"${"x".repeat(100_000)}"}`,
      HEADERS,
    );
    expect([big.status, (await json(big)).data.reason]).toEqual([413, "invalid_request"]);
    const form = await fetch(`${local.url}/v3/items/${ITEM}/api-download`, {
      method: "POST",
      headers: { ...HEADERS, "content-type": "text/plain" },
      body: '{"format":"svg"}',
    });
    expect([form.status, (await json(form)).data.reason]).toEqual([400, "invalid_request"]);
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await fetch(`${local.url}/v3/search`, { method, headers: HEADERS });
      expect(response.status).toBe(404);
      expect((await json(response)).data.reason).toBe("not_found");
    }
    const longQuery = await fetch(`${local.url}/v3/search?query=${"a ".repeat(2000)}`, { headers: HEADERS });
    expect(longQuery.status).toBeLessThan(500);
  });
});
