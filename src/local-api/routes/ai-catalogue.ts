// GET /v3/ai/tasks/{task} (the owning client only), GET /v3/ai/operations, GET /v3/ai/models.

import { Hono } from "hono";
import { ApiError } from "../../api/contract/errors";
import { aiCatalogue, aiModels } from "../ai/catalogue";
import type { AiTaskRecord } from "../ai/tasks";
import { authenticate, type GuardDeps, rateLimit } from "../http/auth";
import type { LocalApiDeps, LocalApiEnv } from "../http/context";
import { baseUrlOf } from "../http/errors";
import { TASK_RETRY_AFTER_SECONDS } from "./ai";

/** What the AI operations, models and a task's status touch: the guard, the provider (what it offers),
 * the tasks, and their results' links. */
export type AiCatalogueRouteDeps = GuardDeps &
  Pick<LocalApiDeps, "aiProvider" | "aiTasks" | "results" | "publicBaseUrl">;

function taskJson(task: AiTaskRecord, deps: Pick<LocalApiDeps, "results">, base: string) {
  return {
    task_id: task.task_id,
    status: task.status,
    operation: task.operation,
    ...(task.result
      ? { result: { url: `${base}${deps.results.link(task.result)}`, content_type: task.result.contentType } }
      : {}),
    ...(task.error ? { error: task.error } : {}),
  };
}

export function aiCatalogueRoutes(deps: AiCatalogueRouteDeps): Hono<LocalApiEnv> {
  const app = new Hono<LocalApiEnv>();
  const guard = [authenticate(deps, "required"), rateLimit(deps)] as const;
  app.get("/v3/ai/operations", ...guard, (c) =>
    c.json({ response: aiCatalogue(c.get("account"), deps.aiProvider) }),
  );
  app.get("/v3/ai/models", ...guard, (c) => c.json({ response: aiModels(deps.aiProvider) }));
  app.get("/v3/ai/tasks/:task", ...guard, (c) => {
    const task = deps.aiTasks.get(c.req.param("task"), c.get("account").client_id);
    if (!task) throw new ApiError(404, "not_found", "No AI task with that id for this client.");
    const headers: Record<string, string> = task.finished
      ? {}
      : { "Retry-After": String(TASK_RETRY_AFTER_SECONDS) };
    return c.json(
      { response: { task: taskJson(task, deps, baseUrlOf(c, deps.publicBaseUrl)) } },
      200,
      headers,
    );
  });
  return app;
}
