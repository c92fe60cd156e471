// Work on the selection, from submission to placed result: the Idempotency-Key saved with the plugin
// before the request leaves, the same key on every resend, the spec's answers to a repeated key,
// every job and task followed to its end, results placed once, and work left open by a closed window
// picked up again at the next start.

import { newIdempotencyKey } from "../../api/client/api-client";
import {
  AI_GENERATIVE_OPERATIONS,
  type AiOperation,
  CONVERSIONS,
  type ConversionOperation,
} from "../../api/contract/tables";
import type { PendingWork } from "../../messages/types";
import { toUiError } from "../errors/ui-error";
import { resultFileName } from "./file-names";
import { followJob } from "./follow-job";
import { followTasks } from "./follow-tasks";
import { runLabel, sourceNameOf } from "./labels";
import { pendingRecords } from "./pending-records";
import { placeContent } from "./placeable";
import { createRunList } from "./run-list";
import { saveBytes } from "./save-file";
import { readUpload } from "./upload-input";
import { failRun, finishRun, placeOnce, placesResults, type WorkContext } from "./work-context";
import type { AiSubmit, ConversionSubmit, WorkDeps, WorkRun, WorkStore } from "./work-types";

type Scalars = Record<string, string | number | boolean>;

/** The fields of a submission that can be stored and sent again identically. */
function scalars(fields: Record<string, unknown> | undefined): Scalars {
  const kept: Scalars = {};
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      kept[name] = value;
  }
  return kept;
}

const isGenerative = (operation: string) =>
  (AI_GENERATIVE_OPERATIONS as readonly string[]).includes(operation);
/** Stored beside the submission's own fields; never sent to the service. */
const OWN_PARAMS = ["place", "sourceName"];

/** A new submission's record, with a fresh key, before anything about it is known. */
function draftOf(family: PendingWork["family"], operation: string): PendingWork {
  return {
    idempotencyKey: newIdempotencyKey(),
    family,
    operation,
    createdAt: Date.now(),
    status: "submitting",
  };
}

export function createWorkStore(deps: WorkDeps): WorkStore {
  const list = createRunList();
  /** The layer each run worked on: a later Place puts its result beside it. */
  const sources = new Map<string, string>();
  const ctx: WorkContext = {
    api: deps.api,
    port: deps.port,
    credits: deps.credits,
    runs: list,
    records: pendingRecords(deps.port),
  };

  function start(record: PendingWork, sourceName: string, resumed = false): WorkRun {
    if (record.target?.nodeId) sources.set(record.idempotencyKey, record.target.nodeId);
    return list.add({
      key: record.idempotencyKey,
      family: record.family,
      operation: record.operation,
      label: runLabel(record.family, record.operation, sourceName),
      status: record.status === "submitted" ? "running" : "submitting",
      results: [],
      startedAt: record.createdAt,
      ...(resumed ? { resumed: true } : {}),
    });
  }

  /** Sends a conversion with the record's key; a sync answer is the file, an async one a job to follow. */
  async function sendConversion(record: PendingWork, file: File, sourceName: string): Promise<WorkRun> {
    const key = record.idempotencyKey;
    const operation = record.operation as ConversionOperation;
    const { width, height, preset } = record.params ?? {};
    // A lost answer is sent again with this key by the api's transport, which alone decides when.
    const answer = await ctx.api().convert(operation, file, {
      idempotencyKey: key,
      ...(typeof width === "number" ? { width } : {}),
      ...(typeof height === "number" ? { height } : {}),
      ...(typeof preset === "string" ? { preset } : {}),
    });
    if (answer.kind === "job") {
      const submitted: PendingWork = { ...record, status: "submitted", jobId: answer.job.uuid };
      await ctx.records.put(submitted);
      return followJob(ctx, submitted, answer.job, sourceName, answer.retryAfterSeconds);
    }
    deps.credits.noteCharged(answer.creditsConsumed);
    const result = {
      id: "file",
      fileName: resultFileName(sourceName, answer.contentType, CONVERSIONS[operation]?.output),
      contentType: answer.contentType,
      bytes: answer.bytes,
    };
    list.putResult(key, result);
    list.patch(key, {
      ...(answer.creditsConsumed === undefined ? {} : { creditsCharged: answer.creditsConsumed }),
    });
    if (placesResults(record)) await placeOnce(ctx, record, result, result.fileName);
    // Not finishRun: the meter was just moved and read by noteCharged.
    await ctx.records.remove(key);
    return list.patch(key, { status: "done", progress: undefined }) as WorkRun;
  }

  /** Sends AI work with the record's key; a 409 with data.tasks is the original run, adopted. */
  async function sendAi(record: PendingWork, input: File | Scalars, sourceName: string): Promise<WorkRun> {
    const key = record.idempotencyKey;
    const body = input instanceof Blob ? { file: input } : (input as { model: string });
    const answer = await ctx.api().aiSubmit(record.operation as AiOperation, body, { idempotencyKey: key });
    // An adopted run was charged by its first request; this answer charged nothing.
    if (!answer.adoptedFrom) deps.credits.noteCharged(answer.creditsCharged, answer.remainingCredits);
    if (answer.creditsCharged !== undefined) list.patch(key, { creditsCharged: answer.creditsCharged });
    const submitted: PendingWork = { ...record, status: "submitted", taskIds: answer.taskIds };
    await ctx.records.put(submitted);
    return followTasks(ctx, submitted, sourceName, answer.creditsCharged, answer.retryAfterSeconds);
  }

  /** This window's submissions by run key: what Run again sends. */
  const submissions = new Map<string, { convert: ConversionSubmit } | { ai: AiSubmit }>();

  async function convert(submit: ConversionSubmit): Promise<WorkRun> {
    const draft = draftOf("convert", submit.operation);
    const key = draft.idempotencyKey;
    submissions.set(key, { convert: submit });
    start(draft, "");
    try {
      const upload = await readUpload(deps.port, submit.input);
      const { sourceName } = upload;
      if (upload.nodeId) sources.set(key, upload.nodeId);
      list.patch(key, { label: runLabel("convert", submit.operation, sourceName) });
      const params: Scalars = scalars({
        width: submit.width,
        height: submit.height,
        preset: submit.preset,
        place: submit.place === true,
        sourceName,
      });
      const record: PendingWork = {
        ...draft,
        params,
        ...(upload.nodeId
          ? {
              target: { mode: "new-node", nodeId: upload.nodeId, nodeName: sourceName },
              exportAs: upload.exportAs,
            }
          : {}),
      };
      // Saved before the request leaves: a window closed mid-request sends it again with this key.
      await ctx.records.put(record);
      return await sendConversion(record, upload.file, sourceName);
    } catch (error) {
      return failRun(ctx, key, error);
    }
  }

  async function ai(submit: AiSubmit): Promise<WorkRun> {
    const draft = draftOf("ai", submit.operation);
    const key = draft.idempotencyKey;
    submissions.set(key, { ai: submit });
    const generative = isGenerative(submit.operation);
    start(draft, typeof submit.fields?.prompt === "string" ? submit.fields.prompt.slice(0, 60) : "");
    try {
      const upload = submit.input ? await readUpload(deps.port, submit.input) : undefined;
      if (upload?.nodeId) sources.set(key, upload.nodeId);
      const fields = scalars(submit.fields);
      const sourceName = upload?.sourceName ?? sourceNameOf({ operation: submit.operation, params: fields });
      list.patch(key, { label: runLabel("ai", submit.operation, sourceName) });
      const chosen = submit.target ?? (generative ? { mode: "new-node" as const } : undefined);
      const target = chosen && {
        ...chosen,
        ...(upload?.nodeId && !chosen.nodeId ? { nodeId: upload.nodeId, nodeName: sourceName } : {}),
      };
      const record: PendingWork = {
        ...draft,
        ...(target ? { target } : {}),
        ...(Object.keys(fields).length ? { params: fields } : {}),
        ...(upload?.exportAs ? { exportAs: upload.exportAs } : {}),
      };
      await ctx.records.put(record);
      return await sendAi(record, upload?.file ?? fields, sourceName);
    } catch (error) {
      return failRun(ctx, key, error);
    }
  }

  /** One record found at start: followed where it was left, or sent again with its own key. */
  async function resumeOne(record: PendingWork): Promise<WorkRun> {
    const sourceName = sourceNameOf(record);
    const key = record.idempotencyKey;
    start(record, sourceName, true);
    try {
      if (record.status === "submitted" && record.jobId)
        return await followJob(ctx, record, record.jobId, sourceName);
      if (record.status === "submitted" && record.taskIds?.length)
        return await followTasks(ctx, record, sourceName);
      if (record.family === "ai" && isGenerative(record.operation) && record.params) {
        const fields = Object.fromEntries(
          Object.entries(record.params).filter(([name]) => !OWN_PARAMS.includes(name)),
        );
        return await sendAi(record, fields, sourceName);
      }
      if (record.exportAs && record.target?.nodeId) {
        // The upload was the layer: exported again the same way, sent again with the same key.
        const upload = await readUpload(deps.port, {
          kind: "selection",
          ...record.exportAs,
          nodeId: record.target.nodeId,
        });
        return record.family === "ai"
          ? await sendAi(record, upload.file, sourceName)
          : await sendConversion(record, upload.file, sourceName);
      }
      return await finishRun(ctx, key, {
        status: "failed",
        error: {
          reason: "file_not_kept",
          message: "The window closed before the service answered, and a picked file is not stored.",
        },
      });
    } catch (error) {
      return failRun(ctx, key, error);
    }
  }

  return {
    runs: list.runs,
    convert,
    ai,
    async resume() {
      let records: PendingWork[];
      try {
        records = await ctx.records.list();
      } catch {
        return;
      }
      const known = new Set(list.runs.peek().map((run) => run.key));
      // A batch's layers are the batch store's to pick up (they go beside their kept originals).
      const mine = records.filter((r) => !r.batchId && !known.has(r.idempotencyKey));
      await Promise.all(mine.map(resumeOne));
    },
    async save(_run, result) {
      if (!result.bytes) throw new Error("This result is not in memory any more.");
      saveBytes(result.bytes, result.fileName, result.contentType);
    },
    async place(run, result) {
      const content = result.bytes && placeContent(result.bytes, result.contentType);
      if (!content) return;
      const sourceNodeId = sources.get(run.key);
      try {
        const placed = await deps.port.request("place-result", {
          mode: "new-node",
          content,
          ...(sourceNodeId ? { sourceNodeId } : {}),
          name: result.fileName,
          madeBy: run.operation,
        });
        const placedNodeIds = [...(result.placedNodeIds ?? []), ...placed.nodeIds];
        list.putResult(run.key, { ...result, placedNodeIds });
      } catch (error) {
        list.putResult(run.key, { ...result, error: toUiError(error) });
      }
    },
    dismiss(key) {
      list.remove(key);
      submissions.delete(key);
    },
    canRunAgain: (key) => submissions.has(key),
    runAgain(key) {
      const submission = submissions.get(key);
      if (!submission) return undefined;
      list.remove(key);
      submissions.delete(key);
      return "convert" in submission ? convert(submission.convert) : ai(submission.ai);
    },
  };
}
