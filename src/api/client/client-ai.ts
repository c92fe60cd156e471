// AI work: submit (generative or upload), poll a task, list the operations and the models.

import { ApiError, invalidRequest } from "../contract/errors";
import { AI_OPERATIONS, AI_UPLOAD_OPERATIONS, type AiOperation } from "../contract/tables";
import { validateIdempotencyKey, validateProjectReference } from "../contract/validate/headers";
import { validateUploadSize } from "../contract/validate/upload";
import { checkString } from "../contract/validate/values";
import {
  isRecord,
  readCatalogue,
  readCreditsCharged,
  readModels,
  readPolledTask,
  readRemainingCredits,
  readSubmittedTasks,
  taskIdFromLocation,
} from "./answer-readers";
import type { CallOptions } from "./client-assets";
import { unknownOperation } from "./client-convert";
import { explainIdempotencyConflict } from "./idempotency";
import type {
  AiModel,
  AiOperationEntry,
  AiSubmission,
  CatalogueAnswer,
  ModelsAnswer,
  TaskAnswer,
} from "./method-results";
import { invalidResponse, meta, readEnvelope, retryAfter } from "./success-envelope";
import { type Exchange, readJson, type Transport } from "./transport";

/** text-to-image, image-to-image, text-to-3d, image-to-3d: a model, normally a prompt, maybe an image_url. */
export interface GenerativeInput {
  model: string;
  prompt?: string;
  image_url?: string;
  /** Further fields the operation takes (sent as they are). */
  [field: string]: unknown;
}

/** vectorize, remove-background, smart-group: exactly one file, no model, no prompt. */
export interface UploadInput {
  file: Blob;
}

export interface AiSubmitOptions extends CallOptions {
  idempotencyKey?: string;
  /** X-Project-Reference: an opaque label recorded with the usage event. */
  projectReference?: string;
  /** The plan's ceiling from aiOperations(); checked before an upload leaves. */
  maxUploadKb?: number;
}

function aiBody(
  operation: AiOperation,
  input: GenerativeInput | UploadInput,
  options: AiSubmitOptions,
): { body: string | FormData; headers: Record<string, string> } {
  if (!isRecord(input)) throw invalidRequest("The AI input must be an object.");
  if (AI_UPLOAD_OPERATIONS.includes(operation)) {
    const extra = Object.keys(input).filter((key) => key !== "file");
    if (extra.length > 0) throw invalidRequest(`${operation} takes only a file, not ${extra.join(", ")}.`);
    const { file } = input as unknown as UploadInput;
    if (!(file instanceof Blob)) throw invalidRequest(`${operation} needs exactly one file.`);
    if (file.size === 0) throw invalidRequest("file is empty.");
    validateUploadSize(file.size, options.maxUploadKb);
    const form = new FormData();
    form.append("file", file, (file as File).name || "upload");
    return { body: form, headers: {} };
  }
  const generative = input as GenerativeInput;
  if ("file" in generative) throw invalidRequest(`${operation} takes image_url, not a file upload.`);
  if (typeof generative.model !== "string" || generative.model === "") {
    throw invalidRequest(`model is required for ${operation} (see GET /v3/ai/models).`);
  }
  if (generative.prompt !== undefined) checkString("prompt", generative.prompt);
  if (generative.image_url !== undefined) {
    const url = checkString("image_url", generative.image_url);
    if (!/^https?:\/\/[^\s]+$/i.test(url)) throw invalidRequest("image_url must be an http(s) URL.");
  }
  return { body: JSON.stringify(generative), headers: { "content-type": "application/json" } };
}

function submission(exchange: Exchange, body: unknown): AiSubmission {
  const location = exchange.response.headers.get("location");
  const tasks = readSubmittedTasks(body);
  const fromLocation = taskIdFromLocation(location);
  if (tasks.length === 0 && fromLocation) tasks.push({ task_id: fromLocation });
  if (tasks.length === 0) throw invalidResponse(exchange.response.status, "lists no tasks");
  const creditsCharged = readCreditsCharged(body);
  const remainingCredits = readRemainingCredits(body);
  const raw = isRecord(body) && isRecord(body.response) ? body.response : isRecord(body) ? body : {};
  return {
    tasks,
    taskIds: tasks.map((task) => task.task_id),
    ...(creditsCharged === undefined ? {} : { creditsCharged }),
    ...(remainingCredits === undefined ? {} : { remainingCredits }),
    ...(location ? { location } : {}),
    ...retryAfter(exchange),
    ...meta(exchange),
    raw,
  };
}

/** An AI 409 that lists the original run's tasks: those tasks are the answer (nothing new dispatched). */
function adopted(error: ApiError): AiSubmission | undefined {
  if (error.status !== 409 || !error.tasks?.length) return undefined;
  const reason = error.reason;
  if (reason !== "idempotency_in_progress" && reason !== "idempotency_already_completed") return undefined;
  return {
    tasks: error.tasks.map((task_id) => ({ task_id })),
    taskIds: [...error.tasks],
    adoptedFrom: reason as NonNullable<AiSubmission["adoptedFrom"]>,
    ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    ...(error.rateLimit ? { rateLimit: error.rateLimit } : {}),
    raw: error.data,
  };
}

export function aiMethods(transport: Transport) {
  return {
    async aiSubmit(
      operation: AiOperation,
      input: GenerativeInput | UploadInput,
      options: AiSubmitOptions = {},
    ): Promise<AiSubmission> {
      if (!AI_OPERATIONS.includes(operation)) throw unknownOperation(operation, AI_OPERATIONS);
      const headers: Record<string, string> = {};
      if (options.idempotencyKey !== undefined) validateIdempotencyKey(options.idempotencyKey);
      if (options.projectReference !== undefined) {
        headers["x-project-reference"] = validateProjectReference(options.projectReference);
      }
      const request = aiBody(operation, input, options);
      let exchange: Exchange;
      try {
        exchange = await transport.send({
          method: "POST",
          path: `/v3/ai/${operation}`,
          body: request.body,
          headers: { ...headers, ...request.headers },
          ...(options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
          signal: options.signal,
        });
      } catch (error) {
        const adoption = error instanceof ApiError ? adopted(error) : undefined;
        if (adoption) return adoption;
        throw explainIdempotencyConflict(error, "ai");
      }
      // Not readEnvelope: where the tasks array sits is not shown, so the whole body is searched.
      return submission(exchange, await readJson(exchange.response, options.signal));
    },

    async aiTask(taskId: string, options: CallOptions = {}): Promise<TaskAnswer> {
      if (typeof taskId !== "string" || taskId === "")
        throw invalidRequest("task (the task_id) is required.");
      const exchange = await transport.send({
        method: "GET",
        path: `/v3/ai/tasks/${encodeURIComponent(taskId)}`,
        signal: options.signal,
      });
      const { response } = await readEnvelope(exchange, options.signal);
      return { task: readPolledTask(response, taskId), ...retryAfter(exchange), ...meta(exchange) };
    },

    async aiOperations(options: CallOptions = {}): Promise<CatalogueAnswer<AiOperationEntry>> {
      const exchange = await transport.send({
        method: "GET",
        path: "/v3/ai/operations",
        signal: options.signal,
      });
      const { response } = await readEnvelope(exchange, options.signal);
      return { ...readCatalogue<AiOperationEntry>(response), raw: response, ...meta(exchange) };
    },

    async aiModels(options: CallOptions = {}): Promise<ModelsAnswer> {
      const exchange = await transport.send({ method: "GET", path: "/v3/ai/models", signal: options.signal });
      const { response } = await readEnvelope(exchange, options.signal);
      return { models: readModels<AiModel>(response), raw: response, ...meta(exchange) };
    },
  };
}
