// Idempotency keys per client and key (spec "Idempotency key runs"). A key is claimed synchronously,
// in the same tick as the credits are reserved, so two concurrent requests with one key can never
// both start work: the second finds the claim and is answered from it.
//
// Keys live for a day and are saved in the state folder with the jobs and tasks they point at, so a
// repeat after a restart still gets its answer (and is never charged again). Reservations are not
// saved: a run a restart cut short was never charged, and its key answers already_failed.

export type IdempotentRun =
  /** A conversion whose request has not answered yet (a sync conversion running). */
  | { family: "conversion"; state: "in_flight" }
  /** A sync conversion streamed its output, which is not kept. */
  | { family: "conversion"; state: "completed_sync" }
  /** An async render was queued: repeats get its job (or already_failed once the job failed). */
  | { family: "conversion"; state: "job"; jobId: string }
  | { family: "conversion"; state: "failed" }
  /** AI work: before dispatch taskIds is absent; after, repeats list the tasks. */
  | { family: "ai"; state: "in_flight"; taskIds?: string[] }
  | { family: "ai"; state: "failed" };

export interface Entry {
  run: IdempotentRun;
  at: number;
}

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY = 256;

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();
  private claims = 0;

  constructor(
    private readonly now: () => number,
    private readonly onChange: () => void = () => {},
  ) {}

  /** Keys from the state file; runs a restart cut short count as failed (nothing was charged). */
  restore(entries: ReadonlyArray<[string, Entry]>): void {
    for (const [id, entry] of entries) {
      const run = entry.run;
      const cut =
        (run.family === "conversion" && run.state === "in_flight") ||
        (run.family === "ai" && run.state === "in_flight" && !run.taskIds);
      this.entries.set(
        id,
        cut ? { at: entry.at, run: { family: run.family, state: "failed" } as IdempotentRun } : entry,
      );
    }
  }

  snapshot(): Array<[string, Entry]> {
    return [...this.entries];
  }

  /**
   * Claims `key` for `run` when it is free and returns undefined; otherwise returns the run already
   * recorded under it (the caller answers from that and does no work).
   */
  claim(clientId: string, key: string, run: IdempotentRun): IdempotentRun | undefined {
    if (++this.claims % PRUNE_EVERY === 0) this.prune();
    const id = this.id(clientId, key);
    const existing = this.entries.get(id);
    if (existing && this.now() - existing.at < IDEMPOTENCY_WINDOW_MS) return existing.run;
    this.entries.set(id, { run, at: this.now() });
    this.onChange();
    return undefined;
  }

  /** Records how the claimed run went on. */
  settle(clientId: string, key: string, run: IdempotentRun): void {
    const entry = this.entries.get(this.id(clientId, key));
    if (entry) entry.run = run;
    this.onChange();
  }

  /** Frees a claim whose request did nothing at all (e.g. refused for quota before any work). */
  forget(clientId: string, key: string): void {
    this.entries.delete(this.id(clientId, key));
    this.onChange();
  }

  private id(clientId: string, key: string): string {
    return `${clientId}\n${key}`;
  }

  private prune(): void {
    const cutoff = this.now() - IDEMPOTENCY_WINDOW_MS;
    for (const [id, entry] of this.entries) if (entry.at < cutoff) this.entries.delete(id);
  }
}
