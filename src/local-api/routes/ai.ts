// POST /v3/ai/{operation}: validation (404, 413, 422) before the plan checks (422 subscription, 403
// client_without_owner, 403 entitlement_required), then the Idempotency-Key claim and one credit
// reservation per task in one synchronous step, dispatch (here or to the AiProvider), and 202 with
// every task. A provider refusal releases every reservation (422, nothing charged); each task
// charges its share when it completes and gives it back when it fails.

import type { Context } from "hono";
import { Hono } from "hono";
import { ApiError } from "../../api/contract/errors";
import type { AiOperation } from "../../api/contract/tables";
import { validateIdempotencyKey, validateProjectReference } from "../../api/contract/validate/headers";
import {
  aiCreditCost,
  aiUnavailableReason,
  isAiOperation,
  LOCAL_AI_OPERATIONS,
  modelsFor,
} from "../ai/catalogue";
import { localRun } from "../ai/local-runs";
import { createOwnImageReader, isOwnPreview, type OwnImage, type OwnImageDeps } from "../ai/own-image";
import type { AiTaskRun, AiWork } from "../ai/provider";
import { invalidAi, readAiWork } from "../ai/read-request";
import type { AiTaskRecord } from "../ai/tasks";
import { authenticate, type GuardDeps, rateLimit } from "../http/auth";
import type { LocalApiDeps, LocalApiEnv } from "../http/context";
import { entitlementRequired, requireSubscription } from "../http/entitlement";
import { baseUrlOf } from "../http/errors";
import { uploadLimit } from "../http/uploads";
import { checkOutboundUrl } from "../net/outbound";
import type { Reservation } from "../state/ledger";
import { answerRepeat } from "../work/repeat-answers";

/**
 * What POST /v3/ai/{operation} touches: the guard, the provider, the outbound policy (an image_url),
 * this server's own previews (read in-process), the ledger it reserves credits in, the
 * Idempotency-Key store and what it asks of earlier work, the tasks, the local runs' time limit, and
 * the base its links use.
 */
export type AiRouteDeps = GuardDeps &
  OwnImageDeps &
  Pick<
    LocalApiDeps,
    | "aiProvider"
    | "outbound"
    | "ledger"
    | "idempotency"
    | "repeatLookups"
    | "aiTasks"
    | "limits"
    | "publicBaseUrl"
  >;

/** Seconds a client should wait between polls of a task: local runs take about a second or less. */
export const TASK_RETRY_AFTER_SECONDS = 1;

/** The provider's runs, or the refusal to answer (422, nothing charged). */
async function dispatch(
  deps: Pick<LocalApiDeps, "limits" | "aiProvider">,
  work: AiWork,
): Promise<AiTaskRun[] | ApiError> {
  if (LOCAL_AI_OPERATIONS.includes(work.operation) && work.file) {
    return [localRun(work.operation, work.file, deps.limits.renderTimeoutMs)];
  }
  const provider = deps.aiProvider;
  if (!provider) return entitlementRequired(`${work.operation} needs an AI provider.`);
  try {
    const answer = await provider.dispatch(work);
    if (!answer.accepted) return invalidAi(`The request was refused: ${answer.message}`);
    if (answer.tasks.length === 0) return invalidAi("The provider produced no work for this request.");
    return answer.tasks.slice(0, work.count);
  } catch (error) {
    return new ApiError(
      502,
      "provider_failed",
      `The AI provider failed: ${(error as Error)?.message ?? error}`,
    );
  }
}

/** Everything checkPlan needs beyond the deps: this server's own origin and how to read its previews. */
interface OwnImages {
  base: string;
  read: (url: URL) => Promise<OwnImage>;
}

async function checkPlan(
  c: Context<LocalApiEnv>,
  deps: Pick<LocalApiDeps, "aiProvider" | "outbound">,
  work: AiWork,
  own: OwnImages,
): Promise<AiWork> {
  const account = c.get("account");
  requireSubscription(account);
  if (!account.has_owner) {
    throw new ApiError(403, "client_without_owner", "This client has no owning account; AI work needs one.");
  }
  const unavailable = aiUnavailableReason(account, deps.aiProvider, work.operation);
  if (unavailable) throw entitlementRequired(unavailable);
  if (
    work.model !== undefined &&
    !modelsFor(deps.aiProvider, work.operation).some((m) => m.model === work.model)
  ) {
    throw invalidAi(`Model ${JSON.stringify(work.model.slice(0, 80))} is not offered for ${work.operation}.`);
  }
  // The lookup (or the read of an own preview) waits until the request is otherwise acceptable: a
  // refused plan costs no DNS and no rendering.
  if (!work.image_url) return work;
  const url = new URL(work.image_url);
  if (isOwnPreview(url, own.base)) return { ...work, image: await own.read(url) };
  await checkOutboundUrl(422, "image_url", work.image_url, deps.outbound);
  return work;
}

function reserveAll(
  deps: Pick<LocalApiDeps, "ledger">,
  client: string,
  count: number,
  credits: number,
  meta: Parameters<LocalApiDeps["ledger"]["reserve"]>[2],
) {
  const held: Reservation[] = [];
  try {
    for (let i = 0; i < count; i++) held.push(deps.ledger.reserve(client, credits, meta));
  } catch (error) {
    for (const reservation of held) deps.ledger.release(reservation.id);
    throw error;
  }
  return held;
}

export function aiRoutes(deps: AiRouteDeps): Hono<LocalApiEnv> {
  const app = new Hono<LocalApiEnv>();
  const readOwnImage = createOwnImageReader(deps);
  app.post(
    "/v3/ai/:operation",
    authenticate(deps, "required"),
    rateLimit(deps),
    async (c, next) => {
      const operation = c.req.param("operation");
      if (!isAiOperation(operation)) {
        throw new ApiError(
          404,
          "unknown_operation",
          `No AI operation is called ${JSON.stringify(operation.slice(0, 60))}.`,
        );
      }
      await next();
    },
    uploadLimit((c) => c.get("account").max_upload_kb * 1024),
    async (c) => {
      const account = c.get("account");
      const client = account.client_id;
      const operation = c.req.param("operation") as AiOperation;
      const keyHeader = c.req.header("idempotency-key");
      const key = keyHeader === undefined ? undefined : validateIdempotencyKey(keyHeader);
      const referenceHeader = c.req.header("x-project-reference");
      const reference = referenceHeader === undefined ? undefined : validateProjectReference(referenceHeader);
      const base = baseUrlOf(c, deps.publicBaseUrl);
      const work = await checkPlan(c, deps, await readAiWork(c, operation, deps.outbound, base), {
        base,
        read: readOwnImage,
      });
      const cost = aiCreditCost(deps.aiProvider, operation, work.model);

      // Claim and reserve in one synchronous step: a concurrent duplicate finds the claim.
      if (key) {
        const prior = deps.idempotency.claim(client, key, { family: "ai", state: "in_flight" });
        if (prior) {
          const answer = answerRepeat(prior, deps.repeatLookups);
          throw answer instanceof ApiError
            ? answer
            : new ApiError(
                409,
                "idempotency_in_progress",
                "This Idempotency-Key belongs to a conversion job.",
              );
        }
      }
      let held: Reservation[];
      try {
        held = reserveAll(deps, client, work.count, cost, {
          kind: "ai",
          operation,
          ...(reference ? { project_reference: reference } : {}),
        });
      } catch (error) {
        if (key) deps.idempotency.forget(client, key);
        throw error;
      }

      const runs = await dispatch(deps, work);
      if (runs instanceof ApiError) {
        for (const reservation of held) deps.ledger.release(reservation.id);
        if (key) deps.idempotency.settle(client, key, { family: "ai", state: "failed" });
        throw runs;
      }
      for (const unused of held.slice(runs.length)) deps.ledger.release(unused.id);
      const where = LOCAL_AI_OPERATIONS.includes(operation) ? "queue" : "provider";
      const tasks: AiTaskRecord[] = runs.map((run, i) =>
        deps.aiTasks.start(client, operation, run, held[i]!.id, where),
      );
      const taskIds = tasks.map((task) => task.task_id);
      if (key) deps.idempotency.settle(client, key, { family: "ai", state: "in_flight", taskIds });
      return c.json(
        {
          response: {
            tasks: tasks.map((task) => ({ task_id: task.task_id, status: task.status })),
            credits_charged: cost * tasks.length,
            remaining_credits: deps.ledger.view(client).remaining,
          },
        },
        202,
        { Location: `/v3/ai/tasks/${taskIds[0]}`, "Retry-After": String(TASK_RETRY_AFTER_SECONDS) },
      );
    },
  );
  return app;
}
