// An asynchronous conversion after its 202: the job followed at the pace Retry-After asks for, its
// file fetched when it completes and placed when the record says so; a failed job is not charged.

import { isJobFailed, isJobQueued, jobCreditsCharged, resultUrlOf } from "../../api/client/api-client";
import type { ConversionJob } from "../../api/contract/spec-objects";
import { CONVERSIONS, type ConversionOperation } from "../../api/contract/tables";
import type { PendingWork } from "../../messages/types";
import { resultFileName } from "./file-names";
import { WAITING_WORDS } from "./status-words";
import { fetchResult, finishRun, placeOnce, placesResults, type WorkContext } from "./work-context";
import type { WorkRun } from "./work-types";

/**
 * A job's stage in the run list: waiting, else rendering, finished ones too (their file is still being
 * fetched). Never the service's raw status, which a designer would read as a slug ("completed").
 */
export function jobProgress(job: ConversionJob): string {
  return isJobQueued(job) ? WAITING_WORDS : "Rendering";
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

export async function followJob(
  ctx: WorkContext,
  record: PendingWork,
  job: string | ConversionJob,
  sourceName: string,
  retryAfterSeconds?: number,
): Promise<WorkRun> {
  const key = record.idempotencyKey;
  ctx.runs.patch(key, {
    status: "running",
    progress: typeof job === "string" ? "Waiting" : jobProgress(job),
  });
  const done = await ctx.api().pollConversionJob(job, {
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    onUpdate: (latest) => ctx.runs.patch(key, { progress: jobProgress(latest) }),
  });
  if (isJobFailed(done)) {
    // The failure is the job's own answer: the work is over, and failed conversions are not charged.
    return finishRun(ctx, key, {
      status: "failed",
      notCharged: true,
      creditsCharged: 0,
      error: {
        reason: text(done.reason) ?? "conversion_failed",
        message: text(done.message) ?? "The conversion job failed.",
      },
    });
  }
  const spec = CONVERSIONS[record.operation as ConversionOperation];
  const url = resultUrlOf(done);
  if (!url) throw new Error("The finished job names no result file.");
  const file = await fetchResult(ctx, url, text(done.content_type) ?? spec?.contentType ?? "");
  const result = {
    id: done.uuid,
    fileName: resultFileName(sourceName, file.contentType, spec?.output),
    ...file,
  };
  ctx.runs.putResult(key, result);
  if (placesResults(record)) await placeOnce(ctx, record, result, result.fileName);
  const charged = jobCreditsCharged(done);
  return finishRun(ctx, key, {
    status: "done",
    ...(charged === undefined ? {} : { creditsCharged: charged }),
  });
}
