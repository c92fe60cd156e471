// What the client's methods resolve to. Each result carries the X-RateLimit-* figures of the answer
// (`rateLimit`, absent when the limiter sent none) and, where the body has fields the spec does not
// show, the whole `response` object as `raw`.

import type {
  AiTask,
  Asset,
  ConversionJob,
  Download,
  RateLimit,
  ReverseSearchResult,
  SearchResult,
} from "../contract/spec-objects";
import type { AiOperation, ConversionOperation, ImageInput } from "../contract/tables";

export interface Answer {
  rateLimit?: RateLimit;
}

export type SearchAnswer = SearchResult & Answer;
export type ReverseSearchAnswer = ReverseSearchResult & Answer;

export interface ItemAnswer extends Answer {
  item: Asset;
  raw: Record<string, unknown>;
}

export interface DownloadAnswer extends Answer {
  download: Download;
}

/** A synchronous conversion: the converted file itself. */
export interface ConvertedFile extends Answer {
  kind: "file";
  bytes: Uint8Array;
  contentType: string;
  /** X-Credits-Consumed. */
  creditsConsumed?: number;
}

/** An asynchronous conversion: the job to poll. */
export interface ConversionJobAnswer extends Answer {
  kind: "job";
  job: ConversionJob;
  /** Location header (GET /v3/convert/jobs/{job}), when sent. */
  location?: string;
  /** Retry-After: the polling interval in seconds. */
  retryAfterSeconds?: number;
}

export type ConvertAnswer = ConvertedFile | ConversionJobAnswer;

export interface JobAnswer extends Answer {
  job: ConversionJob;
  retryAfterSeconds?: number;
}

export interface AiSubmission extends Answer {
  /** Every task of the submission, in order. Poll them all: Location names only the first. */
  tasks: AiTask[];
  taskIds: string[];
  creditsCharged?: number;
  remainingCredits?: number;
  location?: string;
  retryAfterSeconds?: number;
  /**
   * Set when the tasks come from a 409 on a repeated Idempotency-Key (the original run's tasks, nothing
   * new dispatched or charged): the reason of that answer.
   */
  adoptedFrom?: "idempotency_in_progress" | "idempotency_already_completed";
  raw: Record<string, unknown>;
}

export interface TaskAnswer extends Answer {
  task: AiTask;
  retryAfterSeconds?: number;
}

export interface OperationEntry {
  operation: string;
  available_on_your_plan?: boolean;
  /** The credit cost; the field's real name is not shown (see answer-readers.ts). */
  creditCost?: number;
  [unknownField: string]: unknown;
}

export interface ConversionOperationEntry extends OperationEntry {
  operation: ConversionOperation | (string & {});
}

export interface AiOperationEntry extends OperationEntry {
  operation: AiOperation | (string & {});
  image_input?: ImageInput | (string & {});
}

export interface CatalogueAnswer<Entry> extends Answer {
  operations: Entry[];
  max_upload_kb?: number;
  raw: Record<string, unknown>;
}

export interface AiModel {
  model: string;
  name?: string;
  operations?: string[];
  creditCost?: number;
  [unknownField: string]: unknown;
}

export interface ModelsAnswer extends Answer {
  models: AiModel[];
  raw: Record<string, unknown>;
}

export interface Credits {
  period_start?: string;
  period_end?: string;
  [unknownField: string]: unknown;
}

export interface CreditsAnswer extends Answer {
  credits: Credits;
  raw: Record<string, unknown>;
}
