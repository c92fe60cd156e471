// GET /v3/convert/jobs/{job} (the owning client only; anyone else gets the 404 an unknown id gets)
// and GET /v3/convert/operations (every operation whatever the plan).

import { Hono } from "hono";
import { ApiError } from "../../api/contract/errors";
import { conversionCatalogue } from "../convert/catalogue";
import { authenticate, type GuardDeps, rateLimit } from "../http/auth";
import type { LocalApiDeps, LocalApiEnv } from "../http/context";
import { baseUrlOf } from "../http/errors";
import { JOB_RETRY_AFTER_SECONDS, jobJson } from "./convert";

/** What the operations list and a job's status touch: the guard, the jobs, and their results' links. */
export type ConvertCatalogueRouteDeps = GuardDeps & Pick<LocalApiDeps, "jobs" | "results" | "publicBaseUrl">;

export function convertCatalogueRoutes(deps: ConvertCatalogueRouteDeps): Hono<LocalApiEnv> {
  const app = new Hono<LocalApiEnv>();
  app.get("/v3/convert/operations", authenticate(deps, "required"), rateLimit(deps), (c) =>
    c.json({ response: conversionCatalogue(c.get("account")) }),
  );
  app.get("/v3/convert/jobs/:job", authenticate(deps, "required"), rateLimit(deps), (c) => {
    const job = deps.jobs.get(c.req.param("job"), c.get("account").client_id);
    if (!job) throw new ApiError(404, "not_found", "No conversion job with that id for this client.");
    const headers: Record<string, string> = job.finished
      ? {}
      : { "Retry-After": String(JOB_RETRY_AFTER_SECONDS) };
    return c.json({ response: { job: jobJson(job, deps, baseUrlOf(c, deps.publicBaseUrl)) } }, 200, headers);
  });
  return app;
}
