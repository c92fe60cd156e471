// Asynchronous renders (the four Lottie renders): a job is queued, runs in the bounded work queue,
// and ends completed (its output stored, the reserved credits charged) or failed (credits released).
// Statuses: queued -> processing -> completed | failed.

import { randomUUID } from "node:crypto";
import { CONVERSIONS, type ConversionOperation } from "../../api/contract/tables";
import { type ConversionParams, runConversion } from "../engines";
import { apiErrorOf } from "../http/engine-errors";
import type { CreditLedger } from "../state/ledger";
import { OwnedStore } from "../work/owned-store";
import type { WorkQueue } from "../work/queue";
import type { ResultStore, StoredResult } from "../work/results";

export type JobStatus = "queued" | "processing" | "completed" | "failed";

export interface ConversionJob {
  uuid: string;
  owner: string;
  operation: ConversionOperation;
  status: JobStatus;
  finished: boolean;
  result?: StoredResult;
  error?: { reason: string; message: string };
  /** Credits taken once finished: the operation's cost when completed, 0 when failed. */
  creditsCharged?: number;
  /** When it finished, by the service's clock: its result is kept RESULT_KEPT_MS from then. */
  finishedAt?: number;
}

export interface JobDeps {
  queue: WorkQueue;
  results: ResultStore;
  ledger: CreditLedger;
  /** Time limit of one render, in ms. */
  renderTimeoutMs: number;
  /** The service's clock (the one idempotency keys and result keeping are measured on). */
  now: () => number;
  /** Called after every change of a job, so the state journal follows (in the same step). */
  onChange: (job: ConversionJob) => void;
  /** Called when a job is no longer kept. */
  onDrop: (job: ConversionJob) => void;
}

/** What a job left unfinished by a restart says (its credits were only reserved, so nothing was charged). */
export const INTERRUPTED = {
  reason: "interrupted",
  message: "The server restarted before this finished; nothing was charged. Submit it again with a new key.",
};

export class ConversionJobs {
  private readonly store: OwnedStore<ConversionJob>;

  constructor(private readonly deps: JobDeps) {
    this.store = new OwnedStore<ConversionJob>(undefined, (job) => {
      deps.results.remove(job.result);
      deps.onDrop(job);
    });
  }

  /** Queues the render; `reservationId` is committed when it completes, released when it fails. */
  start(
    owner: string,
    operation: ConversionOperation,
    input: Uint8Array,
    params: ConversionParams,
    reservationId: string,
  ): ConversionJob {
    const uuid = randomUUID();
    const job = this.store.add(uuid, { uuid, owner, operation, status: "queued", finished: false });
    this.deps.ledger.tag(reservationId, { job: uuid });
    this.deps.onChange(job);
    void this.run(job, input, params, reservationId);
    return job;
  }

  /** Jobs from the state file; those a restart cut short become failed (nothing was charged). */
  restore(jobs: readonly ConversionJob[]): void {
    for (const job of jobs) {
      if (!job.finished)
        Object.assign(job, { status: "failed", finished: true, error: INTERRUPTED, creditsCharged: 0 });
      job.finishedAt ??= this.deps.now(); // older records: kept a full window from this start
      this.store.add(job.uuid, job);
    }
  }

  snapshot(): ConversionJob[] {
    return this.store.values();
  }

  /** Forgets a job and deletes its result. */
  drop(uuid: string): void {
    this.store.delete(uuid);
  }

  get(uuid: string, owner: string): ConversionJob | undefined {
    return this.store.get(uuid, owner);
  }

  peek(uuid: string): ConversionJob | undefined {
    return this.store.peek(uuid);
  }

  private async run(job: ConversionJob, input: Uint8Array, params: ConversionParams, reservationId: string) {
    try {
      const output = await this.deps.queue.run(
        () => runConversion(job.operation, input, params, { timeoutMs: this.deps.renderTimeoutMs }),
        () => {
          job.status = "processing";
          this.deps.onChange(job);
        },
      );
      job.result = await this.deps.results.put(job.uuid, CONVERSIONS[job.operation].output, output);
      job.creditsCharged = this.deps.ledger.commit(reservationId).credits;
      job.status = "completed";
    } catch (error) {
      const failure = apiErrorOf(error);
      this.deps.ledger.release(reservationId);
      job.creditsCharged = 0;
      job.error = { reason: failure.reason, message: failure.message };
      job.status = "failed";
    } finally {
      job.finished = true;
      job.finishedAt = this.deps.now();
      this.deps.onChange(job);
    }
  }
}
