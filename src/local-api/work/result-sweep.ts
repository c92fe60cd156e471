// Result files do not outlive the records that hand out their links. A job or task hands out a fresh
// link on every poll, so a result's links live as long as its record: RESULT_KEPT_MS after the job or
// task finished (the idempotency window, so a repeated key's job still has its result), after which
// the record and its file go together. Age is measured on the service's clock, the one that stamped
// finishedAt and the keys, never against a file's mtime (the system clock: mixing the two would keep
// results forever or drop them at once whenever the clocks differ). A file that no kept record names (its record was dropped, or a
// crash came between writing the file and recording it) is an orphan and is deleted. Run at start
// and every few minutes by WorkState.

import type { AiTasks } from "../ai/tasks";
import type { ConversionJobs } from "../convert/jobs";
import { IDEMPOTENCY_WINDOW_MS } from "./idempotency";
import type { ResultStore } from "./results";

export const RESULT_KEPT_MS = IDEMPOTENCY_WINDOW_MS;

export interface SweepCount {
  orphans: number;
  expired: number;
}

export async function sweepResults(
  parts: { jobs: ConversionJobs; tasks: AiTasks; results: ResultStore },
  now: number,
): Promise<SweepCount> {
  const count: SweepCount = { orphans: 0, expired: 0 };
  for (const file of await parts.results.list()) {
    const id = file.name.slice(0, file.name.indexOf("."));
    const job = parts.jobs.peek(id);
    const record = job ?? parts.tasks.peek(id);
    if (record && !record.finished) continue; // still running: its file may be being written now
    if (record?.result?.name !== file.name) {
      parts.results.remove(file);
      count.orphans += 1;
    } else if (now - (record.finishedAt ?? now) > RESULT_KEPT_MS) {
      if (job) parts.jobs.drop(id);
      else parts.tasks.drop(id);
      count.expired += 1;
    }
  }
  return count;
}
