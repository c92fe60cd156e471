// The operator's own budgets, on top of the service's limits: token buckets that refill
// continuously. One per token over everything it asks (tokenRateLimit), and one per team for each
// of the service's own limits (teamBudget, spent by the calls that reach the service): the service
// counts per client, per product family and per method class, and every team shares the one client,
// so each team gets a share of each.
// The buckets live in a BudgetStore: this process's memory on Node, a Durable Object per token on
// Workers, so a budget holds across isolates there too. A ceiling against runaway callers, not billing.

import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../../api/contract/errors";
import { productFamilyOf } from "../../api/contract/tables";
import type { BudgetStore } from "../budgets/budget-store";
import type { ProxyEnv } from "../context";

function tooMany(message: string, retryAfterSeconds: number): ApiError {
  return new ApiError(429, "rate_limit_exceeded", `${message}; retry in ${retryAfterSeconds} s.`, {
    retryAfterSeconds,
  });
}

export function tokenRateLimit(
  perMinute: number,
  what: string,
  budgets: BudgetStore,
): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    if (perMinute <= 0) return next();
    const wait = await budgets.take({ owner: c.get("tokenLabel") ?? "unknown", bucket: what }, perMinute);
    if (wait !== undefined)
      throw tooMany(`This token has used its ${perMinute} ${what} a minute on this proxy`, wait);
    await next();
  };
}

/** The service's method classes: reads and writes are counted apart (spec "Limits" 1). */
function methodClass(c: Context<ProxyEnv>): "reads" | "writes" {
  return c.req.method === "GET" || c.req.method === "HEAD" ? "reads" : "writes";
}

/**
 * Each team's share of the service's per-minute limit, per product family and method class, so no
 * team can spend what the others need. `budgetOf` gives a label's requests a minute (0: no limit).
 * Called just before the service is (forward.ts): a read the proxy answers from its cache costs the
 * service nothing and the team nothing.
 */
export function teamBudget(budgetOf: (label: string) => number, budgets: BudgetStore) {
  return async (c: Context<ProxyEnv>): Promise<void> => {
    const label = c.get("tokenLabel") ?? "unknown";
    const perMinute = budgetOf(label);
    if (perMinute <= 0) return;
    const family = productFamilyOf(c.req.path);
    const kind = methodClass(c);
    const wait = await budgets.take({ owner: label, bucket: `service ${family} ${kind}` }, perMinute);
    if (wait !== undefined)
      throw tooMany(
        `Team ${label} has used its share of the service's ${family} ${kind}: ${perMinute} a minute`,
        wait,
      );
  };
}
