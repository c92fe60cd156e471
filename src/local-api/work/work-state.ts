// The work state file (work.json in the state folder): idempotency keys, conversion jobs and AI tasks,
// saved after every change (writes are coalesced by JsonStateFile) and restored at start.

import type { AiTaskRecord, AiTasks } from "../ai/tasks";
import type { ConversionJob, ConversionJobs } from "../convert/jobs";
import { JsonStateFile } from "../state/json-file";
import type { Entry, IdempotencyStore } from "./idempotency";

interface WorkDocument {
  version: 1;
  keys: Array<[string, Entry]>;
  jobs: ConversionJob[];
  tasks: AiTaskRecord[];
}

export class WorkState {
  private readonly file: JsonStateFile<WorkDocument>;
  private parts: { keys: IdempotencyStore; jobs: ConversionJobs; tasks: AiTasks } | undefined;

  constructor(stateDir: string) {
    this.file = new JsonStateFile<WorkDocument>(stateDir, "work.json");
  }

  /** Loads what the last run saved into the stores, then saves after every change. */
  attach(keys: IdempotencyStore, jobs: ConversionJobs, tasks: AiTasks): void {
    const saved = this.file.load({ version: 1, keys: [], jobs: [], tasks: [] });
    if (saved?.version === 1) {
      keys.restore(Array.isArray(saved.keys) ? saved.keys : []);
      jobs.restore(Array.isArray(saved.jobs) ? saved.jobs : []);
      tasks.restore(Array.isArray(saved.tasks) ? saved.tasks : []);
    }
    this.parts = { keys, jobs, tasks };
  }

  /** The stores' change hook. */
  readonly changed = (): void => {
    const parts = this.parts;
    if (!parts) return;
    this.file.save(() => ({
      version: 1,
      keys: parts.keys.snapshot(),
      jobs: parts.jobs.snapshot(),
      tasks: parts.tasks.snapshot(),
    }));
  };

  flush(): Promise<void> {
    return this.file.flush();
  }
}
