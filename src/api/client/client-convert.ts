// File conversion: submit (sync answers the file, async a job), poll a job, list the operations.

import { ApiError, abortedError, invalidRequest, networkError } from "../contract/errors";
import { CONVERSIONS, type ConversionOperation } from "../contract/tables";
import { validateIdempotencyKey } from "../contract/validate/headers";
import { validateUploadSize } from "../contract/validate/upload";
import { checkInteger } from "../contract/validate/values";
import { answersWithJob, readCatalogue, readJob } from "./answer-readers";
import type { CallOptions } from "./client-assets";
import { readCreditsConsumed } from "./headers";
import { explainIdempotencyConflict } from "./idempotency";
import type { CatalogueAnswer, ConversionOperationEntry, ConvertAnswer, JobAnswer } from "./method-results";
import { invalidResponse, meta, readEnvelope, retryAfter } from "./success-envelope";
import type { Exchange, Transport } from "./transport";

export interface ConvertOptions extends CallOptions {
  /** Sent with Lottie renders. */
  width?: number;
  height?: number;
  /** Sent with svg-to-lottie. */
  preset?: string;
  /** Makes the call retryable and guards against a double charge. */
  idempotencyKey?: string;
  /** The plan's ceiling from conversionOperations(); checked before the upload leaves. */
  maxUploadKb?: number;
}

export function unknownOperation(operation: string, known: readonly string[]): ApiError {
  return new ApiError(
    404,
    "unknown_operation",
    `Unknown operation ${JSON.stringify(operation)}; known: ${known.join(", ")}.`,
  );
}

function conversionForm(file: Blob, options: ConvertOptions): FormData {
  if (!(file instanceof Blob)) throw invalidRequest("file must be a file.");
  if (file.size === 0) throw invalidRequest("file is empty.");
  validateUploadSize(file.size, options.maxUploadKb);
  const form = new FormData();
  form.append("file", file, (file as File).name || "upload");
  if (options.width !== undefined) form.append("width", String(checkInteger("width", options.width, 1)));
  if (options.height !== undefined) form.append("height", String(checkInteger("height", options.height, 1)));
  if (options.preset !== undefined) {
    if (typeof options.preset !== "string" || options.preset === "")
      throw invalidRequest("preset must be a non-empty string.");
    form.append("preset", options.preset);
  }
  return form;
}

async function jobAnswer(exchange: Exchange, signal?: AbortSignal): Promise<JobAnswer> {
  const { response } = await readEnvelope(exchange, signal);
  const job = readJob(response);
  if (!job) throw invalidResponse(exchange.response.status, "carries no job uuid");
  return { job, ...retryAfter(exchange), ...meta(exchange) };
}

export function conversionMethods(transport: Transport) {
  return {
    /**
     * Converts one file. Synchronous operations resolve to the file ({ kind: "file" }), asynchronous ones
     * to the job to poll ({ kind: "job" }), including the original job when a key is repeated.
     */
    async convert(
      operation: ConversionOperation,
      file: Blob,
      options: ConvertOptions = {},
    ): Promise<ConvertAnswer> {
      const spec = (CONVERSIONS as Record<string, (typeof CONVERSIONS)[ConversionOperation]>)[operation];
      if (!spec) throw unknownOperation(operation, Object.keys(CONVERSIONS));
      if (options.idempotencyKey !== undefined) validateIdempotencyKey(options.idempotencyKey);
      let exchange: Exchange;
      try {
        exchange = await transport.send({
          method: "POST",
          path: `/v3/convert/${operation}`,
          body: conversionForm(file, options),
          ...(options.idempotencyKey === undefined ? {} : { idempotencyKey: options.idempotencyKey }),
          signal: options.signal,
        });
      } catch (error) {
        throw explainIdempotencyConflict(error, "conversion");
      }
      const { response } = exchange;
      const contentType = response.headers.get("content-type") ?? "";
      if (answersWithJob(response.status, spec.mode, contentType)) {
        const answer = await jobAnswer(exchange, options.signal);
        const location = response.headers.get("location");
        return { kind: "job", ...answer, ...(location ? { location } : {}) };
      }
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await response.arrayBuffer());
      } catch (cause) {
        // Not retried: the service may have converted and charged, and a repeated key only says so.
        if (options.signal?.aborted) throw abortedError(options.signal);
        throw networkError(cause);
      }
      const creditsConsumed = readCreditsConsumed(response.headers);
      return {
        kind: "file",
        bytes,
        contentType: contentType || spec.contentType,
        ...(creditsConsumed === undefined ? {} : { creditsConsumed }),
        ...meta(exchange),
      };
    },

    async conversionJob(uuid: string, options: CallOptions = {}): Promise<JobAnswer> {
      if (typeof uuid !== "string" || uuid === "") throw invalidRequest("job (the job uuid) is required.");
      const exchange = await transport.send({
        method: "GET",
        path: `/v3/convert/jobs/${encodeURIComponent(uuid)}`,
        signal: options.signal,
      });
      return jobAnswer(exchange, options.signal);
    },

    async conversionOperations(
      options: CallOptions = {},
    ): Promise<CatalogueAnswer<ConversionOperationEntry>> {
      const exchange = await transport.send({
        method: "GET",
        path: "/v3/convert/operations",
        signal: options.signal,
      });
      const { response } = await readEnvelope(exchange, options.signal);
      return { ...readCatalogue<ConversionOperationEntry>(response), raw: response, ...meta(exchange) };
    },
  };
}
