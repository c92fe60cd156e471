// The v3 envelope: successes wrap their content in `response`, errors carry `data.reason` and `data.message`.
// Every room (client, proxy, local API) builds and reads errors through these two functions.

import type { ErrorReason } from "./tables";

export interface ErrorData {
  reason: ErrorReason | (string & {});
  message: string;
  /** On an AI 409, the task_ids of the original run. */
  tasks?: string[];
  [extra: string]: unknown;
}

export interface ErrorEnvelope {
  data: ErrorData;
}

export function errorEnvelope(reason: ErrorData["reason"], message: string, extra?: Record<string, unknown>) {
  return { data: { ...extra, reason, message } } satisfies ErrorEnvelope;
}

/** A JSON Response carrying the v3 error envelope. */
export function errorResponse(
  status: number,
  reason: ErrorData["reason"],
  message: string,
  init?: { headers?: HeadersInit; extra?: Record<string, unknown> },
): Response {
  const headers = new Headers(init?.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(errorEnvelope(reason, message, init?.extra)), { status, headers });
}

/** Reads `data` out of a body when it is the error envelope; undefined otherwise. */
export function readErrorData(body: unknown): ErrorData | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const data = (body as { data?: unknown }).data;
  if (typeof data !== "object" || data === null) return undefined;
  const { reason, message } = data as { reason?: unknown; message?: unknown };
  if (typeof reason !== "string") return undefined;
  const tasks = taskIdsOf((data as { tasks?: unknown }).tasks);
  return {
    ...(data as Record<string, unknown>),
    reason,
    message: typeof message === "string" ? message : reason,
    ...(tasks ? { tasks } : {}),
  };
}

/**
 * Guess: the spec says data.tasks "lists the task_ids" without showing the items' shape, so both
 * plain strings and `{ task_id }` objects are read.
 */
export function taskIdsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const ids: string[] = [];
  for (const item of value) {
    if (typeof item === "string") ids.push(item);
    else if (typeof item === "object" && item !== null) {
      const id = (item as { task_id?: unknown }).task_id;
      if (typeof id === "string") ids.push(id);
    }
  }
  return ids;
}
