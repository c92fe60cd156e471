// AI tasks: one per piece of work a submission produced. PENDING until it starts, IN_PROGRESS while it
// runs, then COMPLETED (result stored, its reserved credits charged) or FAILED (credits given back).
// Work done here (vectorize, remove-background) waits for a slot in the bounded work queue; a
// provider's work is remote, so it starts at once.

import { randomUUID } from "node:crypto";
import type { AiOperation } from "../../api/contract/tables";
import { INTERRUPTED } from "../convert/jobs";
import { isEngineError } from "../engines";
import { apiErrorOf } from "../http/engine-errors";
import type { CreditLedger } from "../state/ledger";
import { OwnedStore } from "../work/owned-store";
import type { WorkQueue } from "../work/queue";
import type { ResultStore, StoredResult } from "../work/results";
import type { AiOutput, AiTaskRun } from "./provider";

export type AiTaskStatus = "PENDING" | "IN_PROGRESS" | "COMPLETED" | "FAILED";

export interface AiTaskRecord {
  task_id: string;
  owner: string;
  operation: AiOperation;
  status: AiTaskStatus;
  finished: boolean;
  result?: StoredResult;
  error?: { reason: string; message: string };
  /** When it finished, by the service's clock: its result is kept RESULT_KEPT_MS from then. */
  finishedAt?: number;
}

export class AiTasks {
  private readonly store: OwnedStore<AiTaskRecord>;

  constructor(
    private readonly deps: {
      queue: WorkQueue;
      results: ResultStore;
      ledger: CreditLedger;
      /** The service's clock (the one idempotency keys and result keeping are measured on). */
      now: () => number;
      /** Called after every change of a task, so the state journal follows (in the same step). */
      onChange: (task: AiTaskRecord) => void;
      /** Called when a task is no longer kept. */
      onDrop: (task: AiTaskRecord) => void;
    },
  ) {
    this.store = new OwnedStore<AiTaskRecord>(undefined, (task) => {
      deps.results.remove(task.result);
      deps.onDrop(task);
    });
  }

  /** Tasks from the state file; those a restart cut short become FAILED (nothing was charged). */
  restore(tasks: readonly AiTaskRecord[]): void {
    for (const task of tasks) {
      if (!task.finished) Object.assign(task, { status: "FAILED", finished: true, error: INTERRUPTED });
      task.finishedAt ??= this.deps.now(); // older records: kept a full window from this start
      this.store.add(task.task_id, task);
    }
  }

  snapshot(): AiTaskRecord[] {
    return this.store.values();
  }

  start(
    owner: string,
    operation: AiOperation,
    run: AiTaskRun,
    reservationId: string,
    where: "queue" | "provider",
  ): AiTaskRecord {
    const task_id = randomUUID();
    const task = this.store.add(task_id, { task_id, owner, operation, status: "PENDING", finished: false });
    this.deps.ledger.tag(reservationId, { task: task_id });
    this.deps.onChange(task);
    const begin = () => {
      task.status = "IN_PROGRESS";
      this.deps.onChange(task);
    };
    let work: Promise<AiOutput>;
    if (where === "queue") work = this.deps.queue.run(run, begin);
    else {
      begin();
      work = Promise.resolve().then(run);
    }
    void this.settle(task, work, reservationId);
    return task;
  }

  /** Forgets a task and deletes its result. */
  drop(taskId: string): void {
    this.store.delete(taskId);
  }

  peek(taskId: string): AiTaskRecord | undefined {
    return this.store.peek(taskId);
  }

  get(taskId: string, owner: string): AiTaskRecord | undefined {
    return this.store.get(taskId, owner);
  }

  /** True when every listed task has finished (an unknown id counts as finished: nothing runs). */
  allFinished(taskIds: readonly string[]): boolean {
    return taskIds.every((id) => this.store.peek(id)?.finished ?? true);
  }

  private async settle(task: AiTaskRecord, work: Promise<AiOutput>, reservationId: string) {
    try {
      const output = await work;
      task.result = await this.deps.results.put(task.task_id, output.extension, output.bytes);
      this.deps.ledger.commit(reservationId);
      task.status = "COMPLETED";
    } catch (error) {
      this.deps.ledger.release(reservationId);
      // Engine failures keep their v3 reason; a provider's own failure is reported as such.
      const failure = isEngineError(error) ? apiErrorOf(error) : undefined;
      task.error = failure
        ? { reason: failure.reason, message: failure.message }
        : {
            reason: "provider_failed",
            message: `The provider could not finish: ${(error as Error)?.message ?? error}`,
          };
      task.status = "FAILED";
    } finally {
      task.finished = true;
      task.finishedAt = this.deps.now();
      this.deps.onChange(task);
    }
  }
}
