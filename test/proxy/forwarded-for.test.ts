// Wrong tokens are throttled per caller address. The address is the socket's unless the operator says
// a load balancer writes X-Forwarded-For (PROXY_TRUST_FORWARDED_FOR=1), as the local API does with its
// own setting: untrusted, a scanner rotating the header stays in one bucket; trusted, two callers
// behind one balancer each get their own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/proxy/config";
import { startServedProxy } from "../../src/server/serve-proxy";
import { CLIENT_ID, CLIENT_SECRET, type LocalApiServer, startLocalApi, TEAM_TOKEN } from "./support";

let api: LocalApiServer;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());

async function proxyWith(trust: string | undefined) {
  return startServedProxy(
    {
      PORT: "0",
      UPSTREAM_URL: api.url,
      CLIENT_ID,
      CLIENT_SECRET,
      PROXY_TOKENS: `design-team:${TEAM_TOKEN}`,
      PROXY_TOKEN_FAILURES_PER_MINUTE: "3",
      ...(trust === undefined ? {} : { PROXY_TRUST_FORWARDED_FOR: trust }),
    },
    { log: () => undefined },
  );
}

/** The statuses of four wrong tokens, each claiming another address. */
async function wrongTokensFromClaimedAddresses(url: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 4; i++) {
    const response = await fetch(`${url}/v3/credits`, {
      headers: { authorization: "Bearer wrong-token-000000000000", "x-forwarded-for": `203.0.113.${i}` },
    });
    statuses.push(response.status);
  }
  return statuses;
}

describe("the caller's address behind a load balancer", () => {
  it("ignores X-Forwarded-For unless told to: rotating it does not escape the throttle", async () => {
    const proxy = await proxyWith(undefined);
    try {
      expect(await wrongTokensFromClaimedAddresses(proxy.url)).toEqual([401, 401, 401, 429]);
    } finally {
      await proxy.close();
    }
  });

  it("with PROXY_TRUST_FORWARDED_FOR=1, throttles each forwarded caller on its own", async () => {
    const proxy = await proxyWith("1");
    try {
      expect(await wrongTokensFromClaimedAddresses(proxy.url)).toEqual([401, 401, 401, 401]);
    } finally {
      await proxy.close();
    }
  });

  it("refuses a setting that is neither on nor off", () => {
    const tokens = { PROXY_TOKENS: `design-team:${TEAM_TOKEN}` };
    expect(() => parseConfig({ ...tokens, PROXY_TRUST_FORWARDED_FOR: "yes please" })).toThrow(
      "PROXY_TRUST_FORWARDED_FOR",
    );
    expect(parseConfig({ ...tokens, PROXY_TRUST_FORWARDED_FOR: "true" }).trustForwardedFor).toBe(true);
    expect(parseConfig(tokens).trustForwardedFor).toBe(false);
  });
});
