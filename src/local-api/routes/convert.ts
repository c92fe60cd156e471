// POST /v3/convert/{operation}: validation first (unknown operation 404, upload size 413, the file
// against the operation's input 400), entitlement only once the request is valid (422, 403), then an
// Idempotency-Key claim and a credit reservation in one synchronous step. Sync conversions answer the
// raw file and commit the credits; failures (500, 504) release them. Async renders answer 202 a job.
// Sync conversions share the work queue's slots with renders; a full line answers 429.

import type { Context } from "hono";
import { Hono } from "hono";
import { ApiError, invalidRequest } from "../../api/contract/errors";
import { CONVERSIONS, type ConversionOperation } from "../../api/contract/tables";
import { validateIdempotencyKey } from "../../api/contract/validate/headers";
import { nameList } from "../../api/contract/validate/name-list";
import {
  CONVERSION_CREDIT_COSTS,
  conversionUnavailableReason,
  isConversionOperation,
} from "../convert/catalogue";
import type { ConversionJob } from "../convert/jobs";
import {
  type ConversionParams,
  isEngineError,
  parseConversionParams,
  runConversion,
  startDeadline,
  validateConversionInput,
} from "../engines";
import { authenticate, type GuardDeps, rateLimit } from "../http/auth";
import type { LocalApiDeps, LocalApiEnv } from "../http/context";
import { apiErrorOf } from "../http/engine-errors";
import { entitlementRequired, requireSubscription } from "../http/entitlement";
import { baseUrlOf } from "../http/errors";
import { checkUploadSize, isMultipart, listProblems, readUpload, uploadLimit } from "../http/uploads";
import { answerRepeat } from "../work/repeat-answers";

const CONVERSION_FIELDS = new Set(["width", "height", "preset"]);
/** Seconds a client should wait between polls of a render: most local renders end within one. */
export const JOB_RETRY_AFTER_SECONDS = 1;

/**
 * What POST /v3/convert/{operation} touches: the guard, the ledger it reserves credits in, the
 * Idempotency-Key store and what it asks of earlier work, the jobs and the work queue they share
 * with synchronous conversions, the time limits, and the stored results and base its links use.
 */
export type ConvertRouteDeps = GuardDeps &
  Pick<
    LocalApiDeps,
    "ledger" | "idempotency" | "repeatLookups" | "jobs" | "queue" | "limits" | "results" | "publicBaseUrl"
  >;

/** What a job's answer reads: its result's link, under the base the caller reached. */
type JobAnswerDeps = Pick<LocalApiDeps, "results" | "publicBaseUrl">;

export function jobJson(job: ConversionJob, deps: Pick<LocalApiDeps, "results">, base: string) {
  return {
    uuid: job.uuid,
    status: job.status,
    operation: job.operation,
    ...(job.result
      ? { result_url: `${base}${deps.results.link(job.result)}`, content_type: job.result.contentType }
      : {}),
    ...(job.error ? { reason: job.error.reason, message: job.error.message } : {}),
    // Not shown for jobs by the spec; named as an AI submission names what it took.
    ...(job.creditsCharged === undefined ? {} : { credits_charged: job.creditsCharged }),
  };
}

function jobAccepted(c: Context<LocalApiEnv>, deps: JobAnswerDeps, job: ConversionJob): Response {
  return c.json({ response: { job: jobJson(job, deps, baseUrlOf(c, deps.publicBaseUrl)) } }, 202, {
    Location: `/v3/convert/jobs/${job.uuid}`,
    "Retry-After": String(JOB_RETRY_AFTER_SECONDS),
  });
}

async function readConversion(
  c: Context<LocalApiEnv>,
  operation: ConversionOperation,
  limits: LocalApiDeps["limits"],
) {
  if (!isMultipart(c))
    throw invalidRequest("A conversion is sent as multipart/form-data with the file in file.");
  const upload = await readUpload(c, invalidRequest);
  const unknown = [...upload.fields.keys()].filter((name) => !CONVERSION_FIELDS.has(name));
  const problems: string[] = [];
  if (unknown.length > 0) {
    const verb = unknown.length === 1 ? "is not a conversion field" : "are not conversion fields";
    problems.push(`${nameList(unknown)} ${verb}`);
  }
  problems.push(...upload.problems);
  if (problems.length > 0)
    throw invalidRequest(`The conversion request is malformed: ${listProblems(problems)}.`);
  if (!upload.file) throw invalidRequest("Upload the file to convert in the file field.");
  checkUploadSize(upload.file.bytes, c.get("account").max_upload_kb);
  // The file is checked at the size it will be drawn (filters cost per output pixel), within the
  // conversion's time limit: reading a large SVG happens in a worker that the deadline terminates.
  const deadline = startDeadline(limits.conversionTimeoutMs);
  try {
    const params = parseConversionParams(operation, {
      width: upload.fields.get("width"),
      height: upload.fields.get("height"),
      preset: upload.fields.get("preset"),
    });
    await validateConversionInput(operation, upload.file.bytes, params, { signal: deadline.signal });
    return { bytes: upload.file.bytes, params };
  } catch (error) {
    throw apiErrorOf(error);
  } finally {
    deadline.dispose();
  }
}

/**
 * Runs a synchronous conversion in the work queue's slots (shared with renders), joining a short line
 * at most; the deadline answers 504 on time and stops the work itself where it runs in a worker or a
 * render process.
 */
async function convertNow(
  deps: Pick<LocalApiDeps, "queue" | "limits">,
  operation: ConversionOperation,
  bytes: Uint8Array,
  params: ConversionParams,
): Promise<Buffer> {
  const deadline = startDeadline(deps.limits.conversionTimeoutMs);
  const control = { signal: deadline.signal, timeoutMs: deps.limits.conversionTimeoutMs };
  try {
    return await deadline.race(
      deps.queue.run(() => runConversion(operation, bytes, params, control), undefined, syncLine(deps)),
    );
  } finally {
    deadline.dispose();
  }
}

/** Synchronous conversions that may wait for a slot: past this many the caller gets 429 at once. */
const syncLine = (deps: Pick<LocalApiDeps, "queue">) => 2 * deps.queue.concurrency;

export function convertRoutes(deps: ConvertRouteDeps): Hono<LocalApiEnv> {
  const app = new Hono<LocalApiEnv>();
  app.post(
    "/v3/convert/:operation",
    authenticate(deps, "required"),
    rateLimit(deps),
    async (c, next) => {
      const operation = c.req.param("operation");
      if (!isConversionOperation(operation)) {
        throw new ApiError(
          404,
          "unknown_operation",
          `No conversion is called ${JSON.stringify(operation.slice(0, 60))}.`,
        );
      }
      await next();
    },
    uploadLimit((c) => c.get("account").max_upload_kb * 1024),
    async (c) => {
      const account = c.get("account");
      const operation = c.req.param("operation") as ConversionOperation;
      const keyHeader = c.req.header("idempotency-key");
      const key = keyHeader === undefined ? undefined : validateIdempotencyKey(keyHeader);
      const { bytes, params } = await readConversion(c, operation, deps.limits);
      requireSubscription(account);
      const unavailable = conversionUnavailableReason(account, operation);
      if (unavailable) throw entitlementRequired(unavailable);

      // From here to the reservation nothing awaits: a concurrent duplicate finds the claim.
      const client = account.client_id;
      if (key) {
        const prior = deps.idempotency.claim(client, key, { family: "conversion", state: "in_flight" });
        if (prior) {
          const answer = answerRepeat(prior, deps.repeatLookups);
          if (answer instanceof ApiError) throw answer;
          const job = deps.jobs.peek(answer.jobId);
          if (job) return jobAccepted(c, deps, job);
          throw new ApiError(
            409,
            "idempotency_already_completed",
            "This Idempotency-Key's job is no longer kept.",
          );
        }
      }
      let reservation: { id: string; credits: number };
      try {
        reservation = deps.ledger.reserve(client, CONVERSION_CREDIT_COSTS[operation], {
          kind: "conversion",
          operation,
        });
      } catch (error) {
        if (key) deps.idempotency.forget(client, key);
        throw error;
      }

      const spec = CONVERSIONS[operation];
      if (spec.mode === "async") {
        const job = deps.jobs.start(client, operation, bytes, params, reservation.id);
        if (key)
          deps.idempotency.settle(client, key, { family: "conversion", state: "job", jobId: job.uuid });
        return jobAccepted(c, deps, job);
      }
      let output: Buffer;
      try {
        output = await convertNow(deps, operation, bytes, params);
      } catch (error) {
        deps.ledger.release(reservation.id);
        const refused = isEngineError(error) && error.reason === "rate_limit_exceeded";
        // A refusal for a full line did no work: the key is free for the retry Retry-After asks for.
        if (key && refused) deps.idempotency.forget(client, key);
        else if (key) deps.idempotency.settle(client, key, { family: "conversion", state: "failed" });
        throw apiErrorOf(error);
      }
      deps.ledger.commit(reservation.id);
      if (key) deps.idempotency.settle(client, key, { family: "conversion", state: "completed_sync" });
      return new Response(new Uint8Array(output), {
        headers: {
          "content-type": spec.contentType,
          "content-length": String(output.byteLength),
          "x-credits-consumed": String(reservation.credits),
          "content-disposition": `attachment; filename="converted.${spec.output}"`,
        },
      });
    },
  );
  return app;
}
