// Reads an AI submission into an AiWork, with every validation the spec puts ahead of entitlement:
// upload operations take exactly one multipart file and nothing else; generative ones take form
// fields or JSON with a model (a missing model is 422 before any 403), image_url only where the
// operation takes an image, spelled as a public http(s) URL or naming one of this server's own
// previews (own-image.ts). All refusals are 422 invalid_request
// (413 for an upload past the plan's max_upload_kb).

import type { Context } from "hono";
import { ApiError } from "../../api/contract/errors";
import { AI_UPLOAD_OPERATIONS, type AiOperation } from "../../api/contract/tables";
import { nameList } from "../../api/contract/validate/name-list";
import { type SniffedFormat, sniffUpload } from "../engines";
import type { LocalApiEnv } from "../http/context";
import { apiErrorOf } from "../http/engine-errors";
import { checkUploadSize, isMultipart, listProblems, readUpload } from "../http/uploads";
import { checkHostSpelling, type OutboundPolicy, parseOutboundUrl } from "../net/outbound";
import { AI_IMAGE_INPUT } from "./catalogue";
import { isOwnPreview } from "./own-image";
import type { AiWork } from "./provider";

export const MAX_RESULTS_PER_SUBMISSION = 4;
const MAX_PROMPT_CHARS = 4000;

export const invalidAi = (message: string) => new ApiError(422, "invalid_request", message);

const UPLOAD_FORMATS: Partial<Record<AiOperation, readonly SniffedFormat[]>> = {
  vectorize: ["png", "jpg", "webp", "gif"],
  "remove-background": ["png", "jpg", "webp", "gif"],
  "smart-group": ["png", "jpg", "webp", "gif", "svg"],
};

async function readUploadWork(c: Context<LocalApiEnv>, operation: AiOperation): Promise<AiWork> {
  if (!isMultipart(c)) throw invalidAi(`${operation} takes one file sent as multipart/form-data.`);
  const upload = await readUpload(c, invalidAi);
  const extra = [...upload.fields.keys()];
  if (extra.length > 0) throw invalidAi(`${operation} takes only a file, not ${nameList(extra)}.`);
  if (upload.problems.length > 0) throw invalidAi(`${operation}: ${listProblems(upload.problems)}.`);
  if (!upload.file) throw invalidAi(`${operation} needs exactly one file, in the file field.`);
  checkUploadSize(upload.file.bytes, c.get("account").max_upload_kb);
  // Only the formats the operation takes are tried; an upload that may be SVG is parsed in a worker.
  const allowed = UPLOAD_FORMATS[operation] ?? [];
  const format = await sniffUpload(upload.file.bytes, allowed).catch((error: unknown) => {
    throw apiErrorOf(error);
  });
  if (!format || !allowed.includes(format)) {
    throw invalidAi(
      `${operation} takes a ${allowed.join(", ")} image; the file is ${format ?? "not an image"}.`,
    );
  }
  return { operation, file: upload.file.bytes, count: 1, options: {} };
}

async function readFields(c: Context<LocalApiEnv>): Promise<Record<string, unknown>> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    const body: unknown = await c.req.json().catch(() => {
      throw invalidAi("The body is not valid JSON.");
    });
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw invalidAi("The JSON body must be an object.");
    }
    return body as Record<string, unknown>;
  }
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    const upload = await readUpload(c, invalidAi);
    if (upload.file) throw invalidAi("Generative operations take image_url, not a file upload.");
    if (upload.problems.length > 0)
      throw invalidAi(`The form is malformed: ${listProblems(upload.problems)}.`);
    return Object.fromEntries(upload.fields);
  }
  throw invalidAi("Send the fields as application/json or as a form.");
}

function readCount(raw: unknown): number {
  if (raw === undefined) return 1;
  const value = typeof raw === "string" && /^\d{1,3}$/.test(raw) ? Number(raw) : raw;
  if (
    typeof value !== "number" ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > MAX_RESULTS_PER_SUBMISSION
  ) {
    throw invalidAi(`n must be a whole number from 1 to ${MAX_RESULTS_PER_SUBMISSION}.`);
  }
  return value;
}

async function readGenerativeWork(
  c: Context<LocalApiEnv>,
  operation: AiOperation,
  policy: OutboundPolicy,
  ownBase: string,
): Promise<AiWork> {
  const { model, prompt, image_url, n, ...options } = await readFields(c);
  if (typeof model !== "string" || model.trim() === "") {
    throw invalidAi(`model is required for ${operation} (see GET /v3/ai/models).`);
  }
  if (prompt !== undefined && (typeof prompt !== "string" || prompt.length > MAX_PROMPT_CHARS)) {
    throw invalidAi(`prompt must be text of at most ${MAX_PROMPT_CHARS} characters.`);
  }
  if (operation.startsWith("text-to-") && (typeof prompt !== "string" || prompt.trim() === "")) {
    throw invalidAi(`${operation} needs a prompt.`);
  }
  const imageInput = AI_IMAGE_INPUT[operation];
  if (image_url !== undefined && imageInput === "none") {
    throw invalidAi(`${operation} takes no image; image_url is not accepted.`);
  }
  if (image_url === undefined && imageInput === "required")
    throw invalidAi(`${operation} needs an image_url.`);
  let checkedUrl: string | undefined;
  if (image_url !== undefined) {
    const url = parseOutboundUrl(422, "image_url", image_url);
    if (!isOwnPreview(url, ownBase)) checkHostSpelling(422, "image_url", url, policy);
    checkedUrl = url.href;
  }
  return {
    operation,
    model,
    ...(typeof prompt === "string" ? { prompt } : {}),
    ...(checkedUrl ? { image_url: checkedUrl } : {}),
    count: readCount(n),
    options,
  };
}

/** `ownBase`: the origin of this server's own links (its public base URL or the request's origin). */
export function readAiWork(
  c: Context<LocalApiEnv>,
  operation: AiOperation,
  policy: OutboundPolicy,
  ownBase: string,
): Promise<AiWork> {
  return AI_UPLOAD_OPERATIONS.includes(operation)
    ? readUploadWork(c, operation)
    : readGenerativeWork(c, operation, policy, ownBase);
}
