// The typed client of the v3 service (or of the proxy, which answers at the same paths): one method per
// endpoint, the retry rules of transport.ts, and the polling helpers bound to this client.

import type { AiTask, ConversionJob } from "../contract/spec-objects";
import { aiMethods } from "./client-ai";
import { assetMethods } from "./client-assets";
import { conversionMethods } from "./client-convert";
import { type PollOptions, pollAiTasks, pollConversionJob } from "./polling";
import { createTransport, type Transport, type TransportOptions } from "./transport";

export type { AiSubmitOptions, GenerativeInput, UploadInput } from "./client-ai";
export type { CallOptions, DownloadInput } from "./client-assets";
export type { ConvertOptions } from "./client-convert";
export type { PollOptions } from "./polling";
export type { RetryPolicy, Sleep } from "./transport";

export type ClientOptions = TransportOptions;

export function createClient(options: ClientOptions) {
  return clientOver(createTransport(options));
}

/** The client over a transport the caller also uses (the ui's file fetcher shares its retry rules). */
export function clientOver(transport: Transport) {
  const conversions = conversionMethods(transport);
  const ai = aiMethods(transport);
  const deps = { ...conversions, ...ai, wait: transport.wait };
  return {
    ...assetMethods(transport),
    ...conversions,
    ...ai,
    /** Follows a job (or its uuid) until finished; resolves to the last job seen. */
    pollConversionJob(job: string | ConversionJob, pollOptions?: PollOptions<ConversionJob>) {
      return pollConversionJob(deps, job, pollOptions);
    },
    /** Follows every task until COMPLETED or FAILED; resolves to the tasks in the given order. */
    pollAiTasks(tasks: readonly (string | AiTask)[], pollOptions?: PollOptions<AiTask[]>) {
      return pollAiTasks(deps, tasks, pollOptions);
    },
  };
}

export type ApiClient = ReturnType<typeof createClient>;

// What callers of the client reach for most, from one place.
export { ApiError, isApiError } from "../contract/errors";
export { newIdempotencyKey } from "../contract/validate/headers";
export {
  isJobFailed,
  isJobFinished,
  isJobQueued,
  isTaskFailed,
  isTaskFinished,
  isTaskQueued,
  jobCreditsCharged,
  resultUrlOf,
} from "./answer-readers";
