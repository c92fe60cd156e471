// PROXY_UPSTREAM_RATE_LIMIT and PROXY_TEAM_SHARES: how the service's limit is split among the teams,
// and the settings refused at start.

import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/proxy/config";
import { teamBudgets } from "../../src/proxy/team-budgets";

const TOKENS = "design:aaaaaaaaaaaaaaaa1111,marketing:bbbbbbbbbbbbbbbb2222,ops:cccccccccccccccc3333";

describe("team budgets", () => {
  it("split the service's limit equally by default, so no team can take it all", () => {
    const config = parseConfig({ PROXY_TOKENS: TOKENS });
    expect(config.upstreamRateLimitPerMinute).toBe(120);
    const budgetOf = teamBudgets(["design", "marketing", "ops"], config.upstreamRateLimitPerMinute);
    expect(["design", "marketing", "ops"].map(budgetOf)).toEqual([40, 40, 40]);
  });

  it("give named teams their share and split the rest among the others", () => {
    const config = parseConfig({
      PROXY_TOKENS: TOKENS,
      PROXY_UPSTREAM_RATE_LIMIT: "300",
      PROXY_TEAM_SHARES: "design:50, ops:10",
    });
    expect(config.teamShares).toEqual({ design: 50, ops: 10 });
    const budgetOf = teamBudgets(["design", "marketing", "ops"], 300, config.teamShares);
    expect(["design", "marketing", "ops"].map(budgetOf)).toEqual([150, 120, 30]);
  });

  it("count open-access callers as one more team", () => {
    const config = parseConfig({ PROXY_TOKENS: TOKENS, PROXY_OPEN_ACCESS: "loopback" });
    const budgetOf = teamBudgets(["design", "marketing", "ops", "open"], 120, config.teamShares);
    expect(budgetOf("open")).toBe(30);
    expect(budgetOf("design")).toBe(30);
  });

  it("are off with a limit of 0", () => {
    expect(teamBudgets(["design"], 0)("design")).toBe(0);
  });

  it("refuse shares that name no team, repeat one, or leave a team nothing", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PROXY_TEAM_SHARES: "sales:10" }, /sales/],
      [{ PROXY_TEAM_SHARES: "design:10,design:20" }, /twice/],
      [{ PROXY_TEAM_SHARES: "design:60,marketing:50" }, /110%/],
      [{ PROXY_TEAM_SHARES: "design:60,marketing:40" }, /ops/],
      [{ PROXY_TEAM_SHARES: "design:0" }, /label:percent/],
      [{ PROXY_TEAM_SHARES: "design=10" }, /label:percent/],
      [{ PROXY_UPSTREAM_RATE_LIMIT: "lots" }, /PROXY_UPSTREAM_RATE_LIMIT/],
      [{ PROXY_OPEN_ACCESS: "loopback", PROXY_TOKENS: "open:dddddddddddddddd4444" }, /"open"/],
    ];
    for (const [env, message] of cases) {
      expect(() => parseConfig({ PROXY_TOKENS: TOKENS, ...env }), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => parseConfig({ PROXY_TOKENS: TOKENS, ...env })).toThrow(message);
    }
  });
});
