// Credits and work in one durable record (the "work" snapshot and journal in the state folder, see
// state/journal.ts): the ledger's charges, idempotency keys, conversion jobs and AI tasks. A charge
// and the job or task it pays for change in one synchronous step, so they reach the disk in one line:
// after a crash a job is either completed and charged or interrupted and not charged, never one
// without the other. State kept in the older separate files (credits.json, work.json) is imported
// once, then those files are removed.

import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { AiTaskRecord, AiTasks } from "../ai/tasks";
import type { ConversionJob, ConversionJobs } from "../convert/jobs";
import { type BackgroundInterval, backgroundInterval } from "../state/background-interval";
import { Journal, type JournalFormat } from "../state/journal";
import { readJsonState } from "../state/json-file";
import {
  applyUsage,
  type CreditLedger,
  emptyLedger,
  type LedgerDocument,
  loadLedger,
  type UsageEvent,
} from "../state/ledger";
import { problemOf, StateFileError } from "../state/state-file-error";
import { lockStateFolder, type StateLock } from "../state/state-lock";
import type { Entry, IdempotencyStore } from "./idempotency";
import { sweepResults } from "./result-sweep";
import type { ResultStore } from "./results";

export type WorkOp =
  | { op: "usage"; client: string; period: string; event: UsageEvent }
  | { op: "key"; id: string; entry: Entry }
  | { op: "key-"; id: string }
  | { op: "job"; job: ConversionJob }
  | { op: "job-"; uuid: string }
  | { op: "task"; task: AiTaskRecord }
  | { op: "task-"; id: string };

/** The replayed state, in order of change (maps, so replaying a change to one record is cheap). */
export interface WorkDocument {
  ledger: LedgerDocument;
  keys: Map<string, Entry>;
  jobs: Map<string, ConversionJob>;
  tasks: Map<string, AiTaskRecord>;
}

/** How often results past their keeping are deleted (also once at start). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

const empty = (): WorkDocument => ({
  ledger: emptyLedger(),
  keys: new Map(),
  jobs: new Map(),
  tasks: new Map(),
});

function arrayOf(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not a list`);
  return value;
}

/** Reads the snapshot's document (the keys, jobs and tasks arrays of the older work.json too). */
function loadWork(stored: unknown, ledger?: LedgerDocument): WorkDocument {
  const value = stored as { ledger?: unknown; keys?: unknown; jobs?: unknown; tasks?: unknown };
  if (typeof value !== "object" || value === null) throw new Error("it is not an object");
  const document = { ...empty(), ledger: ledger ?? loadLedger(value.ledger) };
  for (const pair of arrayOf(value.keys, "keys")) {
    const [id, entry] = pair as [string, Entry];
    if (typeof id !== "string" || typeof entry?.at !== "number" || !entry.run) throw new Error("bad key");
    document.keys.set(id, entry);
  }
  for (const job of arrayOf(value.jobs, "jobs") as ConversionJob[]) {
    if (typeof job?.uuid !== "string") throw new Error("a job has no uuid");
    document.jobs.set(job.uuid, job);
  }
  for (const task of arrayOf(value.tasks, "tasks") as AiTaskRecord[]) {
    if (typeof task?.task_id !== "string") throw new Error("a task has no task_id");
    document.tasks.set(task.task_id, task);
  }
  return document;
}

/** Applies one journal op; a change to a key moves it last, as the live store does. */
function applyWork(document: WorkDocument, op: WorkOp): void {
  switch (op?.op) {
    case "usage":
      applyUsage(document.ledger, op.client, op.period, op.event);
      return;
    case "key":
      document.keys.delete(op.id);
      document.keys.set(op.id, op.entry);
      return;
    case "key-":
      document.keys.delete(op.id);
      return;
    case "job":
      document.jobs.set(op.job.uuid, op.job);
      return;
    case "job-":
      document.jobs.delete(op.uuid);
      return;
    case "task":
      document.tasks.set(op.task.task_id, op.task);
      return;
    case "task-":
      document.tasks.delete(op.id);
      return;
    default:
      throw new Error(`unknown change ${JSON.stringify(String((op as { op?: unknown })?.op)).slice(0, 40)}`);
  }
}

const FORMAT: JournalFormat<WorkDocument, WorkOp> = {
  empty,
  load: (stored) => loadWork(stored),
  apply: applyWork,
};

const LEGACY = ["credits.json", "work.json"];

/** First start after an upgrade: the older separate files, read strictly (a damaged one is refused). */
function importLegacy(stateDir: string): WorkDocument {
  const [creditsPath, workPath] = LEGACY.map((name) => join(stateDir, name)) as [string, string];
  const credits = readJsonState(creditsPath);
  let ledger = emptyLedger();
  try {
    if (credits !== undefined) ledger = loadLedger(credits);
  } catch (error) {
    throw new StateFileError(creditsPath, problemOf(error));
  }
  const work = readJsonState(workPath);
  try {
    return work === undefined ? { ...empty(), ledger } : loadWork(work, ledger);
  } catch (error) {
    throw new StateFileError(workPath, problemOf(error));
  }
}

export class WorkState {
  private readonly journal: Journal<WorkDocument, WorkOp>;
  private readonly lock: StateLock;
  private sweepTimer: BackgroundInterval | undefined;

  /**
   * Locks the state folder (StateLockError when another running server holds it), then replays its
   * record (StateFileError when a file of it is damaged; the lock is released again then).
   */
  constructor(private readonly stateDir: string) {
    mkdirSync(stateDir, { recursive: true });
    this.lock = lockStateFolder(stateDir);
    try {
      this.journal = new Journal(stateDir, "work", FORMAT, () => importLegacy(stateDir));
    } catch (error) {
      this.lock.release();
      throw error;
    }
  }

  /** False once closed: a charge then would not be recorded (the ledger refuses it). */
  readonly isOpen = (): boolean => this.journal.isOpen;

  /** The ledger as replayed, for the CreditLedger (which owns it from then on). */
  get ledgerDocument(): LedgerDocument {
    return this.journal.document.ledger;
  }

  readonly usageCharged = (client: string, period: string, event: UsageEvent): void =>
    this.journal.record({ op: "usage", client, period, event });

  readonly keyChanged = (id: string, entry: Entry | undefined): void =>
    this.journal.record(entry ? { op: "key", id, entry } : { op: "key-", id });

  readonly jobHooks = {
    onChange: (job: ConversionJob) => this.journal.record({ op: "job", job }),
    onDrop: (job: ConversionJob) => this.journal.record({ op: "job-", uuid: job.uuid }),
  };

  readonly taskHooks = {
    onChange: (task: AiTaskRecord) => this.journal.record({ op: "task", task }),
    onDrop: (task: AiTaskRecord) => this.journal.record({ op: "task-", id: task.task_id }),
  };

  /**
   * Loads the replayed keys, jobs and tasks into the stores, writes a fresh snapshot (the restart's
   * "interrupted" marks included), and starts the periodic sweep of old results.
   */
  attach(parts: {
    ledger: CreditLedger;
    keys: IdempotencyStore;
    jobs: ConversionJobs;
    tasks: AiTasks;
    results: ResultStore;
    now: () => number;
  }): void {
    const saved = this.journal.document;
    parts.keys.restore([...saved.keys]);
    parts.jobs.restore([...saved.jobs.values()]);
    parts.tasks.restore([...saved.tasks.values()]);
    this.journal.snapshotFrom(() => ({
      ledger: parts.ledger.snapshot(),
      keys: parts.keys.snapshot(),
      jobs: parts.jobs.snapshot(),
      tasks: parts.tasks.snapshot(),
    }));
    // The older files go only once a snapshot holds what they held.
    if (this.journal.compact()) for (const name of LEGACY) rmSync(join(this.stateDir, name), { force: true });
    const sweep = () => {
      parts.keys.prune();
      void sweepResults(parts, parts.now()).catch((error: unknown) =>
        console.error(`local-api: could not sweep results: ${problemOf(error)}`),
      );
    };
    sweep();
    this.sweepTimer = backgroundInterval(sweep, SWEEP_EVERY_MS);
  }

  /** Writes everything recorded so far and fsyncs it. */
  flush(): void {
    this.journal.flush();
  }

  /** Compacts and closes: later changes (work still running) are not recorded, so they never half-land. */
  close(): void {
    this.sweepTimer?.stop();
    try {
      this.journal.close();
    } finally {
      this.lock.release();
    }
  }
}
