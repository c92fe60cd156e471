// GET /v3/credits: the period's allowance, usage and bounds (shape in the README).

import { Hono } from "hono";
import { authenticate, type GuardDeps, rateLimit } from "../http/auth";
import type { LocalApiDeps, LocalApiEnv } from "../http/context";

/** What GET /v3/credits touches: the guard and the ledger's view of the caller's period. */
export type CreditRouteDeps = GuardDeps & Pick<LocalApiDeps, "ledger">;

export function creditRoutes(deps: CreditRouteDeps): Hono<LocalApiEnv> {
  const app = new Hono<LocalApiEnv>();
  app.get("/v3/credits", authenticate(deps, "required"), rateLimit(deps), (c) =>
    c.json({ response: { credits: deps.ledger.view(c.get("account").client_id) } }),
  );
  return app;
}
