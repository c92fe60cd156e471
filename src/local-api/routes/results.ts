// GET /files/results/{id}.{ext}: the output of a finished render or AI task, behind a signed,
// expiring link (403 invalid_signature when altered, 410 link_expired when old).

import { Hono } from "hono";
import { ApiError } from "../../api/contract/errors";
import type { LocalApiDeps, LocalApiEnv } from "../http/context";

/** What the result links touch: the signer that checks them and the stored results. */
export type ResultRouteDeps = Pick<LocalApiDeps, "signer" | "results">;

export function resultRoutes(deps: ResultRouteDeps): Hono<LocalApiEnv> {
  const app = new Hono<LocalApiEnv>();
  app.get("/files/results/:name", async (c) => {
    deps.signer.verify(c.req.path, new URL(c.req.url).searchParams);
    const found = await deps.results.read(c.req.param("name"));
    if (!found) throw new ApiError(404, "not_found", "No such result.");
    return new Response(new Uint8Array(found.bytes), {
      headers: {
        "content-type": found.contentType,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  });
  return app;
}
