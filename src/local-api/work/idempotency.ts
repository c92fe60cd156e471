// Idempotency keys per client and key (spec "Idempotency key runs"). A key is claimed synchronously,
// in the same tick as the credits are reserved, so two concurrent requests with one key can never
// both start work: the second finds the claim and is answered from it.
//
// Keys live for a day and are recorded in the state journal with the jobs and tasks they point at, so
// a repeat after a restart still gets its answer (and is never charged again). Reservations are not
// saved: a run a restart cut short was never charged, and its key answers already_failed.
//
// Keys are bounded, so a caller cannot grow the state with requests that fail (each failure is free):
// a failed run's key is kept for an hour, at most FAILED_KEYS_PER_CLIENT of them per client, and
// each client keeps at most KEYS_PER_CLIENT keys, dropping failed runs, then the oldest settled ones.
// A key whose work still runs is never dropped: neither a claim in flight nor a render or AI run
// already answered 202 whose job or tasks have not finished (asked live through `isRunning`), since
// a retry under a dropped key would start the work, and charge it, a second time. The spec's table holds for every key kept; it sets no
// lifetime, and a dropped failed key costs nothing when reused (its run charged nothing).

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

/** Told of every change to a key (undefined: it is gone), to record it in the state journal. */
export type KeySink = (id: string, entry: Entry | undefined) => void;

/** Whether the job or tasks a settled run points at are still running (app.ts asks the stores). */
export type RunningLookup = (run: IdempotentRun) => boolean;

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long a failed run's key answers already_failed. */
export const FAILED_KEY_WINDOW_MS = 60 * 60 * 1000;
export const FAILED_KEYS_PER_CLIENT = 1000;
export const KEYS_PER_CLIENT = 20_000;
const PRUNE_EVERY = 256;

const isFailed = (entry: Entry) => entry.run.state === "failed";
const isInFlight = (entry: Entry) =>
  (entry.run.family === "conversion" && entry.run.state === "in_flight") ||
  (entry.run.family === "ai" && entry.run.state === "in_flight" && !entry.run.taskIds);

interface ClientCounts {
  total: number;
  failed: number;
}

export class IdempotencyStore {
  /** Oldest change first: an update moves a key to the end. */
  private readonly entries = new Map<string, Entry>();
  private readonly counts = new Map<string, ClientCounts>();
  private claims = 0;

  constructor(
    private readonly now: () => number,
    private readonly onChange: KeySink = () => {},
    private readonly isRunning: RunningLookup = () => false,
  ) {}

  /** Keys from the state journal; runs a restart cut short count as failed (nothing was charged). */
  restore(entries: ReadonlyArray<[string, Entry]>): void {
    for (const [id, entry] of entries) {
      const cut = isInFlight(entry);
      this.put(id, cut ? { at: entry.at, run: { family: entry.run.family, state: "failed" } } : entry, false);
    }
    this.prune();
  }

  snapshot(): Array<[string, Entry]> {
    return [...this.entries];
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Claims `key` for `run` when it is free and returns undefined; otherwise returns the run already
   * recorded under it (the caller answers from that and does no work).
   */
  claim(clientId: string, key: string, run: IdempotentRun): IdempotentRun | undefined {
    if (++this.claims % PRUNE_EVERY === 0) this.prune();
    const id = this.id(clientId, key);
    const existing = this.entries.get(id);
    if (existing && this.isLive(existing)) return existing.run;
    this.put(id, { run, at: this.now() });
    this.bound(clientId);
    return undefined;
  }

  /** Records how the claimed run went on. */
  settle(clientId: string, key: string, run: IdempotentRun): void {
    const id = this.id(clientId, key);
    const entry = this.entries.get(id);
    if (!entry) return;
    this.put(id, { ...entry, run });
    if (run.state === "failed") this.bound(clientId);
  }

  /** Frees a claim whose request did nothing at all (e.g. refused for quota before any work). */
  forget(clientId: string, key: string): void {
    this.drop(this.id(clientId, key));
  }

  /** Drops every key past its window (also run by the state's periodic sweep). */
  prune(): void {
    for (const [id, entry] of this.entries) if (!this.isLive(entry)) this.drop(id);
  }

  private isLive(entry: Entry): boolean {
    const age = this.now() - entry.at;
    return age < (isFailed(entry) ? FAILED_KEY_WINDOW_MS : IDEMPOTENCY_WINDOW_MS);
  }

  /** Brings one client back within its bounds: oldest failed keys first, then the oldest settled. */
  private bound(clientId: string): void {
    const counts = this.countsOf(clientId);
    if (counts.failed <= FAILED_KEYS_PER_CLIENT && counts.total <= KEYS_PER_CLIENT) return;
    // Down to 90% of the total, so the scan runs once per thousands of claims, not on every one.
    const totalTarget = counts.total > KEYS_PER_CLIENT ? Math.floor(KEYS_PER_CLIENT * 0.9) : KEYS_PER_CLIENT;
    const prefix = `${clientId}\n`;
    for (const pass of ["failed", "settled"] as const) {
      for (const [id, entry] of this.entries) {
        if (counts.total <= totalTarget && (pass === "settled" || counts.failed <= FAILED_KEYS_PER_CLIENT)) {
          break;
        }
        if (!id.startsWith(prefix) || isInFlight(entry) || this.isRunning(entry.run)) continue;
        if (pass === "failed" ? isFailed(entry) : true) this.drop(id);
      }
    }
  }

  private put(id: string, entry: Entry, journal = true): void {
    const before = this.entries.get(id);
    const counts = this.countsOf(this.clientOf(id));
    if (before) {
      counts.total -= 1;
      if (isFailed(before)) counts.failed -= 1;
      this.entries.delete(id); // re-inserted last: the map stays in order of change
    }
    this.entries.set(id, entry);
    counts.total += 1;
    if (isFailed(entry)) counts.failed += 1;
    if (journal) this.onChange(id, entry);
  }

  private drop(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    const counts = this.countsOf(this.clientOf(id));
    counts.total -= 1;
    if (isFailed(entry)) counts.failed -= 1;
    this.onChange(id, undefined);
  }

  private countsOf(clientId: string): ClientCounts {
    let counts = this.counts.get(clientId);
    if (!counts) {
      counts = { total: 0, failed: 0 };
      this.counts.set(clientId, counts);
    }
    return counts;
  }

  private clientOf(id: string): string {
    return id.slice(0, id.indexOf("\n"));
  }

  private id(clientId: string, key: string): string {
    return `${clientId}\n${key}`;
  }
}
