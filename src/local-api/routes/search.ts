// GET /v3/search: Client-ID alone suffices; parameters are parsed and checked by src/api.

import { Hono } from "hono";
import { parseSearchQuery } from "../../api/contract/search-query";
import { assetSummary } from "../http/asset-json";
import { authenticate, type GuardDeps, rateLimit } from "../http/auth";
import type { LocalApiDeps, LocalApiEnv } from "../http/context";
import { baseUrlOf } from "../http/errors";

/** What GET /v3/search touches: the guard, the search index, and the base of the links it answers. */
export type SearchRouteDeps = GuardDeps & Pick<LocalApiDeps, "search" | "publicBaseUrl">;

export function searchRoutes(deps: SearchRouteDeps): Hono<LocalApiEnv> {
  const app = new Hono<LocalApiEnv>();
  app.get("/v3/search", authenticate(deps, "optional"), rateLimit(deps), (c) => {
    const query = new URL(c.req.url).searchParams;
    // The spec: icon_grid applies to asset=icon and is "ignored otherwise" (src/api refuses it, to
    // catch a client filter that would do nothing; the service itself ignores it).
    const asset = query.get("asset");
    if (asset !== null && asset !== "icon") query.delete("icon_grid");
    const params = parseSearchQuery(query);
    const page = deps.search.search(params);
    const base = baseUrlOf(c, deps.publicBaseUrl);
    return c.json({
      response: { items: { total: page.total, data: page.items.map((item) => assetSummary(item, base)) } },
    });
  });
  return app;
}
