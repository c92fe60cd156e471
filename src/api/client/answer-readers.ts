// Readers for the parts of the v3 answers the spec does not show. Every guess about a real shape lives
// in this file, each marked "Guess:", and every reader keeps the fields it does not know.

import type { AiTask, Asset, ConversionJob, Download } from "../contract/spec-objects";

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function recordAt(value: unknown, key: string): Json | undefined {
  return isRecord(value) && isRecord(value[key]) ? value[key] : undefined;
}

function firstString(record: Json, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "string" && value !== "") return value;
    if (typeof value === "number") return String(value);
  }
  return undefined;
}

function firstNumber(record: Json | undefined, keys: readonly string[]): number | undefined {
  if (!record) return undefined;
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "number" && Number.isFinite(value)) return value;
    if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
      return Number(value);
  }
  return undefined;
}

/**
 * Guess: the spec shows uuid, name and urls only; an `id` stands in for a missing uuid, and reverse
 * search items (shown with name and urls only) may carry none, which leaves uuid "".
 */
export function readAsset(value: unknown): Asset | undefined {
  if (!isRecord(value)) return undefined;
  const urls: Record<string, string> = {};
  if (isRecord(value.urls)) {
    for (const [key, url] of Object.entries(value.urls)) if (typeof url === "string") urls[key] = url;
  }
  const name = typeof value.name === "string" ? value.name : "";
  return { ...value, uuid: firstString(value, ["uuid", "id"]) ?? "", name, urls };
}

/** Guess: items may also arrive as a bare array, or with total missing (then the page's length). */
export function readItems(response: Json): { total: number; data: Asset[] } {
  const items = response.items;
  const list = Array.isArray(items) ? items : isRecord(items) ? items.data : response.data;
  const data = (Array.isArray(list) ? list : []).map(readAsset).filter((a): a is Asset => a !== undefined);
  const total =
    firstNumber(isRecord(items) ? items : undefined, ["total"]) ?? firstNumber(response, ["total"]);
  return { total: total ?? data.length, data };
}

/** Guess: an item may sit at response.item (shown), response.data, or be the response itself. */
export function readItem(response: Json): Asset | undefined {
  return readAsset(response.item ?? response.data ?? response);
}

/** Guess: download_url may also sit at the top of `response`, or be named `url`. */
export function readDownload(response: Json): Download | undefined {
  const download = recordAt(response, "download") ?? response;
  const url = firstString(download, ["download_url", "url"]);
  return url === undefined ? undefined : { ...download, download_url: url };
}

/** Guess: a job may sit at response.job (shown) or be the response itself, its id named uuid, id or job_id. */
export function readJob(response: Json): ConversionJob | undefined {
  const job = recordAt(response, "job") ?? response;
  const uuid = firstString(job, ["uuid", "id", "job_id"]);
  if (uuid === undefined) return undefined;
  return { ...job, uuid, status: firstString(job, ["status", "state"]) ?? "unknown" };
}

/**
 * Guess: the finished statuses of a conversion job are not shown; completed, succeeded, failed and
 * error (any case) count as finished, anything else as still running.
 */
export function isJobFinished(job: ConversionJob): boolean {
  return /^(completed|succeeded|failed|error)$/i.test(job.status);
}

/** Guess: a job still waiting for a worker says queued, pending or waiting (any case). */
export function isJobQueued(job: ConversionJob): boolean {
  return /^(queued|pending|waiting)$/i.test(job.status);
}

export function isJobFailed(job: ConversionJob): boolean {
  return /^(failed|error)$/i.test(job.status);
}

/**
 * Guess: what a finished job cost is not shown; read from `credits_charged` (as an AI submission
 * names it) or `credits_consumed` when a number is there, else unknown.
 */
export function jobCreditsCharged(job: ConversionJob): number | undefined {
  for (const name of ["credits_charged", "credits_consumed"]) {
    const value = (job as Record<string, unknown>)[name];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  }
  return undefined;
}

/** The spec names COMPLETED and FAILED; Guess: compared without regard to case. */
export function isTaskFinished(task: AiTask): boolean {
  return /^(completed|failed)$/i.test(task.status ?? "");
}

/**
 * Guess: a task still waiting for a worker says PENDING or QUEUED (any case); anything else not
 * finished is running. The spec names only the two final states.
 */
export function isTaskQueued(task: AiTask): boolean {
  return /^(pending|queued|waiting)$/i.test(task.status ?? "");
}

export function isTaskFailed(task: AiTask): boolean {
  return /^failed$/i.test(task.status ?? "");
}

function readTask(value: unknown): AiTask | undefined {
  if (typeof value === "string" && value !== "") return { task_id: value };
  if (!isRecord(value)) return undefined;
  const id = firstString(value, ["task_id", "id", "uuid"]);
  if (id === undefined) return undefined;
  const status = firstString(value, ["status", "state"]);
  return { ...value, task_id: id, ...(status === undefined ? {} : { status }) };
}

function tasksIn(value: unknown): AiTask[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const tasks = value.map(readTask).filter((t): t is AiTask => t !== undefined);
  return tasks.length > 0 ? tasks : undefined;
}

/**
 * Guess: where the tasks array sits is not shown. Looked for at the top level, inside `response`, then
 * inside `data` of either, then any array of task_id-bearing objects two levels down.
 */
export function readSubmittedTasks(body: unknown): AiTask[] {
  const response = recordAt(body, "response");
  const places = [body, response, recordAt(body, "data"), recordAt(response, "data")];
  for (const place of places) {
    const found = isRecord(place) ? tasksIn(place.tasks) : undefined;
    if (found) return found;
  }
  for (const place of [response, body]) {
    if (!isRecord(place)) continue;
    for (const value of Object.values(place)) {
      const nested = isRecord(value) ? Object.values(value) : [value];
      for (const candidate of nested) {
        if (Array.isArray(candidate) && candidate.some((item) => isRecord(item) && "task_id" in item)) {
          const found = tasksIn(candidate);
          if (found) return found;
        }
      }
    }
  }
  const single = response?.task ?? (isRecord(body) ? body.task : undefined);
  const task = readTask(single);
  return task ? [task] : [];
}

/** Guess: a polled task sits at response.task, or is the response itself. */
export function readPolledTask(response: Json, taskId: string): AiTask {
  return readTask(response.task) ?? readTask(response) ?? { ...response, task_id: taskId };
}

/** Guess: credits_charged is shown; it may sit at the top level rather than inside `response`. */
export function readCreditsCharged(body: unknown): number | undefined {
  return (
    firstNumber(recordAt(body, "response"), ["credits_charged"]) ??
    firstNumber(body as Json, ["credits_charged"])
  );
}

/** Guess: the remaining-balance field's name is not shown. */
const REMAINING_NAMES = [
  "remaining_credits",
  "credits_remaining",
  "remaining_balance",
  "remaining",
  "balance",
];

export function readRemainingCredits(body: unknown): number | undefined {
  const response = recordAt(body, "response");
  return (
    firstNumber(response, REMAINING_NAMES) ??
    firstNumber(recordAt(response, "credits"), REMAINING_NAMES) ??
    firstNumber(isRecord(body) ? body : undefined, REMAINING_NAMES)
  );
}

/** Guess: where a finished job or task puts its file: result_url, url, download_url, or result.url. */
export function resultUrlOf(record: ConversionJob | AiTask): string | undefined {
  const direct = firstString(record, ["result_url", "download_url", "output_url", "url"]);
  if (direct) return direct;
  const result = record.result ?? record.output;
  if (typeof result === "string" && result !== "") return result;
  if (isRecord(result)) return firstString(result, ["url", "download_url", "result_url"]);
  if (Array.isArray(result) && isRecord(result[0])) return firstString(result[0], ["url", "download_url"]);
  return undefined;
}

/** Guess: the credit-cost field's name is not shown; credit_cost, cost, credits or price. */
const COST_NAMES = ["credit_cost", "credits_cost", "cost", "credits", "price"];

/** Guess: catalogue entries sit at response.operations (or response.data), each named by `operation` or `name`. */
export function readCatalogue<Entry>(response: Json): { operations: Entry[]; max_upload_kb?: number } {
  const list = Array.isArray(response.operations) ? response.operations : response.data;
  const operations = (Array.isArray(list) ? list : []).filter(isRecord).flatMap((entry) => {
    const operation = firstString(entry, ["operation", "name", "id"]);
    if (operation === undefined) return [];
    const creditCost = firstNumber(entry, COST_NAMES);
    return [{ ...entry, operation, ...(creditCost === undefined ? {} : { creditCost }) } as Entry];
  });
  // Guess: max_upload_kb may sit beside the list or inside a `plan` object.
  const maxUploadKb =
    firstNumber(response, ["max_upload_kb"]) ?? firstNumber(recordAt(response, "plan"), ["max_upload_kb"]);
  return maxUploadKb === undefined ? { operations } : { operations, max_upload_kb: maxUploadKb };
}

/** Guess: models sit at response.models (or response.data), each named by `model` or `id`. */
export function readModels<Model>(response: Json): Model[] {
  const list = Array.isArray(response.models) ? response.models : response.data;
  return (Array.isArray(list) ? list : []).filter(isRecord).flatMap((entry) => {
    const model = firstString(entry, ["model", "id", "slug"]);
    if (model === undefined) return [];
    const creditCost = firstNumber(entry, COST_NAMES);
    return [{ ...entry, model, ...(creditCost === undefined ? {} : { creditCost }) } as Model];
  });
}

/** Guess: the credits resource sits at response.credits, or is the response itself. */
export function readCredits(response: Json): Json {
  return recordAt(response, "credits") ?? response;
}

/**
 * Guess: the reason of an error answer that carries no envelope. The spec does not show a 504's
 * reason (a conversion timeout); anything else without an envelope is not the service's answer.
 */
export function reasonWithoutEnvelope(status: number): "conversion_timeout" | "invalid_response" {
  return status === 504 ? "conversion_timeout" : "invalid_response";
}

/**
 * Guess: a JSON reverse search body names list filters without brackets (`"formats": ["svg"]`), as
 * form fields named `formats[]` arrive on the server; multipart bodies use the bracketed names.
 */
export function reverseSearchJsonBody(source: Json, filters: Json): Json {
  return { ...filters, ...source };
}

/**
 * A 202 is a job (shown). Guess: an asynchronous operation answering 200 with JSON carries its job too;
 * a synchronous 200 is always the file itself, even when the file is JSON (Lottie).
 */
export function answersWithJob(status: number, mode: "sync" | "async", contentType: string): boolean {
  return status === 202 || (mode === "async" && contentType.includes("json"));
}

/** The task a Location header names (/v3/ai/tasks/{task}): the first task when no body lists them. */
export function taskIdFromLocation(location: string | null): string | undefined {
  const match = location ? /\/ai\/tasks\/([^/?#]+)/.exec(location) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
