// One layer of a batch, from its saved record to its placed result: the upload sent with the record's
// own key (through the batch's rate gate, and again with the same key after a lost answer), the task
// followed, the result fetched and placed beside the kept original, the record removed. A record found
// after a reopening starts where it stopped: tasks already submitted are followed, not sent again.
import { isTaskFailed, resultUrlOf } from "../../api/client/api-client";
import type { AiTask } from "../../api/contract/spec-objects";
import type { AiOperation, ConversionOperation } from "../../api/contract/tables";
import type { PendingWork } from "../../messages/types";
import type { CreditsStore } from "../credits/credits-types";
import { toUiError, type UiError } from "../errors/ui-error";
import { isNotCharged, leavesWorkOpen } from "../work/charges";
import { mediaType } from "../work/file-names";
import type { PendingRecords } from "../work/pending-records";
import { placeContent } from "../work/placeable";
import { readUpload } from "../work/upload-input";
import type { BatchDeps, LayerRun } from "./batch-types";
import type { RateGate } from "./rate-gate";

export interface LayerContext {
  api: BatchDeps["api"];
  port: BatchDeps["port"];
  credits: CreditsStore;
  records: PendingRecords;
  gate: RateGate;
}

type Update = (patch: Partial<LayerRun>) => void;

/** What the layer cost, kept on its record once known, so a reopened window can still say it. */
const chargedOf = (record: PendingWork) =>
  typeof record.params?.charged === "number" ? record.params.charged : undefined;

function taskError(task: AiTask): UiError {
  const error = (task.error ?? {}) as { reason?: unknown; message?: unknown };
  return {
    reason: typeof error.reason === "string" ? error.reason : "provider_failed",
    message: typeof error.message === "string" ? error.message : "The task failed.",
  };
}

async function fetchBytes(ctx: LayerContext, url: string, fallbackType: string) {
  const response = await ctx.api().file(url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const header = mediaType(response.headers.get("content-type") ?? "");
  return { bytes, contentType: header && header !== "application/octet-stream" ? header : fallbackType };
}

/** The file the record's layer uploads: the plan's export, or the layer exported again the same way. */
async function uploadOf(ctx: LayerContext, record: PendingWork, file: File | undefined): Promise<File> {
  if (file) return file;
  const nodeId = record.target?.nodeId;
  if (!nodeId || !record.exportAs) throw new Error("This layer's upload is not known any more.");
  const upload = await readUpload(ctx.port, { kind: "selection", ...record.exportAs, nodeId });
  return upload.file;
}

async function place(
  ctx: LayerContext,
  record: PendingWork,
  bytes: Uint8Array,
  contentType: string,
  update: Update,
): Promise<string> {
  const content = placeContent(bytes, contentType);
  if (!content)
    throw Object.assign(new Error("Figma cannot show this result."), { reason: "unsupported_image" });
  update({ status: "placing" });
  const placed = await ctx.port.request("place-batch-result", {
    sourceNodeId: record.target?.nodeId ?? "",
    batchId: record.batchId ?? "",
    content,
    madeBy: record.operation,
  });
  return placed.nodeId;
}

async function followTask(
  ctx: LayerContext,
  record: PendingWork,
  update: Update,
  retryAfterSeconds?: number,
) {
  update({ status: "working" });
  // Polls and the result's download are reads: a 429 on them waits at the same gate, never ends the layer.
  const [task] = await ctx.gate.send(() =>
    ctx.api().pollAiTasks(record.taskIds ?? [], {
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    }),
  );
  if (!task) throw Object.assign(new Error("The service lost the task."), { reason: "invalid_response" });
  if (isTaskFailed(task)) throw Object.assign(new Error(), taskError(task), { taskFailed: true });
  const url = resultUrlOf(task);
  if (!url) throw Object.assign(new Error("The result has no file."), { reason: "invalid_response" });
  const type = (task.result as { content_type?: unknown } | undefined)?.content_type;
  const file = await ctx.gate.send(() => fetchBytes(ctx, url, typeof type === "string" ? type : ""));
  return place(ctx, record, file.bytes, file.contentType, update);
}

async function sendAi(ctx: LayerContext, record: PendingWork, file: File, update: Update) {
  const key = record.idempotencyKey;
  update({ status: "uploading" });
  const answer = await ctx.gate.send(() =>
    ctx.api().aiSubmit(record.operation as AiOperation, { file }, { idempotencyKey: key }),
  );
  // An adopted run was charged by its first request; this answer charged nothing more.
  if (!answer.adoptedFrom) ctx.credits.noteCharged(answer.creditsCharged, answer.remainingCredits);
  const charged = answer.creditsCharged ?? chargedOf(record);
  // The service holds (and charged) the work from here: whatever happens next, it is followed, not dropped.
  update({ status: "working" });
  const submitted: PendingWork = {
    ...record,
    status: "submitted",
    taskIds: answer.taskIds,
    params: { ...record.params, ...(charged === undefined ? {} : { charged }) },
  };
  await ctx.records.put(submitted);
  update(charged === undefined ? {} : { charged });
  return { submitted, retryAfterSeconds: answer.retryAfterSeconds };
}

async function sendConversion(ctx: LayerContext, record: PendingWork, file: File, update: Update) {
  update({ status: "uploading" });
  const answer = await ctx.gate.send(() =>
    ctx
      .api()
      .convert(record.operation as ConversionOperation, file, { idempotencyKey: record.idempotencyKey }),
  );
  if (answer.kind === "job") throw new Error("This conversion does not run as a batch.");
  ctx.credits.noteCharged(answer.creditsConsumed);
  if (answer.creditsConsumed !== undefined) update({ charged: answer.creditsConsumed });
  return place(ctx, record, answer.bytes, answer.contentType, update);
}

/** Runs the layer to its end; never throws: a failure is the layer's status and words. */
export async function runLayer(
  ctx: LayerContext,
  record: PendingWork,
  file: File | undefined,
  report: Update,
): Promise<void> {
  const key = record.idempotencyKey;
  let placing = false;
  /** Tasks exist for this layer: it was charged unless a task FAILED. */
  let submitted = record.status === "submitted" && (record.taskIds?.length ?? 0) > 0;
  const update: Update = (patch) => {
    if (patch.status === "placing") placing = true;
    if (patch.status === "working") submitted = true;
    report(patch);
  };
  try {
    let resultId: string;
    if (record.status === "submitted" && record.taskIds?.length) {
      const charged = chargedOf(record);
      if (charged !== undefined) update({ charged });
      resultId = await followTask(ctx, record, update);
    } else if (record.family === "ai") {
      const { submitted, retryAfterSeconds } = await sendAi(
        ctx,
        record,
        await uploadOf(ctx, record, file),
        update,
      );
      resultId = await followTask(ctx, submitted, update, retryAfterSeconds);
    } else {
      resultId = await sendConversion(ctx, record, await uploadOf(ctx, record, file), update);
    }
    await ctx.records.remove(key);
    update({ status: "done", resultId });
  } catch (error) {
    const why = toUiError(error);
    const taskFailed = (error as { taskFailed?: unknown }).taskFailed === true;
    // Submitted work whose following broke (not a FAILED task, not the placing) is still the
    // service's, charged: its record stays for the next window to follow, as a lost answer's does.
    const followable = submitted && !taskFailed && !placing;
    // The plugin did not answer (the window is closing): nothing is known, so nothing is forgotten.
    const pluginGone = why.reason === "internal_error";
    if (!leavesWorkOpen(why) && !followable && !pluginGone)
      await ctx.records.remove(key).catch(() => undefined);
    // Refused work and FAILED tasks are not charged; work that reached its tasks or the canvas was.
    const free = isNotCharged(why) && !placing && (!submitted || taskFailed);
    update({ status: "failed", error: why, ...(free ? { charged: 0 } : {}) });
  }
}
