// AI work after its 202 (or an adopted 409): every task followed, not only the one Location names;
// each finished result fetched and placed once; FAILED tasks say why and are not charged.

import { isTaskFailed, isTaskFinished, isTaskQueued, resultUrlOf } from "../../api/client/api-client";
import type { AiTask } from "../../api/contract/spec-objects";
import type { PendingWork } from "../../messages/types";
import type { UiError } from "../errors/ui-error";
import { resultFileName } from "./file-names";
import { WAITING_WORDS, WORKING_WORDS } from "./status-words";
import { fetchResult, finishRun, placeOnce, placesResults, type WorkContext } from "./work-context";
import type { WorkResult, WorkRun } from "./work-types";

function taskError(task: AiTask): UiError {
  const error = (task.error ?? {}) as { reason?: unknown; message?: unknown };
  const reason = typeof error.reason === "string" ? error.reason : "provider_failed";
  const message = typeof error.message === "string" ? error.message : "The task failed.";
  return { reason, message };
}

/** A lone task's stage as the run list says it. */
export const taskProgress = (task: AiTask | undefined) =>
  task && isTaskQueued(task) ? WAITING_WORDS : WORKING_WORDS;

function contentTypeOf(task: AiTask): string {
  const result = task.result as { content_type?: unknown } | undefined;
  return typeof result?.content_type === "string" ? result.content_type : "";
}

export async function followTasks(
  ctx: WorkContext,
  record: PendingWork,
  sourceName: string,
  charged?: number,
  retryAfterSeconds?: number,
): Promise<WorkRun> {
  const key = record.idempotencyKey;
  const ids = record.taskIds ?? [];
  // One task says its stage (waiting, working); several say how many are done.
  const progress = (tasks: AiTask[]) =>
    tasks.length > 1
      ? `${tasks.filter(isTaskFinished).length} of ${tasks.length} tasks finished`
      : taskProgress(tasks[0]);
  ctx.runs.patch(key, {
    status: "running",
    progress: ids.length > 1 ? `0 of ${ids.length} tasks finished` : WAITING_WORDS,
  });
  const tasks = await ctx.api().pollAiTasks(ids, {
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    onUpdate: (latest) => ctx.runs.patch(key, { progress: progress(latest) }),
  });
  let current = record;
  const failures: UiError[] = [];
  for (const [index, task] of tasks.entries()) {
    const id = task.task_id;
    const fileIndex = tasks.length > 1 ? index : undefined;
    if (isTaskFailed(task)) {
      const error = taskError(task);
      failures.push(error);
      ctx.runs.putResult(key, {
        id,
        fileName: fileIndex === undefined ? sourceName : `${sourceName} ${fileIndex + 1}`,
        contentType: "",
        error,
      });
      continue;
    }
    const url = resultUrlOf(task);
    if (!url) continue;
    const file = await fetchResult(ctx, url, contentTypeOf(task));
    const result: WorkResult = {
      id,
      fileName: resultFileName(sourceName, file.contentType, undefined, fileIndex),
      ...file,
    };
    ctx.runs.putResult(key, result);
    if (placesResults(current)) current = await placeOnce(ctx, current, result, sourceName);
  }
  const allFailed = failures.length === tasks.length && tasks.length > 0;
  // A FAILED task gives its share back (spec: refused and failed work is not charged).
  const share = charged !== undefined && tasks.length > 0 ? charged / tasks.length : undefined;
  return finishRun(ctx, key, {
    status: allFailed ? "failed" : "done",
    ...(allFailed ? { error: failures[0], notCharged: true, creditsCharged: 0 } : {}),
    ...(!allFailed && share !== undefined
      ? { creditsCharged: share * (tasks.length - failures.length) }
      : {}),
  });
}
